import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { newsletterSubscriptions, users } from '@portal/db'
import { startSmtpListener } from '../../mail/test-smtp.ts'
import { createTestApp, startSession } from '../../test/helpers.ts'
import { createUser, login, send } from './auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const tokenFrom = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w%-]+)`).exec(text)![1]!

describe('/api/newsletter', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  it('POST → 204 and a confirmation mail; PATCH {token} → 200 active; POST again → 200; unknown token → 404', async () => {
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', '/api/newsletter', { email: ' Nowy.Czytelnik@Example.com ' })
    expect(res.statusCode).toBe(204)
    await t.app.mailer.flush()
    const mail = await smtp.next()
    expect(mail.subject).toBe('Potwierdź zapis do newslettera')
    expect((mail.to as { text: string }).text).toBe('nowy.czytelnik@example.com')
    const token = tokenFrom(mail.text!, '/potwierdz-newsletter')
    expect(mail.text).toContain('https://portal.test/wypisz?token=nl_')
    // Still pending: a second sign-up sends a new link (204), the first one is replaced.
    expect((await send(t.app, g, 'POST', '/api/newsletter', { email: 'nowy.czytelnik@example.com' })).statusCode).toBe(204)
    await t.app.mailer.flush()
    const second = tokenFrom((await smtp.next()).text!, '/potwierdz-newsletter')
    expect((await send(t.app, g, 'PATCH', '/api/newsletter', { token })).statusCode).toBe(404)
    const ok = await send(t.app, g, 'PATCH', '/api/newsletter', { token: second })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ status: 'active', message: 'Gratulujemy. Twój newsletter jest aktywny' })
    await t.app.mailer.flush()
    const activeMail = await smtp.next()
    expect(activeMail.subject).toBe('Newsletter został aktywowany')
    expect(activeMail.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true)
    // Used once.
    expect((await send(t.app, g, 'PATCH', '/api/newsletter', { token: second })).statusCode).toBe(404)
    const again = await send(t.app, g, 'POST', '/api/newsletter', { email: 'nowy.czytelnik@example.com' })
    expect(again.statusCode).toBe(200)
    expect(again.json().message).toBe('Gratulujemy. Twój newsletter jest aktywny')
    // The unsubscribe link of every newsletter mail works once more (one click).
    const unsubscribeToken = /wypisz\?token=(nl_[\w-]+)/.exec(activeMail.text!)![1]!
    const out = await t.app.inject({ method: 'POST', url: `/wypisz?token=${unsubscribeToken}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(out.statusCode).toBe(200)
    const [row] = await t.db.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'nowy.czytelnik@example.com'))
    expect(row!.status).toBe('unsubscribed')
  })

  it('422 for a missing or bad e-mail (Polish messages), 419 without CSRF, 422 for an empty token', async () => {
    const g = await startSession(t.app)
    const missing = await send(t.app, g, 'POST', '/api/newsletter', {})
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors.email).toEqual(['Email jest wymagany'])
    const bad = await send(t.app, g, 'POST', '/api/newsletter', { email: 'nie-email' })
    expect(bad.json().errors.email).toEqual(['Niepoprawny adres email'])
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter', headers: { cookie: g.cookie }, payload: { email: 'a@b.pl' } })).statusCode).toBe(419)
    expect((await send(t.app, g, 'PATCH', '/api/newsletter', { token: '' })).statusCode).toBe(422)
  })

  it('cannot flood an inbox: 3 mails per address an hour, then 429 with Retry-After', async () => {
    const g = await startSession(t.app)
    for (let i = 0; i < 3; i++) expect((await send(t.app, g, 'POST', '/api/newsletter', { email: 'ofiara@example.com' })).statusCode).toBe(204)
    const blocked = await send(t.app, g, 'POST', '/api/newsletter', { email: 'ofiara@example.com' })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBeTruthy()
    await t.app.mailer.flush()
    for (let i = 0; i < 3; i++) await smtp.next()
    expect(smtp.pending()).toBe(0)
  })

  it('PATCH /api/user/profile/newsletter keeps the sign-up list in step (401 for guests)', async () => {
    const g = await startSession(t.app)
    expect((await send(t.app, g, 'PATCH', '/api/user/profile/newsletter', {})).statusCode).toBe(401)
    const u = await createUser(t.db, { email: 'zalogowany@example.com' })
    const jar = await login(t.app, u.email)
    expect((await send(t.app, jar, 'PATCH', '/api/user/profile/newsletter', {})).json()).toEqual({ newsletter: true })
    let [row] = await t.db.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'zalogowany@example.com'))
    expect(row).toMatchObject({ status: 'active', userId: u.id })
    expect((await send(t.app, jar, 'POST', '/api/newsletter', { email: 'zalogowany@example.com' })).statusCode).toBe(200)
    expect((await send(t.app, jar, 'PATCH', '/api/user/profile/newsletter', { newsletter: false })).json()).toEqual({ newsletter: false })
    ;[row] = await t.db.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'zalogowany@example.com'))
    expect(row!.status).toBe('unsubscribed')
    const [user] = await t.db.db.select().from(users).where(eq(users.id, u.id))
    expect(user!.newsletter).toBe(false)
  })
})

describe('/api/newsletter with the captcha on', () => {
  let c: T
  beforeAll(async () => { c = await createTestApp({ CAPTCHA: 'on' }) })
  afterAll(async () => { await c.close() })

  it('a sign-up without a solved captcha → 422', async () => {
    const g = await startSession(c.app)
    const res = await send(c.app, g, 'POST', '/api/newsletter', { email: 'bot@example.com' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.captcha).toBeTruthy()
  })
})
