/**
 * npm run seed -- [--listings N] [--database-url URL] [--data-dir DIR] [--seed N] [--reset]
 * Tops the database up to N active listings with the demo generator: COPY on PostgreSQL, batched INSERTs on PGlite.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openDb } from '../client.ts'
import { migrate } from '../migrate.ts'
import { syncCatalogue } from '../sync-catalogue.ts'
import { ensurePhotoPool } from './images.ts'
import { seedContent } from './pages.ts'
import { copyBulk, countListings, ensureDemoUsers, insertBatched } from './write.ts'

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '3000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
if (values.help) {
  console.log('npm run seed -- [--listings N] [--database-url URL] [--data-dir DIR] [--seed N] [--reset]')
  process.exit(0)
}
const target = Number(values.listings!.replace(/_/g, ''))
const seed = Number(values.seed)
if (!Number.isInteger(target) || target < 0) throw new Error(`--listings must be a whole number, got ${values.listings}`)
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`)
const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data')
const url = values['database-url'] ?? process.env.DATABASE_URL

const t0 = performance.now()
const handle = await openDb(url ? { url } : { dataDir: path.join(dataDir, 'pglite') })
const where = url ? url.replace(/\/\/[^@/]*@/, '//***@') : `PGlite in ${path.join(dataDir, 'pglite')}`
try {
  await migrate(handle)
  await syncCatalogue(handle.db)
  await seedContent(handle.db)
  if (values.reset) {
    await handle.exec('TRUNCATE listing_photos, listings, users RESTART IDENTITY CASCADE')
    console.log('reset: listings, photos and users truncated')
  }
  const existing = await countListings(handle)
  const count = target - existing
  if (count <= 0) {
    console.log(`${where}: already ${existing} active listings (target ${target}), nothing to do`)
  } else {
    const [pool, users] = await Promise.all([ensurePhotoPool(dataDir), ensureDemoUsers(handle, seed)])
    const ctx = { seed, users, now: Date.now() }
    const started = performance.now()
    const progress = (done: number) => {
      const s = (performance.now() - started) / 1000
      process.stdout.write(`\r  ${done.toLocaleString('en')} / ${count.toLocaleString('en')} listings, ${s.toFixed(0)} s, ${Math.round(done / s).toLocaleString('en')}/s   `)
    }
    const opts = { ctx, pool, startIndex: existing, count, onProgress: count >= 5000 ? progress : undefined }
    const photos = handle.driver === 'pg' ? await copyBulk(handle, opts) : await insertBatched(handle, { ...opts, batchSize: 1000 })
    if (count >= 5000) process.stdout.write('\n')
    // VACUUM sets the visibility map: without it every index-only scan of the covering search indexes fetches the heap
    // row too, and the planner, knowing that, walks bitmaps and sorts instead (the SQL search path 5-10x slower at 1M
    // where autovacuum is off or has not run yet). One statement each: VACUUM cannot run in a multi-statement string.
    await handle.exec('VACUUM (ANALYZE) listings')
    await handle.exec('ANALYZE listing_photos; ANALYZE users')
    const s = (performance.now() - t0) / 1000
    console.log(`${where}: +${count} listings (${existing + count} active), +${photos} photos in ${s.toFixed(1)} s (seed ${seed}, ${handle.driver})`)
  }
} finally {
  await handle.close()
}
