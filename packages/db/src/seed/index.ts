import type { DbHandle } from '../client.ts'
import { ensurePhotoPool } from './images.ts'
import { seedContent } from './pages.ts'
import { countListings, ensureDemoUsers, insertBatched, insertHistory } from './write.ts'
import { HISTORY_LISTINGS } from './history.ts'

export { seedContent, STATIC_PAGES } from './pages.ts'
export { ensurePhotoPool, type PoolPhoto } from './images.ts'
export { generateListing, districtLevel, priceFactor, type DemoListing, type GenerateContext } from './listings.ts'
export { generateHistoryListing, HISTORY_LISTINGS, marketLevel } from './history.ts'
export { generateUsers, DEMO_EMAIL_DOMAINS, type DemoUser, type UserPool } from './users.ts'
export { ensureDemoUsers, countListings, copyBulk, insertBatched, insertHistory } from './write.ts'
export { searchNormalize, slugify } from './text.ts'
export { POOL, PHOTO_PLAN } from './pool.ts'

export interface SeedDemoOptions {
  /** DATA_DIR: pool photos go to `${dataDir}/uploads/demo/p{NN}/`. */
  dataDir: string
  /** Active listings to create (default 3000). */
  listings?: number
  /** Ended listings of the last 24 months behind the price pages (default HISTORY_LISTINGS; 0 = none). */
  history?: number
  /** PRNG seed (default 1): same seed → same data. */
  seed?: number
  /** Where the one-line summary goes: a function (e.g. a logger), true/absent = console.log, false = nowhere. */
  log?: boolean | ((message: string) => void)
}

export interface SeedSummary {
  skipped: boolean
  listings: number
  photos: number
  users: number
  pages: number
  ms: number
}

/**
 * Loads the demo data set into an empty database: static pages, demo users, `listings` active listings with
 * 3–10 photos each from a locally drawn photo pool. Does nothing (skipped: true) when listings already exist.
 */
export async function seedDemo(handle: DbHandle, opts: SeedDemoOptions): Promise<SeedSummary> {
  const t0 = performance.now()
  const count = opts.listings ?? 3000
  const seed = opts.seed ?? 1
  const pages = await seedContent(handle.db)
  if ((await countListings(handle)) > 0) {
    return { skipped: true, listings: 0, photos: 0, users: 0, pages, ms: Math.round(performance.now() - t0) }
  }
  // Drawing the pool (sharp, off the main thread) overlaps with creating the users.
  const [pool, users] = await Promise.all([ensurePhotoPool(opts.dataDir), ensureDemoUsers(handle, seed)])
  const ctx = { seed, users, now: Date.now() }
  const photos = await insertBatched(handle, { ctx, pool, startIndex: 0, count })
  // Two years of ended listings and price changes behind the price pages (issue 26).
  const history = opts.history ?? HISTORY_LISTINGS
  if (history > 0) await insertHistory(handle, ctx, history)
  const userCount = users.privates.length + users.agencies.reduce((n, a) => n + 1 + a.agents.length, 0) + users.developers.length + users.hotels.length
  const ms = Math.round(performance.now() - t0)
  const line = `demo data: ${count} listings (+${history} ended in 24 months), ${photos} photos, ${userCount} users, ${pages} pages in ${(ms / 1000).toFixed(1)} s (seed ${seed}, ${handle.driver})`
  if (typeof opts.log === 'function') opts.log(line)
  else if (opts.log !== false) console.log(line)
  return { skipped: false, listings: count, photos, users: userCount, pages, ms }
}
export { renderScene } from './scenes.ts'
export { createRng } from './random.ts'
