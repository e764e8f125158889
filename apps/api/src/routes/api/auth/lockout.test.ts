import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { mailOutbox, throttles } from '@portal/db'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { ACCOUNT_LIMITS } from '../../../lib/accounts/request-limits.ts'
import { createUser, PASSWORD, type Jar } from './test-support.ts'

/**
 * Issue 29, decision 050: a stranger cannot lock anybody out of the account requests. Each case is the abuse as an
 * outsider sends it (from their own client addresses), then the victim's own request, which must still work.
 */
describe('account limits hold back the requester, not the victim (decision 050)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
  })
  afterEach(async () => { await t.db.db.delete(throttles) })
  afterAll(async () => { await t.close(); await smtp.close() })

  /** An unsafe request from a client address with a session of its own. */
  const from = async (ip: string, url: string, payload: unknown, jar?: Jar) => {
    const j = jar ?? await startSession(t.app)
    return t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: payload as never, headers: { cookie: j.cookie, 'x-xsrf-token': j.xsrf } })
  }
  const mailsTo = async (to: string, subject: string) => {
    await t.app.mailer.flush()
    const [row] = await t.db.db.select({ n: count() }).from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)))
    return row!.n
  }
  /** Drops the mails received so far (the stranger's), so the next one read is the owner's. */
  const drain = async () => {
    await t.app.mailer.flush()
    while (smtp.pending()) await smtp.next()
  }

  it('M3: a stranger asking for resets of an address does not stop its owner getting one', async () => {
    const victim = await createUser(t.db, { email: 'reset-victim@example.com' })
    const subject = 'Ustaw swoje nowe hasło'
    // One stranger, one client address: after 3 mails their own (address, requester) quota is used up.
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.1', '/api/auth/remind-password', { email: victim.email })).statusCode).toBe(204)
    expect(await mailsTo(victim.email, subject)).toBe(ACCOUNT_LIMITS.mailPerAddressAndIp.max)
    // The owner, from home, still gets a link (today's main: 204 and nothing for 15 min).
    expect((await from('192.0.2.10', '/api/auth/remind-password', { email: victim.email })).statusCode).toBe(204)
    expect(await mailsTo(victim.email, subject)).toBe(ACCOUNT_LIMITS.mailPerAddressAndIp.max + 1)

    // A stranger with many client addresses burns the address's bound (10 an hour) ...
    await t.db.db.delete(throttles)
    for (let k = 0; k < 5; k++) {
      for (let i = 0; i < 3; i++) await from(`198.51.100.${20 + k}`, '/api/auth/remind-password', { email: victim.email })
    }
    const before = await mailsTo(victim.email, subject)
    // ... a sixth requester gets nothing more sent,
    await from('198.51.100.99', '/api/auth/remind-password', { email: victim.email })
    expect(await mailsTo(victim.email, subject)).toBe(before)
    // but the owner from a client address holding their session does, and the link arrives over SMTP.
    const owner = await startSession(t.app)
    const logged = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.11', payload: { email: victim.email, password: PASSWORD }, headers: { cookie: owner.cookie, 'x-xsrf-token': owner.xsrf } })
    expect(logged.statusCode).toBe(200)
    await drain()
    expect((await from('192.0.2.11', '/api/auth/remind-password', { email: victim.email })).statusCode).toBe(204)
    expect(await mailsTo(victim.email, subject)).toBe(before + 1)
    const mail = await smtp.next()
    expect((mail.to as { text: string }).text).toBe(victim.email)
    expect(mail.subject).toBe(subject)
    expect(mail.text).toMatch(/https:\/\/portal\.test\/ustaw-haslo\?token=/)
  }, 60_000)

  it('M3: the activation re-send likewise: a stranger does not use up the owner\'s link', async () => {
    const victim = await createUser(t.db, { email: 'late-victim@example.com', emailVerifiedAt: null })
    const subject = 'Dokończ proces rejestracji'
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.2', '/api/auth/resend-email', { email: victim.email })).statusCode).toBe(204)
    expect(await mailsTo(victim.email, subject)).toBe(ACCOUNT_LIMITS.mailPerAddressAndIp.max)
    expect((await from('192.0.2.20', '/api/auth/resend-email', { email: victim.email })).statusCode).toBe(204)
    expect(await mailsTo(victim.email, subject)).toBe(ACCOUNT_LIMITS.mailPerAddressAndIp.max + 1)
  }, 60_000)

  it('L7: reset and activation requests are limited per client address across e-mails: 429 with Retry-After', async () => {
    const max = ACCOUNT_LIMITS.mailRequestsPerIp.max
    for (let i = 0; i < max; i++) {
      const url = i % 2 ? '/api/auth/resend-email' : '/api/auth/remind-password'
      expect((await from('203.0.113.5', url, { email: `anyone${i}@example.com` })).statusCode).toBe(204)
    }
    const over = await from('203.0.113.5', '/api/auth/remind-password', { email: 'one-more@example.com' })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ error: AUTH_MESSAGES.tooManyRequests, message: AUTH_MESSAGES.tooManyRequests, code: 'too_many_requests' })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000)
    // Another client address is not held back.
    expect((await from('203.0.113.6', '/api/auth/remind-password', { email: 'one-more@example.com' })).statusCode).toBe(204)
  }, 60_000)

  it('L7: registering is limited per client address across e-mails', async () => {
    const max = ACCOUNT_LIMITS.registerPerIp.max
    const body = (i: number) => ({ type: 'user', name: 'Rejestrujący', email: `reg${i}@example.com`, password: 'Haslo123', password_confirmation: 'Haslo123' })
    for (let i = 0; i < max; i++) expect((await from('203.0.113.7', '/api/auth/register', body(i))).statusCode).toBe(204)
    const over = await from('203.0.113.7', '/api/auth/register', body(max))
    expect(over.statusCode).toBe(429)
    expect(over.json().code).toBe('too_many_requests')
    expect((await from('203.0.113.8', '/api/auth/register', body(max))).statusCode).toBe(204)
  }, 120_000)

  it('L6: 30 failed logins behind one shared address do not lock the others behind it out', async () => {
    const colleague = await createUser(t.db, { email: 'colleague@example.com' })
    const nat = '100.64.0.1'
    for (let i = 0; i < 30; i++) {
      expect((await from(nat, '/api/auth/login', { email: `guess${i}@example.com`, password: 'Zle12345' })).statusCode).toBe(401)
    }
    expect((await from(nat, '/api/auth/login', { email: colleague.email, password: PASSWORD })).statusCode).toBe(200)
  }, 60_000)
})
