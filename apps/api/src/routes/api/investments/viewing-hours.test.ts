import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { notifications, throttles, viewingBookings, viewingSettings } from '@portal/db'
import { VIEWING_MESSAGES } from '@portal/contracts/viewings'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { validInvestment } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
// A changed day three weeks ahead (Warsaw's calendar), so the test holds on any day it runs.
const AHEAD = new Date(Date.now() + 21 * 86400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' })
const YESTERDAY = new Date(Date.now() - 86400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' })
const WEEK = { weekly: [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [{ day, from: '00:00', to: '12:00' }, { day, from: '12:00', to: '24:00' }]), exceptions: [], visit_minutes: 60, auto_confirm: false }
/** Everything a visitor or the developer reads about a visit: subject, text and the .ics. */
const wording = (m: ParsedMail) => [m.subject, m.text, ...m.attachments.map((a) => a.content.toString('utf8'))].join('\n')

describe("an investment's weekly hours (decision 078): settings, booking, wording, no double booking", () => {
  let t: T, smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let dev: Jar, rival: Jar, buyer: Jar, devId: number, buyerId: number, inv: { id: number; slug: string }
  async function take(n: number) { const out: ParsedMail[] = []; for (let i = 0; i < n; i++) out.push(await smtp.next()); return out }
  const to = (ms: ParsedMail[], addr: string) => ms.find((m) => (m.to as { text: string }).text.includes(addr))!
  const url = () => `/api/investments/${inv.id}/viewing-settings`
  const free = async () => (await t.app.inject(`/api/investments/${inv.slug}/viewings`)).json() as { enabled: boolean; auto_confirm: boolean; slots: { start: string; end: string; open_day_id: number | null }[] }

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    const d = await createUser(t.db, { email: 'dewel@example.com', name: 'Anna Deweloper', type: 'developer', companyName: 'Budomex S.A.', roles: ['user', 'company'] })
    devId = d.id
    dev = await login(t.app, d.email)
    rival = await login(t.app, (await createUser(t.db, { email: 'rywal@example.com', type: 'developer', companyName: 'Rywal', roles: ['user', 'company'] })).email)
    const b = await createUser(t.db, { email: 'kupiec@example.com', name: 'Kuba Kupiec', phone: '600 100 200' })
    buyerId = b.id
    buyer = await login(t.app, b.email)
    inv = (await send(t.app, dev, 'POST', '/api/investments', validInvestment())).json()
  })
  afterEach(async () => { await t.db.db.delete(throttles) })
  afterAll(async () => { await t.close(); await smtp.close() })

  it('the developer sets hours: CSRF, 404 for another company, 403 for a buyer, Polish 422 for overlapping ranges', async () => {
    expect((await free()).enabled).toBe(false)
    expect((await t.app.inject({ url: url(), headers: { cookie: dev.cookie } })).json()).toMatchObject({ enabled: false, weekly: [], investment: { id: inv.id, slug: inv.slug } })
    expect((await t.app.inject({ method: 'PUT', url: url(), headers: { cookie: dev.cookie }, payload: WEEK })).statusCode).toBe(419)
    expect((await send(t.app, rival, 'PUT', url(), WEEK)).statusCode).toBe(404)
    expect((await t.app.inject({ url: url(), headers: { cookie: rival.cookie } })).statusCode).toBe(404)
    expect((await send(t.app, buyer, 'PUT', url(), WEEK)).statusCode).toBe(403)

    // A weekday's ranges overlap (given out of order): the later-starting one is named, with the day.
    const week = await send(t.app, dev, 'PUT', url(), { ...WEEK, weekly: [{ day: 2, from: '15:00', to: '18:00' }, { day: 2, from: '09:00', to: '16:00' }] })
    expect(week.statusCode).toBe(422)
    expect(week.json().errors).toEqual({ 'weekly.0.from': [VIEWING_MESSAGES.rangesOverlap('we wtorek', '09:00–16:00', '15:00–18:00')] })
    // A changed day's ranges overlap; a date twice; five ranges on one day.
    const day = await send(t.app, dev, 'PUT', url(), { ...WEEK, exceptions: [{ date: AHEAD, ranges: [{ from: '09:00', to: '12:00' }, { from: '11:30', to: '13:00' }] }] })
    expect(day.json().errors).toEqual({ 'exceptions.0.ranges.1.from': [VIEWING_MESSAGES.rangesOverlap(`dnia ${AHEAD}`, '09:00–12:00', '11:30–13:00')] })
    expect(day.json().errors['exceptions.0.ranges.1.from'][0]).toBe(`Godziny dnia ${AHEAD} nakładają się (09:00–12:00 i 11:30–13:00). Popraw je albo połącz w jeden przedział.`)
    const twice = await send(t.app, dev, 'PUT', url(), { ...WEEK, exceptions: [{ date: AHEAD, ranges: [] }, { date: AHEAD, ranges: [] }] })
    expect(twice.json().errors).toEqual({ 'exceptions.1.date': [VIEWING_MESSAGES.exceptionTwice] })
    const five = await send(t.app, dev, 'PUT', url(), { ...WEEK, weekly: ['08', '10', '12', '14', '16'].map((h) => ({ day: 3, from: `${h}:00`, to: `${h}:30` })) })
    expect(five.json().errors).toEqual({ 'weekly.4': [VIEWING_MESSAGES.tooManyRanges('w środę')] })

    // A changed day that has gone by is refused under its row; the advertiser never sees such days again (below).
    const past = await send(t.app, dev, 'PUT', url(), { ...WEEK, exceptions: [{ date: AHEAD, ranges: [] }, { date: YESTERDAY, ranges: [] }] })
    expect(past.statusCode).toBe(422)
    expect(past.json().errors).toEqual({ 'exceptions.1.date': [VIEWING_MESSAGES.exceptionPast] })

    // Touching ranges, two on a changed day out of order: accepted and stored in order.
    const ok = await send(t.app, dev, 'PUT', url(), { ...WEEK, exceptions: [{ date: AHEAD, ranges: [{ from: '16:00', to: '18:00' }, { from: '09:00', to: '11:00' }] }] })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ enabled: true, visit_minutes: 60, auto_confirm: false, exceptions: [{ date: AHEAD, ranges: [{ from: '09:00', to: '11:00' }, { from: '16:00', to: '18:00' }] }] })
    // A day stored before it went by (saved last week) is no longer shown to the developer.
    await t.db.db.update(viewingSettings).set({ exceptions: [{ date: YESTERDAY, ranges: [] }, { date: AHEAD, ranges: [{ from: '09:00', to: '11:00' }] }] }).where(eq(viewingSettings.investmentId, inv.id))
    expect((await t.app.inject({ url: url(), headers: { cookie: dev.cookie } })).json().exceptions).toEqual([{ date: AHEAD, ranges: [{ from: '09:00', to: '11:00' }] }])
    const s = await free()
    expect(s.enabled).toBe(true)
    expect(s.slots.length).toBeGreaterThan(24 * 20)
    expect(s.slots.every((x) => x.open_day_id === null)).toBe(true)
  })

  it('a buyer books a weekly time; mails, .ics and bells name the investment and the developer, never an advertiser or a listing', async () => {
    const slot = (await free()).slots[5]!
    expect((await send(t.app, dev, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot.start })).json().message).toBe(VIEWING_MESSAGES.ownInvestment)
    const off = await send(t.app, buyer, 'POST', `/api/investments/${inv.slug}/viewings`, { start: new Date(new Date(slot.start).getTime() + 60_000).toISOString() })
    expect(off.json().errors).toEqual({ start: [VIEWING_MESSAGES.outsideInvestment] })
    const b = await send(t.app, buyer, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot.start })
    expect(b.statusCode).toBe(201)
    expect(b.json()).toMatchObject({ status: 'pending', message: VIEWING_MESSAGES.pendingInvestment })
    const requested = await take(2)
    const toDev = to(requested, 'dewel@example.com'), toBuyer = to(requested, 'kupiec@example.com')
    expect(toDev.subject).toBe('Prośba o oglądanie: Zielone Tarasy')
    expect(toBuyer.text).toContain('Prośba o oglądanie inwestycji „Zielone Tarasy”')
    expect(toBuyer.text).toContain('Czeka na potwierdzenie dewelopera.')
    expect(wording(toBuyer)).toContain('Deweloper: Budomex S.A.')
    expect(wording(toBuyer)).toContain(`/inwestycje/${inv.slug}`)
    // Taken: no longer offered; in the developer's calendar with the buyer's contact.
    expect((await free()).slots.map((x) => x.start)).not.toContain(slot.start)
    const cal = (await t.app.inject({ url: '/api/viewings', headers: { cookie: dev.cookie } })).json().data
    expect(cal).toEqual([expect.objectContaining({ place: 'investment', open_day: false, status: 'pending', awaiting: 'owner', person: expect.objectContaining({ email: 'kupiec@example.com' }) })])
    const mine = (await t.app.inject({ url: '/api/viewings?role=visitor', headers: { cookie: buyer.cookie } })).json().data
    expect(mine[0].person.name).toBe('Budomex S.A.')

    // The developer proposes another time, then cancels: 'Deweloper proponuje', 'przez dewelopera'.
    const other = (await free()).slots[9]!
    expect((await send(t.app, dev, 'POST', `/api/viewings/${b.json().id}/propose`, { start: other.start, reason: 'Biuro sprzedaży jest wtedy zamknięte.' })).statusCode).toBe(200)
    const proposed = await take(2)
    expect(to(proposed, 'kupiec@example.com').text).toContain('Deweloper proponuje inny termin oglądania inwestycji „Zielone Tarasy”')
    expect((await send(t.app, dev, 'POST', `/api/viewings/${b.json().id}/cancel`, { reason: 'Zmiana planów' })).statusCode).toBe(200)
    const cancelled = await take(2)
    expect(to(cancelled, 'kupiec@example.com').text).toContain('zostało odwołane przez dewelopera')

    // A guest's confirmation mail too.
    const g = await startSession(t.app)
    const guest = await send(t.app, g, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot.start, name: 'Gość Testowy', email: 'gosc@example.com', phone: '600 700 800' })
    expect(guest.json().status).toBe('verify_email')
    const [verify] = await take(1)
    expect(verify!.text).toContain('Zarezerwowano oglądanie inwestycji „Zielone Tarasy”')
    expect(verify!.text).toContain('przekazać prośbę dewelopera')

    for (const m of [...requested, ...proposed, ...cancelled, verify!]) expect(wording(m)).not.toMatch(/ogłoszeni/i)
    const bells = await t.db.db.select().from(notifications)
    expect(bells.filter((x) => x.userId === devId || x.userId === buyerId).length).toBeGreaterThanOrEqual(6)
    for (const x of bells) expect(x.message).not.toMatch(/ogłoszeni/i)
  })

  it('no double booking of an investment time under concurrent requests; the database refuses a duplicate', async () => {
    const slot = (await free()).slots[40]!
    const guests = await Promise.all(Array.from({ length: 10 }, () => startSession(t.app)))
    const res = await Promise.all(guests.map((g, i) => send(t.app, g, 'POST', `/api/investments/${inv.slug}/viewings`, { start: slot.start, name: `Gość ${i}`, email: `race${i}@example.com`, phone: '600000000' })))
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(422)])
    for (const r of res.filter((x) => x.statusCode === 422)) expect(r.json().errors.start).toEqual([VIEWING_MESSAGES.overlapping])
    await take(1)
    const [won] = await t.db.db.select().from(viewingBookings).where(eq(viewingBookings.startsAt, new Date(slot.start)))
    expect(won!.investmentId).toBe(inv.id)
    const { id: _id, ...copy } = won!
    await expect(t.db.db.insert(viewingBookings).values({ ...copy, email: 'direct@example.com' })).rejects.toThrow()
    await t.db.db.insert(viewingBookings).values({ ...copy, email: 'cancelled@example.com', status: 'cancelled' })
    // Turning the hours off: no more weekly times, the booked visit stays.
    expect((await send(t.app, dev, 'DELETE', url())).json().enabled).toBe(false)
    expect((await free()).enabled).toBe(false)
    expect((await t.db.db.select().from(viewingBookings).where(eq(viewingBookings.id, won!.id)))[0]!.status).toBe('pending')
  })
})
