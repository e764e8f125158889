import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailOutbox, savedSearches } from '@portal/db'
import { startSmtpListener } from '../../mail/test-smtp.ts'
import { createTestApp, startSession } from '../../test/helpers.ts'
import { alertContext, publishListings } from '../../test/alerts.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'
import { runAlerts } from '../../lib/saved-searches/alerts.ts'
import { ALERTS_JOB } from './favorite-filters.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
/** Intl puts no-break spaces between thousands; compare with plain ones. */
const sp = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/[\u00a0\u202f]/g, ' ')
  : Array.isArray(v) ? v.map(sp) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sp(x)])) : v)

describe('/api/favorite-filters and saved-search alerts', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let jar: Jar
  let other: Jar
  let ownerId: number
  let userId: number
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    const u = await createUser(t.db, { email: 'szukam@example.com', name: 'Anna Szukająca' })
    userId = u.id
    jar = await login(t.app, u.email)
    other = await login(t.app, (await createUser(t.db, { email: 'obcy@example.com' })).email)
    ownerId = (await createUser(t.db, { email: 'sprzedawca@example.com' })).id
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })
  const list = async (j: Jar) => (await get('/api/favorite-filters', j)).json().data as Array<Record<string, unknown>>

  it('401 for guests, 419 without CSRF', async () => {
    expect((await get('/api/favorite-filters')).statusCode).toBe(401)
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'POST', '/api/favorite-filters', { filters: 'typ=sprzedaz' })).statusCode).toBe(401)
    expect((await send(t.app, guest, 'PUT', '/api/favorite-filters', { id: 1, status: true })).statusCode).toBe(401)
    expect((await send(t.app, guest, 'DELETE', '/api/favorite-filters/1')).statusCode).toBe(401)
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/favorite-filters', headers: { cookie: jar.cookie }, payload: { filters: 'typ=sprzedaz' } })
    expect(noCsrf.statusCode).toBe(419)
  })

  it('store → 201 {id, created_at} with defaults period 0 and notification false; the index lists it with a generated name', async () => {
    const res = await send(t.app, jar, 'POST', '/api/favorite-filters', {
      filters: { typ: 'sprzedaz', kategoria: 'mieszkanie', 'lokalizacja[nazwa]': 'Kraków', 'cena[max]': '600000', page: '3', sortuj: 'price_asc' },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.id).toBeGreaterThan(0)
    expect(new Date(body.created_at).getTime()).toBeGreaterThan(0)
    const [item] = sp(await list(jar)) as Array<Record<string, unknown>>
    expect(item).toMatchObject({
      id: body.id, name: 'Mieszkania na sprzedaż, Kraków, do 600 000 zł', period: 0, notification: false, email_notifications: false,
      filters: { typ: 'sprzedaz', kategoria: 'mieszkanie', 'lokalizacja[nazwa]': 'Kraków', 'cena[max]': '600000' }, new_count: 0,
    })
    expect(item!.params).toEqual(['Rodzaj: Sprzedaż', 'Kategoria: Mieszkanie', 'Lokalizacja: Kraków', 'Cena: do 600 000 zł'])
    expect(item!.url).toBe('/szukaj?typ=sprzedaz&kategoria=mieszkanie&cena%5Bmax%5D=600000&lokalizacja%5Bnazwa%5D=Krak%C3%B3w')
    // The old client's double-encoded JSON string and a plain query string work too.
    expect((await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: JSON.stringify(JSON.stringify({ typ: 'wynajem' })), period: 7, notification: true })).statusCode).toBe(201)
    expect((await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: '?ad-type=seek-property&pokoje=2,3', period: '30' })).statusCode).toBe(201)
    const names = (await list(jar)).map((s) => [sp(s.name), s.period, s.notification])
    expect(names).toEqual([['Poszukiwane: nieruchomości, 2, 3 pokoje', 30, false], ['Nieruchomości na wynajem', 7, true], ['Mieszkania na sprzedaż, Kraków, do 600 000 zł', 0, false]])
    expect(await list(other)).toEqual([])
  })

  it('null period and notification mean the defaults of spec §9 (0, false); null in an update changes nothing', async () => {
    const res = await send(t.app, other, 'POST', '/api/favorite-filters', { filters: 'typ=wynajem', period: null, notification: null })
    expect(res.statusCode).toBe(201)
    expect((await list(other))[0]).toMatchObject({ id: res.json().id, period: 0, notification: false })
    expect((await send(t.app, other, 'PUT', '/api/favorite-filters', { id: res.json().id, status: true, period: null })).statusCode).toBe(204)
    expect((await list(other))[0]).toMatchObject({ period: 0, notification: true })
    expect((await send(t.app, other, 'DELETE', `/api/favorite-filters/${res.json().id}`)).statusCode).toBe(204)
  })

  it('422 with Polish messages: bad period, bad filters, bad status', async () => {
    const period = await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: 'typ=sprzedaz', period: 2 })
    expect(period.statusCode).toBe(422)
    expect(period.json().errors.period[0]).toBe('Wybierz okres: od razu, codziennie lub co 3, 7, 14 albo 30 dni.')
    const filters = await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: 'cena[min]=abc' })
    expect(filters.statusCode).toBe(422)
    expect(filters.json().errors['filters.cena[min]']).toEqual(['Podaj liczbę.'])
    const notObject = await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: 42 })
    expect(notObject.statusCode).toBe(422)
    const [first] = await list(jar)
    const status = await send(t.app, jar, 'PUT', '/api/favorite-filters', { id: first!.id, status: 'maybe' })
    expect(status.statusCode).toBe(422)
    expect((await send(t.app, jar, 'PUT', '/api/favorite-filters', { id: 'x', status: true })).statusCode).toBe(422)
    expect((await send(t.app, jar, 'DELETE', '/api/favorite-filters/abc')).statusCode).toBe(422)
  })

  it('update {id, status} → 204 (and period); destroy → 204; another user’s or unknown → 404', async () => {
    const [first] = await list(jar)
    expect((await send(t.app, jar, 'PUT', '/api/favorite-filters', { id: first!.id, status: true })).statusCode).toBe(204)
    expect((await send(t.app, jar, 'PUT', '/api/favorite-filters', { id: first!.id, period: 3 })).statusCode).toBe(204)
    expect((await list(jar))[0]).toMatchObject({ notification: true, period: 3 })
    expect((await send(t.app, other, 'PUT', '/api/favorite-filters', { id: first!.id, status: false })).statusCode).toBe(404)
    expect((await send(t.app, other, 'DELETE', `/api/favorite-filters/${first!.id}`)).statusCode).toBe(404)
    expect((await send(t.app, jar, 'PUT', '/api/favorite-filters', { id: 999999, status: true })).statusCode).toBe(404)
    expect((await list(jar))[0]).toMatchObject({ id: first!.id, notification: true })
    expect((await send(t.app, jar, 'DELETE', `/api/favorite-filters/${first!.id}`)).statusCode).toBe(204)
    expect((await list(jar)).map((s) => s.id)).not.toContain(first!.id)
    expect((await send(t.app, jar, 'DELETE', `/api/favorite-filters/${first!.id}`)).statusCode).toBe(404)
  })

  it('queue end to end: a matching listing goes live → the alert mail over SMTP with it; next run nothing; non-matching nothing; unsubscribe stops it', async () => {
    // An alert at once (period 0) for flats for sale in Kraków up to 600 000 zł.
    const created = (await send(t.app, jar, 'POST', '/api/favorite-filters', {
      filters: 'typ=sprzedaz&kategoria=mieszkanie&phrase=Kraków&cena[max]=600000', period: 0, notification: true,
    })).json()
    // The window starts at saving: the search and the listings are dated back so the run's 10 s commit lag passes.
    const past = new Date(Date.now() - 120_000)
    await t.db.db.update(savedSearches).set({ checkedUntil: past, nextAlertAt: past, lastSeenAt: past }).where(eq(savedSearches.id, created.id))
    await publishListings(t, [
      { userId: ownerId, title: 'Mieszkanie Kraków Podgórze', city: 'Kraków', citySlug: 'krakow', locationName: 'Kraków, Podgórze', searchText: 'mieszkanie krakow podgorze', price: 55_000_000, area: 50, pricePerM2: 1_100_000, rooms: 2, lat: 50.04, lon: 19.95, photos: 1 },
      { userId: ownerId, title: 'Drogie mieszkanie Kraków', city: 'Kraków', citySlug: 'krakow', locationName: 'Kraków', searchText: 'drogie mieszkanie krakow', price: 90_000_000, lat: 50.06, lon: 19.94 },
      { userId: ownerId, title: 'Mieszkanie Gdańsk', city: 'Gdańsk', citySlug: 'gdansk', locationName: 'Gdańsk', searchText: 'mieszkanie gdansk', price: 40_000_000, lat: 54.35, lon: 18.65 },
    ])
    // The job itself, through the queue (as the cron would start it).
    await t.app.jobs.enqueue(ALERTS_JOB, {})
    await t.app.jobs.drain([ALERTS_JOB])
    await t.app.mailer.flush()
    const mail = await smtp.next()
    expect((mail.to as { text: string }).text).toBe('szukam@example.com')
    expect(sp(mail.subject)).toBe('1 nowe ogłoszenie: Mieszkania na sprzedaż, „Kraków”, do 600 000 zł')
    expect(mail.html).toContain('Mieszkanie Kraków Podgórze')
    expect(sp(mail.html)).toContain('550 000 zł')
    expect(sp(mail.html)).toContain('11 000 zł/m²')
    expect(mail.html).toContain('Zobacz wszystkie (1)')
    expect(mail.html).not.toContain('Drogie mieszkanie')
    expect(mail.html).not.toContain('Gdańsk')
    const [row] = await t.db.db.select().from(savedSearches).where(eq(savedSearches.id, created.id))
    const unsubscribeUrl = `https://portal.test/wypisz?token=${row!.unsubscribeToken}`
    const header = (k: string) => mail.headerLines.find((h) => h.key === k)?.line.replace(/\r\n\s+/g, ' ')
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`)
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    // A bell notification goes with it.
    const bell = (await get('/api/user/notifications', jar)).json()
    expect(sp(bell.data[0])).toMatchObject({ type: 'info', message: '1 nowe ogłoszenie dla wyszukiwania „Mieszkania na sprzedaż, „Kraków”, do 600 000 zł”' })

    // The next run sends nothing (nothing new; the listing is never sent twice for this search).
    await t.db.db.update(savedSearches).set({ checkedUntil: past, nextAlertAt: past }).where(eq(savedSearches.id, created.id))
    const ctx = alertContext(t)
    expect(await runAlerts(ctx)).toBe(0)

    // A non-matching listing going live sends nothing either.
    await publishListings(t, [{ userId: ownerId, categoryId: 9, title: 'Dom Kraków', city: 'Kraków', citySlug: 'krakow', searchText: 'dom krakow', price: 30_000_000 }], 30)
    expect(await runAlerts(ctx)).toBe(0)

    // One-click unsubscribe (the mail client's POST) stops it: a new match is not mailed.
    const unsub = await t.app.inject({ method: 'POST', url: `/wypisz?token=${row!.unsubscribeToken}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(unsub.statusCode).toBe(200)
    await publishListings(t, [{ userId: ownerId, title: 'Mieszkanie Kraków Nowe', city: 'Kraków', citySlug: 'krakow', searchText: 'mieszkanie krakow nowe', price: 50_000_000, lat: 50.05, lon: 19.95 }], 30)
    await t.db.db.update(savedSearches).set({ nextAlertAt: past }).where(eq(savedSearches.id, created.id))
    expect(await runAlerts(ctx)).toBe(0)
    expect((await list(jar)).find((s) => s.id === created.id)).toMatchObject({ notification: false })
    await t.app.mailer.flush()
    expect(smtp.pending()).toBe(0)
    const sent = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'szukam@example.com'))
    expect(sent).toHaveLength(1)
    // The list counts the new matching listings since the last visit.
    expect((await list(jar)).find((s) => s.id === created.id)!.new_count).toBe(2)
    // Opening the results ('Pokaż wyniki' sends seen) resets it.
    expect((await send(t.app, jar, 'PUT', '/api/favorite-filters', { id: created.id, seen: true })).statusCode).toBe(204)
    expect((await list(jar)).find((s) => s.id === created.id)!.new_count).toBe(0)
    void userId
  })

  it('POST /api/unsubscribe: 200 for a known token (CSRF needed), 404 unknown', async () => {
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'POST', '/api/unsubscribe', { token: 'ss_nope' })).statusCode).toBe(404)
    const [s] = await t.db.db.select().from(savedSearches).limit(1)
    const res = await send(t.app, guest, 'POST', '/api/unsubscribe', { token: s!.unsubscribeToken })
    expect(res.statusCode).toBe(200)
    expect(res.json().kind).toBe('saved-search')
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: s!.unsubscribeToken } })).statusCode).toBe(419)
  })
})
