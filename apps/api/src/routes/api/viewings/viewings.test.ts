import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'
import { listings, messages, notifications, throttles, viewingBookings } from '@portal/db'
import { VIEWING_MESSAGES } from '@portal/contracts/viewings'
import { createTestApp, insertListings, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { sendReminder } from '../../../lib/viewings/reminders.ts'
import { sweepViewings } from '../../../lib/viewings/sweep.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const HOURS = { weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '24:00' })), exceptions: [], visit_minutes: 60, auto_confirm: false }

/** The .ics attached to a mail, parsed by ical.js. */
function icsOf(mail: ParsedMail) {
  const a = mail.attachments.find((x) => x.contentType.startsWith('text/calendar'))
  if (!a) throw new Error(`no .ics in "${mail.subject}"`)
  const comp = new ICAL.Component(ICAL.parse(a.content.toString('utf8')))
  return { method: comp.getFirstPropertyValue('method'), event: new ICAL.Event(comp.getFirstSubcomponent('vevent')!) }
}

describe('viewings API (issue 28): hours, booking, steps with .ics mails, limits, races, reminders, sweep, feed', () => {
  let t: T, smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let owner: Awaited<ReturnType<typeof createUser>>, ownerJar: Jar, buyerJar: Jar, listingId: number
  const mails: ParsedMail[] = []
  /** Mails until `n` arrived (SMTP order is not guaranteed between the two sides). */
  async function take(n: number) { const out: ParsedMail[] = []; for (let i = 0; i < n; i++) out.push(await smtp.next()); mails.push(...out); return out }
  const to = (ms: ParsedMail[], addr: string) => ms.find((m) => (m.to as { text: string }).text.includes(addr))!

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    owner = await createUser(t.db, { email: 'wlasciciel@example.com', name: 'Ola Właścicielka' })
    await createUser(t.db, { email: 'kupujacy@example.com', name: 'Kuba Kupujący', phone: '+48 600 100 200' })
    ownerJar = await login(t.app, owner.email)
    buyerJar = await login(t.app, 'kupujacy@example.com')
    ;[listingId] = await insertListings(t.db, [{ title: 'Dom z ogrodem' }]) as [number]
    await t.db.db.update(listings).set({ userId: owner.id }).where(eq(listings.id, listingId))
  })
  afterEach(async () => { await t.db.db.delete(throttles) })
  afterAll(async () => { await t.close(); await smtp.close() })

  const slots = async () => (await t.app.inject(`/api/offers/${listingId}/viewings`)).json() as { enabled: boolean; slots: { start: string; end: string; open_day_id: number | null; places_left: number | null }[] }

  it('the advertiser sets hours: CSRF, ownership, Polish 422', async () => {
    expect((await slots()).enabled).toBe(false)
    const noCsrf = await t.app.inject({ method: 'PUT', url: `/api/offers/${listingId}/viewing-settings`, headers: { cookie: ownerJar.cookie }, payload: HOURS })
    expect(noCsrf.statusCode).toBe(419)
    const stranger = await send(t.app, buyerJar, 'PUT', `/api/offers/${listingId}/viewing-settings`, HOURS)
    expect(stranger.statusCode).toBe(403)
    const bad = await send(t.app, ownerJar, 'PUT', `/api/offers/${listingId}/viewing-settings`, { ...HOURS, weekly: [{ day: 1, from: '12:00', to: '10:00' }], visit_minutes: 5 })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ 'weekly.0.to': [VIEWING_MESSAGES.hoursInvalid], visit_minutes: [VIEWING_MESSAGES.visitLength] })
    expect((await t.app.inject(`/api/offers/${listingId}`)).json().viewings).toBe(false)
    const ok = await send(t.app, ownerJar, 'PUT', `/api/offers/${listingId}/viewing-settings`, HOURS)
    expect(ok.statusCode).toBe(200)
    // The listing page now shows 'Umów oglądanie'.
    expect((await t.app.inject(`/api/offers/${listingId}`)).json().viewings).toBe(true)
    const s = await slots()
    expect(s.enabled).toBe(true)
    expect(s.slots.length).toBeGreaterThan(24 * 20)
    expect(new Date(s.slots[0]!.start).getTime()).toBeGreaterThan(Date.now() + 3600_000 - 1)
  })

  it('a guest books, confirms by e-mail; the advertiser gets the request with an .ics, a bell and a thread; then confirms', async () => {
    const slot = (await slots()).slots[30]!
    const g = await startSession(t.app)
    const missing = await send(t.app, g, 'POST', `/api/offers/${listingId}/viewings`, { start: slot.start, name: 'Gość', email: 'gosc@example.com' })
    expect(missing.statusCode).toBe(422)
    const res = await send(t.app, g, 'POST', `/api/offers/${listingId}/viewings`, { start: slot.start, name: 'Gość Testowy', email: 'Gosc@Example.com', phone: '600 700 800' })
    expect(res.statusCode).toBe(201)
    expect(res.json().status).toBe('verify_email')
    // Held: no longer offered.
    expect((await slots()).slots.map((x) => x.start)).not.toContain(slot.start)
    const [verify] = await take(1)
    expect(verify!.subject).toBe('Potwierdź rezerwację oglądania: Dom z ogrodem')
    const token = /token=([\w.-]+)/.exec(verify!.text!)![1]!
    // Not yet in the advertiser's calendar.
    expect((await t.app.inject({ url: '/api/viewings', headers: { cookie: ownerJar.cookie } })).json().data).toEqual([])
    const v = await send(t.app, g, 'POST', '/api/viewings/guest/verify', { token })
    expect(v.json()).toMatchObject({ status: 'pending', awaiting: 'owner', verified_now: true })
    const sent = await take(2)
    const toOwner = to(sent, owner.email), toGuest = to(sent, 'gosc@example.com')
    expect(toOwner.subject).toBe('Prośba o oglądanie: Dom z ogrodem')
    expect(toOwner.text).toContain('Gość Testowy, gosc@example.com, tel. 600 700 800')
    const ics = icsOf(toOwner)
    expect(ics.method).toBe('REQUEST')
    expect(ics.event.uid).toBe(`viewing-${res.json().id}@portal.test`)
    expect(ics.event.startDate.toJSDate().toISOString()).toBe(slot.start.replace(/\.\d+Z$/, '.000Z'))
    expect(icsOf(toGuest).event.component.getFirstPropertyValue('status')).toBe('TENTATIVE')
    const bells = await t.db.db.select().from(notifications).where(eq(notifications.userId, owner.id))
    expect(bells.map((b) => b.message)).toContain('Prośba o oglądanie: Dom z ogrodem')
    const notes = await t.db.db.select().from(messages).where(eq(messages.toUserId, owner.id))
    expect(notes.at(-1)!.body).toContain('Prośba o oglądanie ogłoszenia „Dom z ogrodem”')
    // A second click shows it without sending again; a forged token is 404.
    expect((await send(t.app, g, 'POST', '/api/viewings/guest/verify', { token })).json().verified_now).toBe(false)
    expect((await send(t.app, g, 'POST', '/api/viewings/guest/verify', { token: token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) })).statusCode).toBe(404)

    const list = (await t.app.inject({ url: '/api/viewings', headers: { cookie: ownerJar.cookie } })).json()
    expect(list.data[0]).toMatchObject({ role: 'owner', person: { name: 'Gość Testowy', email: 'gosc@example.com', phone: '600 700 800' } })
    // Someone else's booking: 404; the visitor may not confirm a request waiting for the advertiser.
    expect((await send(t.app, buyerJar, 'POST', `/api/viewings/${res.json().id}/confirm`)).statusCode).toBe(404)
    expect((await send(t.app, g, 'POST', '/api/viewings/guest/confirm', { token })).statusCode).toBe(409)
    const c = await send(t.app, ownerJar, 'POST', `/api/viewings/${res.json().id}/confirm`)
    expect(c.json()).toMatchObject({ status: 'confirmed' })
    const confirmed = await take(2)
    const gi = icsOf(to(confirmed, 'gosc@example.com'))
    expect(gi.event.sequence).toBe(1)
    expect(gi.event.component.getFirstPropertyValue('status')).toBe('CONFIRMED')

    // The reminder job: sent once, never for a cancelled visit.
    const b = { id: res.json().id as number, hours: 24 as const, start: new Date(slot.start).toISOString() }
    expect(await sendReminder(t.app, b)).toBe(true)
    expect(await sendReminder(t.app, b)).toBe(false)
    const [r1, r2] = await take(2)
    expect([r1!.subject, r2!.subject]).toEqual(['Przypomnienie: jutro oglądanie – Dom z ogrodem', 'Przypomnienie: jutro oglądanie – Dom z ogrodem'])

    const cancel = await send(t.app, g, 'POST', '/api/viewings/guest/cancel', { token, reason: 'Kupiłem inne mieszkanie' })
    expect(cancel.json()).toMatchObject({ status: 'cancelled' })
    const cancelled = await take(2)
    const oc = icsOf(to(cancelled, owner.email))
    expect(oc.method).toBe('CANCEL')
    expect(oc.event.sequence).toBe(2)
    expect(to(cancelled, owner.email).text).toContain('Kupiłem inne mieszkanie')
    expect(await sendReminder(t.app, { ...b, hours: 2 })).toBe(false)
    expect((await send(t.app, g, 'POST', '/api/viewings/guest/cancel', { token, reason: 'znowu' })).statusCode).toBe(409)
    expect((await slots()).slots.map((x) => x.start)).toContain(slot.start)
  })

  it('422 in Polish for the past, outside the hours and an overlapping time; two pending per listing', async () => {
    const s = (await slots()).slots
    const past = await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: new Date(Date.now() - 3600_000).toISOString() })
    expect(past.json().errors).toEqual({ start: [VIEWING_MESSAGES.past] })
    const odd = new Date(new Date(s[40]!.start).getTime() + 17 * 60_000).toISOString()
    const outside = await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: odd })
    expect(outside.json().errors).toEqual({ start: [VIEWING_MESSAGES.outside] })
    const a = await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: s[40]!.start })
    expect(a.json()).toMatchObject({ status: 'pending' })
    await take(2)
    // The advertiser shortens visits to 30 minutes: a visit at +30 min would overlap the booked hour.
    await send(t.app, ownerJar, 'PUT', `/api/offers/${listingId}/viewing-settings`, { ...HOURS, visit_minutes: 30 })
    const half = new Date(new Date(s[40]!.start).getTime() + 30 * 60_000).toISOString()
    const overlap = await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: half })
    expect(overlap.json().errors).toEqual({ start: [VIEWING_MESSAGES.overlapping] })
    await send(t.app, ownerJar, 'PUT', `/api/offers/${listingId}/viewing-settings`, HOURS)
    expect((await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: s[41]!.start })).statusCode).toBe(201)
    await take(2)
    const third = await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: s[42]!.start })
    expect(third.statusCode).toBe(429)
    expect(third.json().message).toBe(VIEWING_MESSAGES.tooManyListing)
    expect((await send(t.app, ownerJar, 'POST', `/api/offers/${listingId}/viewings`, { start: s[43]!.start })).statusCode).toBe(403)
  })

  it('the advertiser proposes another time with a reason; the visitor confirms it', async () => {
    const mine = (await t.app.inject({ url: '/api/viewings?role=visitor', headers: { cookie: buyerJar.cookie } })).json().data
    const id = mine[0].id as number
    const s = (await slots()).slots
    const p = await send(t.app, ownerJar, 'POST', `/api/viewings/${id}/propose`, { start: s[50]!.start, reason: 'Wtedy nie mogę' })
    expect(p.json()).toMatchObject({ status: 'pending', awaiting: 'visitor', start: new Date(s[50]!.start).toISOString() })
    const proposed = await take(2)
    expect(to(proposed, 'kupujacy@example.com').subject).toBe('Propozycja innego terminu oglądania: Dom z ogrodem')
    expect((await send(t.app, ownerJar, 'POST', `/api/viewings/${id}/confirm`)).statusCode).toBe(409)
    expect((await send(t.app, buyerJar, 'POST', `/api/viewings/${id}/confirm`)).json().status).toBe('confirmed')
    await take(2)
  })

  it('no double booking under concurrent requests: one of ten wins a time, an open day fills to its capacity', async () => {
    const slot = (await slots()).slots[100]!
    const guests = await Promise.all(Array.from({ length: 10 }, () => startSession(t.app)))
    const res = await Promise.all(guests.map((g, i) => send(t.app, g, 'POST', `/api/offers/${listingId}/viewings`, { start: slot.start, name: `Gość ${i}`, email: `race${i}@example.com`, phone: '600000000' })))
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(422)])
    for (const r of res.filter((x) => x.statusCode === 422)) expect(r.json().errors.start).toEqual([VIEWING_MESSAGES.overlapping])
    await take(1)
    // The database itself refuses a second active booking of the time, whatever the code above it checked.
    const [won] = await t.db.db.select().from(viewingBookings).where(eq(viewingBookings.startsAt, new Date(slot.start)))
    const { id: _id, ...copy } = won!
    await expect(t.db.db.insert(viewingBookings).values({ ...copy, email: 'direct@example.com' })).rejects.toThrow()
    await t.db.db.insert(viewingBookings).values({ ...copy, email: 'cancelled@example.com', status: 'cancelled' })

    const start = new Date(Date.now() + 3 * 86400_000)
    const day = await send(t.app, ownerJar, 'POST', `/api/offers/${listingId}/open-days`, { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 3 * 3600_000).toISOString(), capacity: 3 })
    const od = day.json().open_days[0]
    const free = (await slots()).slots.find((x) => x.open_day_id === od.id)!
    expect(free.places_left).toBe(3)
    const many = await Promise.all(guests.slice(0, 6).map((g, i) => send(t.app, g, 'POST', `/api/offers/${listingId}/viewings`, { start: free.start, open_day_id: od.id, name: `Gość ${i}`, email: `open${i}@example.com`, phone: '600000000' })))
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(3)
    for (const r of many.filter((x) => x.statusCode !== 201)) expect(r.json().errors.start).toEqual([VIEWING_MESSAGES.full])
    await take(3)
    expect((await slots()).slots.find((x) => x.open_day_id === od.id)).toBeUndefined()
  })

  it('an ended listing cancels its future visits with a message; the feed lists visits at a secret address that can be reset', async () => {
    const feed = (await t.app.inject({ url: '/api/viewings/feed', headers: { cookie: ownerJar.cookie } })).json().url as string
    const path = feed.replace('https://portal.test', '')
    const ics = await t.app.inject(path)
    expect(ics.headers['content-type']).toContain('text/calendar')
    const comp = new ICAL.Component(ICAL.parse(ics.body))
    expect(comp.getAllSubcomponents('vevent').length).toBeGreaterThanOrEqual(3)
    const reset = (await send(t.app, ownerJar, 'POST', '/api/viewings/feed')).json().url as string
    expect(reset).not.toBe(feed)
    expect((await t.app.inject(path)).statusCode).toBe(404)

    await t.db.db.update(listings).set({ status: 'ended' }).where(eq(listings.id, listingId))
    const before = await t.db.db.select().from(viewingBookings).where(eq(viewingBookings.listingId, listingId))
    const live = before.filter((b) => b.status !== 'cancelled' && b.verifiedAt)
    expect(live.length).toBeGreaterThan(0)
    expect(await sweepViewings(t.app)).toBe(live.length)
    const after = await t.db.db.select().from(viewingBookings).where(eq(viewingBookings.listingId, listingId))
    expect(after.filter((b) => b.status !== 'cancelled' && b.verifiedAt)).toEqual([])
    const gone = await take(live.length * 2)
    expect(gone.every((m) => m.subject === 'Oglądanie odwołane: Dom z ogrodem')).toBe(true)
    expect(gone[0]!.text).toContain('Ogłoszenie zostało zakończone lub zawieszone.')
  })

  it("an agency's agent manages the calendar of the listing they handle; the agency sees it too; another agent does not", async () => {
    const agency = await createUser(t.db, { email: 'biuro@example.com', name: 'Biuro Test', type: 'agency' })
    const agent = await createUser(t.db, { email: 'agentka@example.com', name: 'Anna Agentka', agencyId: agency.id })
    const other = await createUser(t.db, { email: 'agent2@example.com', name: 'Piotr Inny', agencyId: agency.id })
    const [jarAgency, jarAgent, jarOther] = await Promise.all([login(t.app, agency.email), login(t.app, agent.email), login(t.app, other.email)])
    const [id] = await insertListings(t.db, [{ title: 'Kawalerka z agencji' }]) as [number]
    await t.db.db.update(listings).set({ userId: agency.id, agentId: agent.id }).where(eq(listings.id, id))

    expect((await send(t.app, jarOther, 'PUT', `/api/offers/${id}/viewing-settings`, HOURS)).statusCode).toBe(403)
    expect((await send(t.app, jarAgent, 'PUT', `/api/offers/${id}/viewing-settings`, HOURS)).statusCode).toBe(200)
    const slot = ((await t.app.inject(`/api/offers/${id}/viewings`)).json() as Awaited<ReturnType<typeof slots>>).slots[20]!
    // A logged-in buyer books with the time alone ('two clicks'): straight to the advertiser.
    const booked = await send(t.app, buyerJar, 'POST', `/api/offers/${id}/viewings`, { start: slot.start })
    expect(booked.json()).toMatchObject({ status: 'pending' })
    const sent = await take(2)
    expect(to(sent, agent.email).subject).toBe('Prośba o oglądanie: Kawalerka z agencji')

    const calendarOf = async (jar: Jar) => ((await t.app.inject({ url: '/api/viewings', headers: { cookie: jar.cookie } })).json().data as { id: number }[]).map((v) => v.id)
    expect(await calendarOf(jarAgent)).toContain(booked.json().id)
    expect(await calendarOf(jarAgency)).toContain(booked.json().id)
    expect(await calendarOf(jarOther)).not.toContain(booked.json().id)
    expect((await send(t.app, jarOther, 'POST', `/api/viewings/${booked.json().id}/confirm`)).statusCode).toBe(404)
    expect((await send(t.app, jarAgent, 'POST', `/api/viewings/${booked.json().id}/confirm`)).json().status).toBe('confirmed')
    await take(2)
  })
})
