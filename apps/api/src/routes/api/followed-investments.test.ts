import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWatch } from '../../lib/watch/detect.ts'
import { createTestApp, startSession } from '../../test/helpers.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'
import { validInvestment, validUnit } from './investments/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/** Following an investment (issue 27 item 5, decision 067): new units, prices and statuses reach the bell. */
describe('/api/followed-investments', () => {
  let t: T
  let dev: Jar
  let buyer: Jar
  let other: Jar
  let inv: { id: number; slug: string }
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    dev = await login(t.app, (await createUser(t.db, { email: 'dev-obs@example.com', type: 'developer', companyName: 'Budomex', roles: ['user', 'company'] })).email)
    buyer = await login(t.app, (await createUser(t.db, { email: 'kupujacy@example.com' })).email)
    other = await login(t.app, (await createUser(t.db, { email: 'ktos@example.com' })).email)
    const res = await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Osiedle Obserwowane' }))
    expect(res.statusCode, res.body).toBe(201)
    inv = res.json()
  }, 60_000)
  afterAll(async () => { await t.close() })

  const bell = async (j: Jar) => (await t.app.inject({ url: '/api/user/notifications', headers: { cookie: j.cookie } })).json() as {
    data: Array<{ message: string; link: string | null }>; total: number
  }
  const addUnit = async (over = {}) => {
    const res = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit(over))
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number }
  }

  it('guards: 401 guest, 419 without CSRF, 404 unknown investment, 422 bad id', async () => {
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'PUT', `/api/followed-investments/${inv.id}`)).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/followed-investments' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'PUT', url: `/api/followed-investments/${inv.id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(419)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/followed-investments/${inv.id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(419)
    const unknown = await send(t.app, buyer, 'PUT', '/api/followed-investments/987654')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: 'Nie znaleziono inwestycji.' })
    expect((await t.app.inject({ url: '/api/followed-investments/987654', headers: { cookie: buyer.cookie } })).statusCode).toBe(404)
    const bad = await send(t.app, buyer, 'PUT', '/api/followed-investments/abc')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ id: ['Nieprawidłowy identyfikator inwestycji'] })
  })

  it('follow (idempotent), state and list are each user\'s own; new units, a price change and a sale ring the follower\'s bell once', async () => {
    const first = await addUnit({ unit_number: '1', price: 600_000_00 })
    expect((await send(t.app, buyer, 'PUT', `/api/followed-investments/${inv.id}`)).json()).toEqual({ id: inv.id, followed: true })
    expect((await send(t.app, buyer, 'PUT', `/api/followed-investments/${inv.id}`)).statusCode).toBe(200)
    const state = async (j: Jar) => (await t.app.inject({ url: `/api/followed-investments/${inv.id}`, headers: { cookie: j.cookie } })).json()
    expect(await state(buyer)).toEqual({ id: inv.id, followed: true })
    expect(await state(other)).toEqual({ id: inv.id, followed: false })
    const list = (await t.app.inject({ url: '/api/followed-investments', headers: { cookie: buyer.cookie } })).json()
    expect(list.data).toEqual([expect.objectContaining({ id: inv.id, slug: inv.slug, name: 'Osiedle Obserwowane', units_available: 1, price_from: 600_000_00 })])
    expect((await t.app.inject({ url: '/api/followed-investments', headers: { cookie: other.cookie } })).json().data).toEqual([])

    // Nothing happened since following: the unit that was there is not news.
    await runWatch(t.db)
    expect((await bell(buyer)).total).toBe(0)

    await addUnit({ unit_number: '2', price: 700_000_00 })
    await runWatch(t.db)
    await runWatch(t.db)
    let b = await bell(buyer)
    expect(b.total).toBe(1)
    expect(b.data[0]).toMatchObject({ message: 'Inwestycja „Osiedle Obserwowane”: nowy lokal A/2', link: `/inwestycje/${inv.slug}` })

    expect((await send(t.app, dev, 'PUT', `/api/investments/${inv.id}/units/${first.id}`, validUnit({ unit_number: '1', price: 570_000_00 }))).statusCode).toBe(200)
    b = await bell(buyer)
    expect(b.total).toBe(2)
    expect(b.data[0]!.message).toBe('Inwestycja „Osiedle Obserwowane”, lokal A/1: cena obniżona o 30\u00a0000 zł (\u22125\u00a0%)')

    // A unit edit tells its watchers at once (no wait for the job's minute).
    await send(t.app, dev, 'PUT', `/api/investments/${inv.id}/units/${first.id}`, validUnit({ unit_number: '1', price: 570_000_00, status: 'sprzedane' }))
    b = await bell(buyer)
    expect(b.total).toBe(3)
    expect(b.data[0]!.message).toBe('Inwestycja „Osiedle Obserwowane”, lokal A/1 sprzedany')

    // Changes found in one run ring once, summed up.
    await addUnit({ unit_number: '3' })
    await addUnit({ unit_number: '5' })
    await runWatch(t.db)
    b = await bell(buyer)
    expect(b.total).toBe(4)
    expect(b.data[0]!.message).toBe('Inwestycja „Osiedle Obserwowane”: 2 nowe lokale')
    expect((await bell(other)).total).toBe(0)
    expect((await bell(dev)).data.some((n) => n.message.includes('Osiedle Obserwowane'))).toBe(false)
  })

  it('an investment status change is told; after unfollowing nothing is', async () => {
    expect((await send(t.app, dev, 'PUT', `/api/investments/${inv.id}`, validInvestment({ name: 'Osiedle Obserwowane', status: 'gotowe' }))).statusCode).toBe(200)
    await runWatch(t.db)
    expect((await bell(buyer)).data[0]!.message).toBe('Inwestycja „Osiedle Obserwowane”: nowy status „Gotowe”')
    expect((await send(t.app, buyer, 'DELETE', `/api/followed-investments/${inv.id}`)).statusCode).toBe(204)
    expect((await send(t.app, buyer, 'DELETE', `/api/followed-investments/${inv.id}`)).statusCode).toBe(204)
    const before = (await bell(buyer)).total
    await addUnit({ unit_number: '4' })
    await runWatch(t.db)
    expect((await bell(buyer)).total).toBe(before)
  })
})
