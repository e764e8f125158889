import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { rowsOf } from '@portal/db'
import { pruneEvents, runWatch } from '../../../lib/watch/detect.ts'
import { sendDigests } from '../../../lib/watch/digest.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer, validOffer } from '../offers/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/** Favourites watch prices (issue 26 item 6, decision 067): the bell, the favourites list and the daily digest. */
describe('price watch of favourites', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let owner: Jar
  let fan: Jar
  let bystander: Jar
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    owner = await login(t.app, (await createUser(t.db, { email: 'sprzedawca@example.com' })).email)
    fan = await login(t.app, (await createUser(t.db, { email: 'fan@example.com', name: 'Ewa Fan' })).email)
    bystander = await login(t.app, (await createUser(t.db, { email: 'obok@example.com' })).email)
  }, 60_000)
  afterAll(async () => { await t.close(); await smtp.close() })

  const bell = async (j: Jar) => (await t.app.inject({ url: '/api/user/notifications', headers: { cookie: j.cookie } })).json() as {
    data: Array<{ message: string; link: string | null; type: string }>; total: number
  }
  const listed = async (title: string, price = 666_000_00) => {
    const o = await createOffer(t.app, owner, { title, price, status: 'publish' } as never)
    expect((await send(t.app, fan, 'POST', '/api/favorites', { offer_id: o.id })).statusCode).toBe(201)
    return o
  }
  const setPrice = async (id: number, title: string, price: number) => {
    const res = await send(t.app, owner, 'PUT', `/api/offers/${id}`, validOffer({ title, price }))
    expect(res.statusCode, res.body).toBe(200)
  }

  it('a price drop rings the bell of the favourite\'s owner once, in Polish, and shows on the favourites list', async () => {
    const title = 'Mieszkanie z obniżką na Mokotowie'
    const o = await listed(title)
    const before = (await bell(fan)).total
    // The edit tells the watchers at once; the job's runs after it add nothing.
    await setPrice(o.id, title, 646_000_00)
    expect((await bell(fan)).total).toBe(before + 1)
    await runWatch(t.db)
    await runWatch(t.db)
    const after = await bell(fan)
    expect(after.total).toBe(before + 1)
    expect(after.data[0]).toMatchObject({ message: `Cena obniżona o 20\u00a0000 zł (\u22123\u00a0%): „${title}”`, link: `/ogloszenia/${o.slug}` })
    const page = (await t.app.inject({ url: '/api/favorites', headers: { cookie: fan.cookie } })).json()
    expect(page.price_changes).toContainEqual(expect.objectContaining({ offer_id: o.id, old_price: 666_000_00, new_price: 646_000_00 }))
    // The seller and someone without the favourite hear nothing.
    expect((await bell(bystander)).data.some((n) => n.message.includes(title))).toBe(false)
    expect((await bell(owner)).data.some((n) => n.message.includes('Cena obniżona'))).toBe(false)
  })

  it('a rise is told as a rise; an ended favourite as ended (a warning)', async () => {
    const title = 'Dom z podwyżką w Wilanowie'
    const o = await listed(title, 1_000_000_00)
    await setPrice(o.id, title, 1_025_000_00)
    await runWatch(t.db)
    expect((await bell(fan)).data[0]!.message).toBe(`Cena podniesiona o 25\u00a0000 zł (+3\u00a0%): „${title}”`)
    expect((await send(t.app, owner, 'POST', `/api/offers/${o.id}/end`)).statusCode).toBe(200)
    await runWatch(t.db)
    await runWatch(t.db)
    const { data } = await bell(fan)
    expect(data[0]).toMatchObject({ type: 'warning', message: `Ogłoszenie „${title}” z Twoich ulubionych zostało zakończone` })
    expect(data.filter((n) => n.message.includes(title))).toHaveLength(2)
  })

  it('a favourite that expired (the hourly sweep) is told as ended, once; a change found by the job alone (a feed) too', async () => {
    const title = 'Pokój, który wygasł'
    const o = await listed(title, 300_000_00)
    await t.db.db.execute(sql`update favorites set created_at = now() - interval '2 days' where listing_id = ${o.id}`)
    await t.db.db.execute(sql`update listings set status = 'expired', expires_at = now() - interval '1 minute' where id = ${o.id}`)
    await runWatch(t.db)
    await runWatch(t.db)
    expect((await bell(fan)).data.filter((n) => n.message === `Ogłoszenie „${title}” z Twoich ulubionych zostało zakończone`)).toHaveLength(1)
    // A price written to the history by another writer (feeds, imports) without the form's call.
    const other = await listed('Szeregowiec z importu', 900_000_00)
    await t.db.db.execute(sql`insert into listing_price_history (listing_id, price) values (${other.id}, ${855_000_00})`)
    await runWatch(t.db)
    expect((await bell(fan)).data[0]!.message).toBe('Cena obniżona o 45\u00a0000 zł (\u22125\u00a0%): „Szeregowiec z importu”')
  })

  it('a favourite added after the change is not told of it', async () => {
    const title = 'Kawalerka przed ulubieniem'
    const o = await createOffer(t.app, owner, { title, price: 400_000_00, status: 'publish' } as never)
    await setPrice(o.id, title, 390_000_00)
    await t.db.db.execute(sql`update listing_price_history set changed_at = now() - interval '1 minute' where listing_id = ${o.id}`)
    await send(t.app, bystander, 'POST', '/api/favorites', { offer_id: o.id })
    await runWatch(t.db)
    expect((await bell(bystander)).data.some((n) => n.message.includes(title))).toBe(false)
  })

  it('the digest is off by default; opted in, one mail carries the changes once', async () => {
    const get = async () => (await t.app.inject({ url: '/api/user/watch-settings', headers: { cookie: fan.cookie } })).json()
    expect(await get()).toEqual({ email_digest: false })
    const ctx = { db: t.db, publicUrl: 'https://portal.test', appKey: t.app.appKey, send: (m: Parameters<typeof t.app.mailer.send>[0]) => t.app.mailer.send(m) }
    expect(await sendDigests(ctx)).toBe(0)
    const on = await send(t.app, fan, 'PUT', '/api/user/watch-settings', { email_digest: true })
    expect(on.statusCode).toBe(200)
    expect(await get()).toEqual({ email_digest: true })
    expect(await sendDigests(ctx)).toBe(1)
    expect(await sendDigests(ctx)).toBe(0)
    const mail = await smtp.next()
    expect(mail.to).toMatchObject({ text: 'fan@example.com' })
    expect(mail.subject).toMatch(/^Zmiany w ulubionych ogłoszeniach i obserwowanych inwestycjach \(\d+\)$/)
    expect(mail.text).toContain('Cena obniżona o 20\u00a0000 zł (\u22123\u00a0%): „Mieszkanie z obniżką na Mokotowie”')
    expect(mail.text).toContain('https://portal.test/ogloszenia/')
    expect(smtp.pending()).toBe(0)
    // One click in the mail (RFC 8058 POST, no session) turns it off; a forged token does nothing.
    const line = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ') ?? ''
    const link = line.replace(/^List-Unsubscribe: <|>$/g, '')
    expect(link).toMatch(/^https:\/\/portal\.test\/wypisz\?token=wd_\d+\.[\w-]{32}$/)
    const token = new URL(link).searchParams.get('token')!
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await t.app.inject({ method: 'POST', url: `/wypisz?token=${forged}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404)
    expect(await get()).toEqual({ email_digest: true })
    const off = await t.app.inject({ method: 'POST', url: `/wypisz?token=${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(off.statusCode).toBe(200)
    expect(off.body).toBe('Wyłączono codzienne podsumowanie zmian.')
    expect(await get()).toEqual({ email_digest: false })
  }, 30_000)

  it('events older than 90 days are dropped with their notices; newer ones stay', async () => {
    const count = async () => Number(rowsOf(await t.db.db.execute(sql`select count(*)::int as n from watch_events`))[0]!.n)
    const all = await count()
    expect(all).toBeGreaterThan(1)
    await t.db.db.execute(sql`update watch_events set created_at = now() - interval '91 days' where id = (select min(id) from watch_events)`)
    expect(await pruneEvents(t.db)).toBe(1)
    expect(await count()).toBe(all - 1)
  })

  it('settings: 401 guest, 419 without CSRF, 422 with a Polish message', async () => {
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'PUT', '/api/user/watch-settings', { email_digest: true })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/user/watch-settings' })).statusCode).toBe(401)
    const noCsrf = await t.app.inject({ method: 'PUT', url: '/api/user/watch-settings', headers: { cookie: fan.cookie }, payload: { email_digest: false } })
    expect(noCsrf.statusCode).toBe(419)
    const bad = await send(t.app, fan, 'PUT', '/api/user/watch-settings', { email_digest: 'tak' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ email_digest: ['Pole email_digest musi mieć wartość true albo false.'] })
  })
})
