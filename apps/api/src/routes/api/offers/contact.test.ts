import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { listings, messages, reports, throttles, users } from '@portal/db'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { OFFER_MESSAGES } from '@portal/contracts/offer'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, jarFrom, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer, form, upload, validOffer } from './test-support.ts'
import { MESSAGE_LIMITS } from '../../../lib/messages/send.ts'
import sharp from 'sharp'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('listings API: guest user block, contact (real SMTP), phone reveal, report', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let owner: Awaited<ReturnType<typeof createUser>>
  let jar: Jar
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    owner = await createUser(t.db, { email: 'sprzedawca@example.com', name: 'Marek Sprzedawca', phone: '+48 600 200 300' })
    jar = await login(t.app, owner.email)
  })
  afterEach(async () => { await t.db.db.delete(throttles) })
  afterAll(async () => { await t.close(); await smtp.close() })

  const guestUser = { account_type: 'private' as const, name: 'Gość Nowy', email: 'Gosc.Nowy@Example.com', password: 'Haslo123', rePassword: 'Haslo123' }

  it('guest without the user block → 422; bad user block → registration messages; taken e-mail → 400', async () => {
    const g = await startSession(t.app)
    const none = await send(t.app, g, 'POST', '/api/offers', validOffer())
    expect(none.statusCode).toBe(422)
    expect(none.json().errors).toEqual({ user: [OFFER_MESSAGES.userRequired] })
    const bad = await send(t.app, g, 'POST', '/api/offers', validOffer({ user: { ...guestUser, email: 'nie-email', password: 'abc', rePassword: 'abd', name: '' } }))
    expect(bad.json().errors).toMatchObject({
      'user.email': [AUTH_MESSAGES.emailInvalid], 'user.password': [AUTH_MESSAGES.passwordRule], 'user.name': [AUTH_MESSAGES.nameRequired],
    })
    const taken = await send(t.app, g, 'POST', '/api/offers', validOffer({ user: { ...guestUser, email: 'SPRZEDAWCA@example.com' } }))
    expect(taken.statusCode).toBe(400)
    expect(taken.json()).toEqual({ error: 'email_already_exist', message: AUTH_MESSAGES.emailAlreadyExist, code: 'email_already_exist' })
  })

  it('guest publishes: inactive account + activation mail; listing waits (photos allowed to that session); live after activation', async () => {
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', '/api/offers', validOffer({ user: guestUser }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ status: 'draft', pending_activation: true })
    const { id } = res.json()
    const [u] = await t.db.db.select().from(users).where(eq(users.email, 'gosc.nowy@example.com'))
    expect(u).toMatchObject({ type: 'user', roles: ['user'], emailVerifiedAt: null })
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, id))
    expect(l!.userId).toBe(u!.id)
    expect((await t.app.inject(`/api/offers/${id}`)).statusCode).toBe(404)
    // The creating session may add photos and read the form back; another session may not.
    const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#abc' } }).png().toBuffer()
    expect((await upload(t.app, g, `/api/offers/${id}/photos`, form({}, { name: 'a.png', type: 'image/png', data: png }))).statusCode).toBe(201)
    expect((await t.app.inject({ url: `/api/offers/${id}/edit`, headers: { cookie: g.cookie } })).json().pending_activation).toBe(true)
    const stranger = await startSession(t.app)
    expect((await upload(t.app, stranger, `/api/offers/${id}/photos`, form({}, { name: 'a.png', type: 'image/png', data: png }))).statusCode).toBe(401)
    // Publishing by hand is refused while pending.
    expect((await send(t.app, g, 'POST', `/api/offers/${id}/publish`)).statusCode).toBe(409)

    const mail = await smtp.next()
    expect(mail.subject).toBe('Dokończ proces rejestracji')
    const token = /dokoncz-rejestracje\?token=([\w-]+)/.exec(mail.text!)![1]!
    const done = await send(t.app, g, 'POST', '/api/auth/complete-registration', { token })
    expect(done.statusCode).toBe(200)
    const page = await t.app.inject(`/api/offers/${id}`)
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ status: 'active', advertiser: { id: u!.id, name: 'Gość Nowy' } })
    expect(page.json().photos).toHaveLength(1)
    // Logged in now: the owner's list shows it active.
    const me = jarFrom(done, g)
    const mine = (await t.app.inject({ url: '/api/user/offers', headers: { cookie: me.cookie } })).json()
    expect(mine.data[0]).toMatchObject({ id, status: 'active', pending_activation: false })
  })

  it('guest agency draft: role company; a draft stays a draft after activation', async () => {
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', '/api/offers', validOffer({ status: 'draft', user: { ...guestUser, account_type: 'agency', email: 'biuro-nowe@example.com', name: 'Nowe Biuro' } }))
    expect(res.json()).toMatchObject({ status: 'draft', pending_activation: false })
    const [u] = await t.db.db.select().from(users).where(eq(users.email, 'biuro-nowe@example.com'))
    expect(u).toMatchObject({ type: 'agency', roles: ['company'], companyName: 'Nowe Biuro' })
    const token = /token=([\w-]+)/.exec((await smtp.next()).text!)![1]!
    await send(t.app, g, 'POST', '/api/auth/complete-registration', { token })
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, res.json().id))
    expect(l!.status).toBe('draft')
  })

  it('contact: a logged-in sender\'s message is stored and mailed to the advertiser over SMTP (reply-to the sender, values escaped); 422; 429 per sender and per listing', async () => {
    const { id, slug } = await createOffer(t.app, jar)
    const buyer = await createUser(t.db, { email: 'kasia@example.com', name: 'Kasia <b>Kupująca</b>' })
    const g = await login(t.app, buyer.email)
    const bad = await send(t.app, g, 'POST', `/api/offers/${id}/contact`, { name: '', email: 'x', message: '' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({
      name: [OFFER_MESSAGES.contactNameRequired], email: [AUTH_MESSAGES.emailInvalid], message: [OFFER_MESSAGES.contactMessageRequired],
    })
    const body = { name: 'Kasia <b>Kupująca</b>', email: 'Kasia@Example.com', phone: '601 602 603', message: 'Czy mieszkanie jest aktualne?\n\n<script>alert(1)</script>' }
    const res = await send(t.app, g, 'POST', `/api/offers/${id}/contact`, body)
    expect(res.statusCode).toBe(204)
    const [m] = await t.db.db.select().from(messages).where(eq(messages.listingId, id))
    expect(m).toMatchObject({ toUserId: owner.id, fromName: body.name, fromEmail: 'kasia@example.com', fromPhone: '601 602 603' })
    const mail = await smtp.next()
    expect(mail.subject).toBe('Wiadomość w sprawie ogłoszenia')
    expect((mail.to as { text: string }).text).toBe('sprzedawca@example.com')
    expect((mail.replyTo as { value: { address: string }[] }).value[0]!.address).toBe('kasia@example.com')
    expect(mail.text).toContain('Czy mieszkanie jest aktualne?')
    expect(mail.text).toContain(`https://portal.test/wiadomosci/${m!.threadId}`)
    expect(slug).toBeTruthy()
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).not.toContain('<b>Kupująca')

    // Per sender: a logged-in sender is counted per account, not per client address (decision 050).
    MESSAGE_LIMITS.perSender.max = 2
    await send(t.app, g, 'POST', `/api/offers/${id}/contact`, body)
    const limited = await send(t.app, g, 'POST', `/api/offers/${id}/contact`, body)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    MESSAGE_LIMITS.perSender.max = 10
    await smtp.next()
    // Per listing (other IPs).
    await t.db.db.delete(throttles)
    MESSAGE_LIMITS.perListing.max = 2
    for (const ip of ['10.0.0.1', '10.0.0.2']) {
      expect((await t.app.inject({ method: 'POST', url: `/api/offers/${id}/contact`, remoteAddress: ip, headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf }, payload: body })).statusCode).toBe(204)
      await smtp.next()
    }
    const third = await t.app.inject({ method: 'POST', url: `/api/offers/${id}/contact`, remoteAddress: '10.0.0.3', headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf }, payload: body })
    expect(third.statusCode).toBe(429)
    MESSAGE_LIMITS.perListing.max = 30
    // Ended listings take no messages; CSRF is checked.
    const ended = await createOffer(t.app, jar)
    await send(t.app, jar, 'POST', `/api/offers/${ended.id}/end`)
    expect((await send(t.app, g, 'POST', `/api/offers/${ended.id}/contact`, body)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: `/api/offers/${id}/contact`, headers: { cookie: g.cookie }, payload: body })).statusCode).toBe(419)
  })

  it('phone reveal: 200 {phone}; throttled per IP (429)', async () => {
    const { id } = await createOffer(t.app, jar)
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', `/api/offers/${id}/phone`, {})
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ phone: '+48 600 200 300' })
    // Fill the per-IP window (30 an hour, shared with /api/user/:id/phone).
    await t.db.db.insert(throttles).values({ key: 'phone:ip:127.0.0.1', count: 30, resetAt: new Date(Date.now() + 3600_000) })
      .onConflictDoUpdate({ target: throttles.key, set: { count: 30 } })
    const limited = await send(t.app, g, 'POST', `/api/offers/${id}/phone`)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    await t.db.db.delete(throttles)
    expect((await send(t.app, g, 'POST', '/api/offers/999999/phone')).statusCode).toBe(404)
  })

  it('captcha on: contact and phone need a solved challenge (422 without)', async () => {
    const c = await createTestApp({ CAPTCHA: 'on' })
    try {
      const u = await createUser(c.db, { email: 'cap@example.com' })
      const j = await login(c.app, u.email)
      const { id } = await createOffer(c.app, j)
      const g = await startSession(c.app)
      const phone = await send(c.app, g, 'POST', `/api/offers/${id}/phone`, {})
      expect(phone.statusCode).toBe(422)
      expect(phone.json().errors).toEqual({ captcha: [AUTH_MESSAGES.captcha] })
      const contact = await send(c.app, g, 'POST', `/api/offers/${id}/contact`, { name: 'A', email: 'a@example.com', message: 'Hej' })
      expect(contact.json().errors).toEqual({ captcha: [AUTH_MESSAGES.captcha] })
      const guest = await send(c.app, g, 'POST', '/api/offers', validOffer({ user: { ...guestUser, email: 'cap-guest@example.com' } }))
      expect(guest.json().errors).toEqual({ captcha: [AUTH_MESSAGES.captcha] })
    } finally {
      await c.close()
    }
  })

  it('report: stored for moderation; reason checked', async () => {
    const { id } = await createOffer(t.app, jar)
    const g = await startSession(t.app)
    const bad = await send(t.app, g, 'POST', `/api/offers/${id}/report`, { reason: 'nudne' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ reason: [OFFER_MESSAGES.reportReasonRequired] })
    const ok = await send(t.app, g, 'POST', `/api/offers/${id}/report`, { reason: 'oszustwo', message: 'Prosi o przedpłatę.' })
    expect(ok.statusCode).toBe(204)
    const [r] = await t.db.db.select().from(reports).where(eq(reports.listingId, id))
    expect(r).toMatchObject({ reason: 'oszustwo', message: 'Prosi o przedpłatę.', status: 'open', reporterUserId: null })
  })
})
