import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitInput } from '@portal/contracts/investments'
import { createTestApp, form, upload } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { csvText, validInvestment, validUnit } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/**
 * An imported unit is written by the bulk path (lib/investments/units-bulk.ts, decision 074), a unit added alone by
 * saveUnit: both must leave the same rows in every table that names a listing (found in the catalogue, so a table a
 * later change writes from saveUnit only fails here until the bulk path writes it too).
 */
describe('bulk import = units added one by one', () => {
  let t: T
  let dev: Jar
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const d = await createUser(t.db, { email: 'bulk@example.com', type: 'developer', companyName: 'Budomex S.A.', roles: ['user', 'company'] })
    dev = await login(t.app, d.email)
  })
  afterAll(async () => { await t.close() })

  const ROWS = [
    ['A', '1', 'parter', '54,20', '3', '612 000', 'dostępne', 'nie', 'tak', 'nie', '35 000', '', '', ''],
    ['A', '2', '1', '38.5', '2', '455000,00', 'Zarezerwowane', 'tak', '', '', '', '12 000', 'Opłata za zmiany lokatorskie', '5 000'],
    ['B', '1', '4', '72', '4', '899 000 zł', 'sprzedane', 'x', '', 'tak', '', '', '', ''],
  ]
  const UNITS: UnitInput[] = [
    validUnit({ building: 'A', unit_number: '1', floor: 0, area: 54.2, rooms: 3, price: 612_000_00, status: 'dostepne', outdoor: ['ogrod'],
      extras: [{ kind: 'parking', label: 'Miejsce postojowe', price: 35_000_00 }] }),
    validUnit({ building: 'A', unit_number: '2', floor: 1, area: 38.5, rooms: 2, price: 455_000_00, status: 'zarezerwowane', outdoor: ['balkon'],
      extras: [{ kind: 'storage', label: 'Komórka lokatorska', price: 12_000_00 }, { kind: 'other', label: 'Opłata za zmiany lokatorskie', price: 5_000_00 }] }),
    validUnit({ building: 'B', unit_number: '1', floor: 4, area: 72, rooms: 4, price: 899_000_00, status: 'sprzedane', outdoor: ['balkon', 'taras'], extras: [] }),
  ]

  /** Every table with a listing_id column, and listings itself. */
  const listingTables = async () => (await t.db.query(`SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'listing_id' ORDER BY table_name`)).rows.map((r) => String(r.table_name))

  /** A listing's rows in one table without what differs between two listings anyway: ids, slugs, times. */
  async function rowsOf(table: string, listingId: number) {
    const key = table === 'listings' ? 'id' : 'listing_id'
    const rows = (await t.db.query(`SELECT * FROM "${table}" WHERE "${key}" = $1`, [listingId])).rows
    const kept = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r)
      .filter(([k, v]) => !['id', 'listing_id', 'investment_id', 'slug', 'seq'].includes(k) && k !== 'at' && !k.endsWith('_at') && !(v instanceof Date) && !/^\d{4}-\d\d-\d\d[ T]\d\d:/.test(String(v)))
      .sort(([a], [b]) => a.localeCompare(b)))))
    // The change log only has to name the listing (the per-unit path names it once per UPDATE, the bulk path once).
    return table === 'listing_changes' ? [...new Set(kept)] : kept.sort()
  }

  const unitsOf = async (invId: number) => new Map((await t.db.query('SELECT listing_id, building, unit_number FROM investment_units WHERE investment_id = $1', [invId]))
    .rows.map((r) => [`${String(r.building)}/${String(r.unit_number)}`, Number(r.listing_id)]))

  let one: { id: number }
  let bulk: { id: number }
  it('writes the same rows in every listing table as the single-unit API, for a unit on offer, a reserved one and a sold one', async () => {
    one = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Osiedle Porównanie' }))).json() as { id: number }
    bulk = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Osiedle Porównanie' }))).json() as { id: number }
    for (const u of UNITS) {
      const res = await send(t.app, dev, 'POST', `/api/investments/${one.id}/units`, u)
      expect(res.statusCode, res.body).toBe(201)
    }
    const res = await upload(t.app, dev, `/api/investments/${bulk.id}/import`, form({}, { name: 'lokale.csv', type: 'text/csv', data: Buffer.from(csvText(ROWS)) }))
    expect(res.json()).toMatchObject({ ok: true, created: 3 })

    const [a, b] = [await unitsOf(one.id), await unitsOf(bulk.id)]
    expect([...b.keys()].sort()).toEqual(['A/1', 'A/2', 'B/1'])
    const tables = await listingTables()
    expect(tables).toEqual(expect.arrayContaining(['investment_units', 'listing_changes', 'listing_meta', 'listing_moderation', 'listing_price_history']))
    for (const unit of a.keys()) {
      for (const table of ['listings', ...tables]) {
        expect(await rowsOf(table, b.get(unit)!), `${table} of ${unit}`).toEqual(await rowsOf(table, a.get(unit)!))
      }
    }
    // Not vacuous: the tables the unit path writes hold rows for the bulk-written units too.
    for (const table of ['investment_units', 'listing_meta', 'listing_price_history', 'listing_changes']) {
      expect((await rowsOf(table, b.get('A/1')!)).length, table).toBeGreaterThan(0)
    }
    expect((await rowsOf('listing_moderation', b.get('A/1')!)).length).toBe(1)
    expect((await rowsOf('listing_moderation', b.get('B/1')!)).length).toBe(0)
  })

  // The same file again with changes (decision 082: known units are updated set-based): a new price and floor, a
  // reserved unit sold (its listing ends), a sold one back on sale at a new price (its listing goes live again), against
  // the same edits made one by one through PUT …/units/{id} (saveUnit).
  const CHANGED = [
    ['A', '1', '1', '54,20', '3', '598 000', 'dostępne', 'nie', 'tak', 'nie', '35 000', '', '', ''],
    ['A', '2', '1', '38.5', '2', '455000,00', 'sprzedane', 'tak', '', '', '', '12 000', 'Opłata za zmiany lokatorskie', '5 000'],
    ['B', '1', '4', '72', '4', '880 000 zł', 'dostępne', 'x', '', 'tak', '', '', '', ''],
  ]
  const CHANGED_UNITS: [string, UnitInput][] = [
    ['A/1', { ...UNITS[0]!, floor: 1, price: 598_000_00 }],
    ['A/2', { ...UNITS[1]!, status: 'sprzedane' }],
    ['B/1', { ...UNITS[2]!, status: 'dostepne', price: 880_000_00 }],
  ]

  it('updates changed units in every listing table as the single-unit API does, and records each new price with its date', async () => {
    const [a, b] = [await unitsOf(one.id), await unitsOf(bulk.id)]
    const historyOf = async (id: number) => (await t.db.query('SELECT price, changed_at FROM listing_price_history WHERE listing_id = $1 ORDER BY changed_at, id', [id]))
      .rows.map((r) => ({ price: Number(r.price), at: new Date(r.changed_at as string).getTime() }))
    const before = await historyOf(b.get('A/1')!)
    for (const [unit, values] of CHANGED_UNITS) {
      const res = await send(t.app, dev, 'PUT', `/api/investments/${one.id}/units/${a.get(unit)!}`, values)
      expect(res.statusCode, res.body).toBe(200)
    }
    const res = await upload(t.app, dev, `/api/investments/${bulk.id}/import`, form({}, { name: 'lokale.csv', type: 'text/csv', data: Buffer.from(csvText(CHANGED)) }))
    expect(res.json()).toMatchObject({ ok: true, created: 0, updated: 3, unchanged: 0 })
    for (const unit of a.keys()) {
      for (const table of ['listings', ...await listingTables()]) {
        expect(await rowsOf(table, b.get(unit)!), `${table} of ${unit}`).toEqual(await rowsOf(table, a.get(unit)!))
      }
    }
    // The old price stays as it was (same date), the new one follows with its own date.
    const after = await historyOf(b.get('A/1')!)
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.map((h) => h.price)).toEqual([612_000_00, 598_000_00])
    expect(after[1]!.at).toBeGreaterThanOrEqual(after[0]!.at)
    expect((await historyOf(b.get('B/1')!)).map((h) => h.price)).toEqual([899_000_00, 880_000_00])
    expect((await historyOf(b.get('A/2')!)).map((h) => h.price)).toEqual([455_000_00])
    const status = async (id: number) => String((await t.db.query('SELECT status FROM listings WHERE id = $1', [id])).rows[0]!.status)
    expect(await status(b.get('A/2')!)).toBe('ended')
    expect(await status(b.get('B/1')!)).toBe('active')
    // The change log names every changed unit after the import began (the search index re-reads them).
    const named = (await t.db.query('SELECT DISTINCT listing_id FROM listing_changes WHERE listing_id = ANY($1::bigint[]) AND seq > 0', [[...b.values()]])).rows.length
    expect(named).toBe(3)

    // And once more unchanged: nothing is written, no price recorded.
    const again = await upload(t.app, dev, `/api/investments/${bulk.id}/import`, form({}, { name: 'lokale.csv', type: 'text/csv', data: Buffer.from(csvText(CHANGED)) }))
    expect(again.json()).toMatchObject({ ok: true, updated: 0, unchanged: 3 })
    expect((await historyOf(b.get('A/1')!)).length).toBe(2)
  })
})
