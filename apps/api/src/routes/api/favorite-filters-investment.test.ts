import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { savedSearchHits, savedSearches } from '@portal/db'
import { createTestApp } from '../../test/helpers.ts'
import { alertContext, makeAlertDue } from '../../test/alerts.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'
import { validInvestment, validUnit } from './investments/test-support.ts'
import { runAlerts } from '../../lib/saved-searches/alerts.ts'

/**
 * A saved search following an investment (`inwestycja`, decision 077): kept by the investment's id, named after it,
 * and its alert fires for a unit added to that investment later, not for a unit of another one.
 */
describe('saved searches following an investment', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let dev: Jar
  let buyer: Jar
  let followed: { id: number; slug: string }
  let other: { id: number; slug: string }
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off', PUBLIC_URL: 'https://portal.test' })
    dev = await login(t.app, (await createUser(t.db, { email: 'dev-ss@example.com', type: 'developer', companyName: 'Budomex', roles: ['user', 'company'] })).email)
    buyer = await login(t.app, (await createUser(t.db, { email: 'kupiec-ss@example.com' })).email)
    followed = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Zielone Tarasy' }))).json()
    other = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Słoneczne Wzgórze' }))).json()
  }, 60_000)
  afterAll(async () => { await t?.close() })

  /** Adds a unit and dates its listing a minute back (the alerts run leaves the last 10 s for late commits). */
  const addUnit = async (invId: number, over = {}) => {
    const res = await send(t.app, dev, 'POST', `/api/investments/${invId}/units`, validUnit(over))
    expect(res.statusCode, res.body).toBe(201)
    const id = (res.json() as { id: number }).id
    await t.db.exec(`UPDATE listings SET created_at = now() - interval '60 seconds' WHERE id = ${id}`)
    await t.db.exec(`UPDATE listing_meta SET published_at = now() - interval '60 seconds' WHERE listing_id = ${id}`)
    return id
  }

  it('keeps the id (a slug is read too), names the investment, and alerts for its new unit only', async () => {
    const created = await send(t.app, buyer, 'POST', '/api/favorite-filters', { filters: `inwestycja=${followed.slug}&pokoje=3`, period: 0, notification: true })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().name).toBe('Inwestycja Zielone Tarasy, 3 pokoje')
    const [row] = await t.db.db.select().from(savedSearches).where(eq(savedSearches.id, created.json().id))
    expect(row!.filters).toEqual({ pokoje: '3', inwestycja: String(followed.id) })
    const listed = (await t.app.inject({ url: '/api/favorite-filters', headers: { cookie: buyer.cookie } })).json().data[0]
    expect(listed.params).toEqual(['Inwestycja: Zielone Tarasy', 'Pokoje: 3'])
    expect(listed.url).toBe(`/szukaj?pokoje=3&inwestycja=${followed.id}`)

    await makeAlertDue(t, row!.id)
    const mine = await addUnit(followed.id, { unit_number: '11' })
    const elsewhere = await addUnit(other.id, { unit_number: '12' })
    const twoRooms = await addUnit(followed.id, { unit_number: '13', rooms: 2 })
    expect(await runAlerts(alertContext(t))).toBe(1)
    const hits = await t.db.db.select({ id: savedSearchHits.listingId }).from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, row!.id))
    expect(hits.map((h) => h.id)).toEqual([mine])
    expect([elsewhere, twoRooms]).not.toContain(hits[0]!.id)
    const bell = (await t.app.inject({ url: '/api/user/notifications', headers: { cookie: buyer.cookie } })).json().data
    expect(bell[0]).toMatchObject({ message: '1 nowe ogłoszenie dla wyszukiwania „Inwestycja Zielone Tarasy, 3 pokoje”' })
  })

  it('422 for an unknown investment, as GET /api/search answers', async () => {
    const res = await send(t.app, buyer, 'POST', '/api/favorite-filters', { filters: 'inwestycja=nie-ma-takiej' })
    expect(res.statusCode).toBe(422)
    expect(JSON.stringify(res.json())).toContain('Nieznana inwestycja: nie-ma-takiej.')
  })
})
