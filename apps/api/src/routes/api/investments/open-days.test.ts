import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ParsedMail } from 'mailparser'
import { VIEWING_MESSAGES } from '@portal/contracts/viewings'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { validInvestment } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe("an investment's open days (issue 28 item 1, decision 070)", () => {
  let t: T, smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let dev: Jar, rival: Jar, buyer: Jar, inv: { id: number; slug: string }
  const mails: ParsedMail[] = []
  async function take(n: number) { for (let i = 0; i < n; i++) mails.push(await smtp.next()); return mails.slice(-n) }
  const day = (hours: number) => { const s = new Date(Math.floor((Date.now() + hours * 3600_000) / 60_000) * 60_000); return { starts_at: s.toISOString(), ends_at: new Date(s.getTime() + 3 * 3600_000).toISOString() } }

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    dev = await login(t.app, (await createUser(t.db, { email: 'dewel@example.com', name: 'Anna Deweloper', type: 'developer', companyName: 'Budomex S.A.', roles: ['user', 'company'] })).email)
    rival = await login(t.app, (await createUser(t.db, { email: 'rywal@example.com', type: 'developer', companyName: 'Rywal', roles: ['user', 'company'] })).email)
    buyer = await login(t.app, (await createUser(t.db, { email: 'kupiec@example.com', name: 'Kuba Kupiec', phone: '600 100 200' })).email)
    inv = (await send(t.app, dev, 'POST', '/api/investments', validInvestment())).json()
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const free = async () => (await t.app.inject(`/api/investments/${inv.slug}/viewings`)).json() as { enabled: boolean; slots: { start: string; open_day_id: number; places_left: number }[] }

  it('the developer adds and removes open days: CSRF, ownership (404 for another company), Polish 422', async () => {
    expect((await free()).enabled).toBe(false)
    expect((await t.app.inject({ method: 'POST', url: `/api/investments/${inv.id}/open-days`, headers: { cookie: dev.cookie }, payload: { ...day(48), capacity: 2 } })).statusCode).toBe(419)
    expect((await send(t.app, rival, 'POST', `/api/investments/${inv.id}/open-days`, { ...day(48), capacity: 2 })).statusCode).toBe(404)
    expect((await send(t.app, buyer, 'POST', `/api/investments/${inv.id}/open-days`, { ...day(48), capacity: 2 })).statusCode).toBe(403)
    const past = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/open-days`, { ...day(-5), capacity: 2 })
    expect(past.json().errors).toEqual({ starts_at: [VIEWING_MESSAGES.openDayInvalid] })
    const many = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/open-days`, { ...day(48), capacity: 0 })
    expect(many.json().errors).toEqual({ capacity: [VIEWING_MESSAGES.capacity] })
    const ok = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/open-days`, { ...day(48), capacity: 2 })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ investment: { id: inv.id, slug: inv.slug }, open_days: [{ capacity: 2, taken: 0 }] })
    const extra = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/open-days`, { ...day(72), capacity: 5 })
    const extraId = extra.json().open_days[1].id as number
    expect((await send(t.app, rival, 'DELETE', `/api/investments/${inv.id}/open-days/${extraId}`)).statusCode).toBe(404)
    expect((await send(t.app, dev, 'DELETE', `/api/investments/${inv.id}/open-days/${extraId}`)).json().open_days).toHaveLength(1)
    expect((await t.app.inject({ url: `/api/investments/${inv.id}/open-days`, headers: { cookie: rival.cookie } })).statusCode).toBe(404)
    const s = await free()
    expect(s.enabled).toBe(true)
    expect(s.slots).toEqual([expect.objectContaining({ places_left: 2, open_day_id: ok.json().open_days[0].id })])
  })

  it('buyers book places up to the capacity, concurrently; the visit is confirmed with an .ics and shows in both calendars', async () => {
    const [slot] = (await free()).slots
    // Not a time outside an open day (this investment has no weekly hours), not the developer's own investment.
    expect((await send(t.app, buyer, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot!.start })).json().errors).toEqual({ start: [VIEWING_MESSAGES.outsideInvestment] })
    expect((await send(t.app, dev, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot!.start, open_day_id: slot!.open_day_id })).statusCode).toBe(403)

    const b = await send(t.app, buyer, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot!.start, open_day_id: slot!.open_day_id })
    expect(b.statusCode).toBe(201)
    expect(b.json().status).toBe('confirmed')
    const sent = await take(2)
    const toBuyer = sent.find((m) => (m.to as { text: string }).text.includes('kupiec@example.com'))!
    expect(toBuyer.subject).toBe('Oglądanie potwierdzone: Zielone Tarasy')
    expect(toBuyer.text).toContain('inwestycji „Zielone Tarasy”')
    const ics = toBuyer.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString()
    expect(ics).toContain('SUMMARY:Dzień otwarty: Zielone Tarasy')
    expect(ics).toContain(`/inwestycje/${inv.slug}`)
    expect((await free()).slots[0]!.places_left).toBe(1)
    const again = await send(t.app, buyer, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot!.start, open_day_id: slot!.open_day_id })
    expect(again.json().errors).toEqual({ start: [VIEWING_MESSAGES.alreadyBooked] })

    // Two guests race for the last place: one wins, the other hears it is full.
    const guests = await Promise.all([startSession(t.app), startSession(t.app), startSession(t.app)])
    const res = await Promise.all(guests.map((g, i) => send(t.app, g, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot!.start, open_day_id: slot!.open_day_id, name: `Gość ${i}`, email: `gosc${i}@example.com`, phone: '600000000' })))
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 422, 422])
    for (const r of res.filter((x) => x.statusCode === 422)) expect(r.json().errors.start).toEqual([VIEWING_MESSAGES.full])
    await take(1)
    expect((await free()).enabled).toBe(false)
    const taken = (await t.app.inject({ url: `/api/investments/${inv.id}/open-days`, headers: { cookie: dev.cookie } })).json().open_days[0]
    expect(taken).toMatchObject({ capacity: 2, taken: 2 })
    // Booked: it cannot be removed.
    expect((await send(t.app, dev, 'DELETE', `/api/investments/${inv.id}/open-days/${taken.id}`)).statusCode).toBe(422)

    const mine = (await t.app.inject({ url: '/api/viewings?role=visitor', headers: { cookie: buyer.cookie } })).json().data
    expect(mine).toEqual([expect.objectContaining({ place: 'investment', href: `/inwestycje/${inv.slug}`, open_day: true, status: 'confirmed', listing: expect.objectContaining({ title: 'Zielone Tarasy' }) })])
    const calendar = (await t.app.inject({ url: '/api/viewings', headers: { cookie: dev.cookie } })).json()
    const theirs = calendar.data
    expect(theirs.map((v: { person: { email: string } }) => v.person.email)).toContain('kupiec@example.com')
    // The calendar's filter offers the investment, and filtering by it keeps its visits only.
    expect(calendar.investments).toEqual([{ id: inv.id, title: 'Zielone Tarasy' }])
    const only = (await t.app.inject({ url: `/api/viewings?investment=${inv.id}`, headers: { cookie: dev.cookie } })).json().data
    expect(only.length).toBe(theirs.length)
    expect((await t.app.inject({ url: `/api/viewings?investment=${inv.id + 1000}`, headers: { cookie: dev.cookie } })).json().data).toEqual([])
    expect((await t.app.inject({ url: '/api/viewings?investment=x', headers: { cookie: dev.cookie } })).statusCode).toBe(422)
    // The buyer cancels: the place is free again.
    const c = await send(t.app, buyer, 'POST', `/api/viewings/${mine[0].id}/cancel`, { reason: 'Zmiana planów' })
    expect(c.json()).toMatchObject({ status: 'cancelled', place: 'investment' })
    expect((await take(2)).every((m) => m.subject === 'Oglądanie odwołane: Zielone Tarasy')).toBe(true)
    expect((await free()).slots[0]!.places_left).toBe(1)
  })
})
