import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DbHandle } from './client.ts'
import { migrate } from './migrate.ts'
import { openTestDb } from './testing.ts'
import { categories } from './schema/index.ts'

let h: DbHandle
beforeAll(async () => {
  h = await openTestDb({ fresh: true }) // every migration on an empty database, not the migrated image
  await migrate(h) // a second run is a no-op
}, 120_000)
afterAll(() => h?.close())

describe('migrations', () => {
  it('enable the search extensions', async () => {
    const r = await h.db.execute(sql`select unaccent('Łódź') as u, earth_distance(ll_to_earth(52.23, 21.01), ll_to_earth(50.06, 19.94)) as d, 'A'::citext = 'a' as c`)
    const row = (r as unknown as { rows: { u: string; d: number; c: boolean }[] }).rows[0]
    expect(row.u).toBe('Lodz')
    expect(Number(row.d)).toBeGreaterThan(250_000)
    expect(row.c).toBe(true)
  })
  it('sync the category tree', async () => {
    const rows = await h.db.select().from(categories)
    expect(rows.find((r) => r.slug === 'kamienica-1')?.urlSlug).toBe('kamienica-dom')
    expect(rows.length).toBeGreaterThan(40)
  })
})
