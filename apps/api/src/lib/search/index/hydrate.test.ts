import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { rowsOf } from '@portal/db'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { FIRST_PHOTO_JOIN, PHOTO_COLUMNS, SUMMARY_COLUMNS, cardFields, summaryOf } from '../sql.ts'
import { readCards } from './hydrate.ts'

/** The prepared cards-by-id statement answers as the SQL path's column lists (SUMMARY_COLUMNS, PHOTO_COLUMNS) do. */
describe('readCards', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let ids: number[]
  beforeAll(async () => {
    t = await createTestApp()
    ids = await insertListings(t.db, [{ photos: 3 }, {}, { photos: 1, urgent: true }, { status: 'ended' }])
  })
  afterAll(async () => { await t.close() })

  it('names the same columns as SUMMARY_COLUMNS and PHOTO_COLUMNS', () => {
    const listed = (raw: typeof SUMMARY_COLUMNS) => new Set((raw.queryChunks.map((c) => (c as { value?: string[] }).value?.join('') ?? '').join(''))
      .split(/,(?![^(]*\))/).map((c) => /(?:\bas\s+|\.)(\w+)\s*$/.exec(c.trim())?.[1]))
    expect(new Set(Object.keys(cardFields))).toEqual(new Set([...listed(SUMMARY_COLUMNS), ...listed(PHOTO_COLUMNS)]))
  })

  it('reads the rows the raw statement reads, in any order of ids, twice (prepared) and for none', async () => {
    const raw = rowsOf<Record<string, unknown>>(await t.db.db.execute(sql`select ${SUMMARY_COLUMNS}, ${PHOTO_COLUMNS}
      from listings l ${FIRST_PHOTO_JOIN} where l.id = any(${`{${ids.join(',')}}`}::bigint[]) order by l.id`))
    expect(raw).toHaveLength(4)
    const cards = (rows: Record<string, unknown>[]) => rows.map((r) => summaryOf({ ...r, promoted: false })).sort((a, b) => a.id - b.id)
    for (const order of [ids, [...ids].reverse()]) expect(cards(await readCards(t.db.db, order))).toEqual(cards(raw))
    expect(cards(raw).map((c) => c.photos_count)).toEqual([3, 0, 1, 0])
    expect(await readCards(t.db.db, [])).toEqual([])
  })
})
