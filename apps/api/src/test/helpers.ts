import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { openTestDb } from '@portal/db/testing'
import { listingPhotos, listings, users, type DbHandle } from '@portal/db'
import { buildApp, type BuildAppOptions } from '../app.ts'
import { parseEnv } from '../env.ts'

export type TestApp = Awaited<ReturnType<typeof buildApp>>

/**
 * A fresh database (PGlite, or throw-away PostgreSQL with TEST_DATABASE_URL) and an app on it with its own temporary
 * DATA_DIR (`dataDir`, for another app a test builds on the same database); close() removes all three.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {}, opts: Partial<BuildAppOptions> = {},
): Promise<{ app: TestApp; db: DbHandle; dataDir: string; close: () => Promise<void> }> {
  const db = await openTestDb()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-api-test-'))
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...envOverrides })
  // The job queue starts on the first enqueue (lib/jobs), whatever NODE_ENV the test asks for.
  const app = await buildApp({ db, env, logger: false, jobs: false, ...opts })
  await app.ready()
  // Searches go through the in-memory index from the first one (it would otherwise answer with SQL while loading).
  await app.searchIndex.load()
  return {
    app, db, dataDir,
    // Retried: a background write of the app (the index snapshot) may still be ending while the directory goes.
    close: async () => { await app.close(); await db.close(); rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) },
  }
}

/** GET /api/sanctum/csrf-cookie and return what a browser would send back. */
export async function startSession(app: TestApp): Promise<{ cookie: string; xsrf: string }> {
  const res = await app.inject('/api/sanctum/csrf-cookie')
  const jar = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]))
  return { cookie: `portal_session=${jar.portal_session}; XSRF-TOKEN=${jar['XSRF-TOKEN']}`, xsrf: jar['XSRF-TOKEN']! }
}

let seq = 0
/** Inserts a user and listings (with optional photos) directly; returns listing ids in insertion order. */
export async function insertListings(db: DbHandle, rows: Array<Partial<typeof listings.$inferInsert> & { photos?: number }>) {
  const [user] = await db.db.insert(users).values({ email: `owner${++seq}-${Date.now()}@example.com`, name: 'Jan Kowalski' })
    .returning({ id: users.id })
  const ids: number[] = []
  for (const [i, r] of rows.entries()) {
    const { photos = 0, ...values } = r
    const [row] = await db.db.insert(listings).values({
      slug: `ogloszenie-${seq}-${i}`,
      userId: user!.id,
      categoryId: 1,
      offerType: 'sell',
      status: 'active',
      title: `Mieszkanie ${i + 1}`,
      description: 'Opis',
      price: 50_000_000,
      area: 50,
      pricePerM2: 1_000_000,
      rooms: 2,
      lat: 52.23,
      lon: 21.01,
      locationName: 'Warszawa, Mokotów',
      city: 'Warszawa',
      citySlug: 'warszawa',
      district: 'Mokotów',
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      ...values,
    }).returning({ id: listings.id })
    ids.push(row!.id)
    for (let p = 0; p < photos; p++) {
      await db.db.insert(listingPhotos).values({
        listingId: row!.id, position: p, storageKey: `l${row!.id}/p${p}`, width: 1600, height: 1067,
        placeholder: 'data:image/webp;base64,AAAA',
      })
    }
  }
  return ids
}

export const nowSql = sql`now()`

/** A multipart/form-data body as a browser would send it. */
export function form(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer; field?: string }) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`))
    chunks.push(file.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** POSTs a multipart body with the session cookie and CSRF header of `jar`. */
export function upload(app: TestApp, jar: { cookie: string; xsrf: string }, url: string, body: ReturnType<typeof form>) {
  return app.inject({ method: 'POST', url, headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf, ...body.headers }, payload: body.payload })
}
