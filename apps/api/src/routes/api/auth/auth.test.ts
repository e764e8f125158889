import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, inArray } from 'drizzle-orm'
import { authTokens, mailOutbox, sessions, throttles, users } from '@portal/db'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, jarFrom, login, PASSWORD, send } from './test-support.ts'
import { LOGIN_LIMITS } from './login.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const tokenFrom = (text: string, path: string) => {
  const m = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)
  if (!m) throw new Error(`no ${path} link in: ${text}`)
  return m[1]!
}
const valid = {
  type: 'user', name: 'Anna Nowak', email: 'Anna.Nowak@Example.com', phone: '600 700 800',
  password: 'Haslo123', password_confirmation: 'Haslo123',
}

describe('accounts API: registration, activation, login (real SMTP listener)', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  it('422 carries each §5 message', async () => {
    const g = await startSession(t.app)
    const empty = await send(t.app, g, 'POST', '/api/auth/register', {})
    expect(empty.statusCode).toBe(422)
    const e = empty.json().errors
    expect(e.type).toEqual([AUTH_MESSAGES.typeRequired])
    expect(e.email).toEqual([AUTH_MESSAGES.emailRequired])
    expect(e.name).toEqual([AUTH_MESSAGES.nameRequired])
    expect(e.password).toEqual([AUTH_MESSAGES.passwordRequired])
    expect(e.password_confirmation).toEqual([AUTH_MESSAGES.passwordConfirmationRequired])
    const bad = await send(t.app, g, 'POST', '/api/auth/register', {
      ...valid, type: 'alien', email: 'nie-email', password: 'abcdef', password_confirmation: 'abcdefg', phone: '12',
    })
    const b = bad.json().errors
    expect(b.type).toEqual([AUTH_MESSAGES.typeRequired])
    expect(b.email).toEqual([AUTH_MESSAGES.emailInvalid])
    expect(b.password).toEqual([AUTH_MESSAGES.passwordRule])
    expect(b.phone).toEqual([AUTH_MESSAGES.phoneInvalid])
    const differ = await send(t.app, g, 'POST', '/api/auth/register', { ...valid, password_confirmation: 'Haslo124' })
    expect(differ.json().errors).toEqual({ password_confirmation: [AUTH_MESSAGES.passwordsDiffer] })
    expect(differ.json().message).toBe(AUTH_MESSAGES.passwordsDiffer)
  })

  it('register → mail over SMTP → complete-registration logs in; token single use', async () => {
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', '/api/auth/register', valid)
    expect(res.statusCode).toBe(204)
    const [u] = await t.db.db.select().from(users).where(eq(users.email, 'anna.nowak@example.com'))
    expect(u!.email).toBe('anna.nowak@example.com')
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/)
    expect(u!.roles).toEqual(['user'])
    expect(u!.emailVerifiedAt).toBeNull()

    const mail = await smtp.next()
    expect(mail.subject).toBe('Dokończ proces rejestracji')
    expect((mail.to as { text: string }).text).toBe('anna.nowak@example.com')
    expect(mail.text).toContain('https://portal.test/dokoncz-rejestracje?token=')
    expect(mail.html).toContain('Anna Nowak')
    const token = tokenFrom(mail.text!, '/dokoncz-rejestracje')
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    // Only the hash is stored.
    const [tok] = await t.db.db.select().from(authTokens).where(eq(authTokens.userId, u!.id))
    expect(tok!.tokenHash).not.toContain(token)
    expect(tok!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    await t.app.mailer.flush()
    const [out] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'anna.nowak@example.com'))
    expect(out!.sentAt).not.toBeNull()

    // Not active yet: right password → 403.
    const early = await send(t.app, g, 'POST', '/api/auth/login', { email: 'anna.nowak@example.com', password: 'Haslo123' })
    expect(early.statusCode).toBe(403)
    expect(early.json()).toEqual({ error: 'Konto nie zostało zweryfikowane!', message: 'Konto nie zostało zweryfikowane!', code: 'email_not_verified' })

    const done = await send(t.app, g, 'POST', '/api/auth/complete-registration', { token })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ id: u!.id, email: 'anna.nowak@example.com', name: 'Anna Nowak', type: 'user',
      roles: ['user'], permissions: ['view own profile', 'update own profile'] })
    const jar = jarFrom(done, g)
    expect(jar.xsrf).not.toBe(g.xsrf)
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: jar.cookie } })).json().id).toBe(u!.id)
    // The guest session is gone (rotated).
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: g.cookie } })).json()).toEqual({ isLogged: false })

    const again = await send(t.app, jar, 'POST', '/api/auth/complete-registration', { token })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: AUTH_MESSAGES.tokenInvalid, message: AUTH_MESSAGES.tokenInvalid, code: 'token_invalid' })
    const unknown = await send(t.app, jar, 'POST', '/api/auth/complete-registration', { token: 'x'.repeat(43) })
    expect(unknown.json().code).toBe('token_invalid')
  })

  it('duplicate address (any case, also deleted accounts) → 400 email_already_exist', async () => {
    const g = await startSession(t.app)
    const dup = await send(t.app, g, 'POST', '/api/auth/register', { ...valid, email: 'ANNA.nowak@example.com' })
    expect(dup.statusCode).toBe(400)
    // Spec §8 names email_already_exist as the code the client reads in `error`.
    expect(dup.json()).toEqual({ error: 'email_already_exist', message: 'Ten adres email jest już używany przez inne konto', code: 'email_already_exist' })
    await createUser(t.db, { email: 'gone@example.com', deletedAt: new Date() })
    const gone = await send(t.app, g, 'POST', '/api/auth/register', { ...valid, email: 'gone@example.com' })
    expect(gone.json()).toMatchObject({ error: 'email_already_exist', code: 'email_already_exist' })
  })

  it('agency and developer get role company', async () => {
    const g = await startSession(t.app)
    for (const type of ['agency', 'developer'] as const) {
      const email = `${type}@example.com`
      expect((await send(t.app, g, 'POST', '/api/auth/register', { ...valid, type, email, name: `Firma ${type}` })).statusCode).toBe(204)
      const [u] = await t.db.db.select().from(users).where(eq(users.email, email))
      expect(u!.roles).toEqual(['company'])
      expect(u!.type).toBe(type)
      expect(u!.companyName).toBe(`Firma ${type}`)
      await smtp.next()
    }
  })

  it('an activation link older than 48 h → 400 token_expired', async () => {
    const g = await startSession(t.app)
    await send(t.app, g, 'POST', '/api/auth/register', { ...valid, email: 'late@example.com' })
    const token = tokenFrom((await smtp.next()).text!, '/dokoncz-rejestracje')
    const [u] = await t.db.db.select().from(users).where(eq(users.email, 'late@example.com'))
    const [tok] = await t.db.db.select().from(authTokens).where(eq(authTokens.userId, u!.id))
    expect(new Date(tok!.expiresAt).getTime() - new Date(tok!.createdAt).getTime()).toBeCloseTo(48 * 3600_000, -4)
    await t.db.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, u!.id))
    const res = await send(t.app, g, 'POST', '/api/auth/complete-registration', { token })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.tokenExpired, message: AUTH_MESSAGES.tokenExpired, code: 'token_expired' })
  })

  it('resend-email: 204 always; mails only a not yet active account', async () => {
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', '/api/auth/resend-email', { email: 'late@example.com' })
    expect(res.statusCode).toBe(204)
    const mail = await smtp.next()
    expect(mail.subject).toBe('Dokończ proces rejestracji')
    const token = tokenFrom(mail.text!, '/dokoncz-rejestracje')
    expect((await send(t.app, g, 'POST', '/api/auth/complete-registration', { token })).statusCode).toBe(200)
    const g2 = await startSession(t.app)
    expect((await send(t.app, g2, 'POST', '/api/auth/resend-email', { email: 'late@example.com' })).statusCode).toBe(204)
    expect((await send(t.app, g2, 'POST', '/api/auth/resend-email', { email: 'nobody@example.com' })).statusCode).toBe(204)
    await t.app.mailer.flush()
    expect(smtp.pending()).toBe(0)
    const bad = await send(t.app, g2, 'POST', '/api/auth/resend-email', { email: 'zly-adres' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.email).toEqual([AUTH_MESSAGES.promptEmailInvalid])
  })

  it('login: trimmed, case-insensitive; 401 wrong; profile fields; session rotated', async () => {
    const u = await createUser(t.db, { email: 'login@example.com', type: 'agency', roles: ['company'], companyName: 'Biuro' })
    const g = await startSession(t.app)
    const wrong = await send(t.app, g, 'POST', '/api/auth/login', { email: 'login@example.com', password: 'Zle12345' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'Błędny email lub hasło', message: 'Błędny email lub hasło', code: 'invalid_credentials' })
    const nobody = await send(t.app, g, 'POST', '/api/auth/login', { email: 'nobody@example.com', password: 'Zle12345' })
    expect(nobody.json()).toEqual(wrong.json())
    const ok = await send(t.app, g, 'POST', '/api/auth/login', { email: '  LOGIN@example.com ', password: PASSWORD })
    expect(ok.statusCode).toBe(200)
    const p = ok.json()
    expect(Object.keys(p).sort()).toEqual(['address', 'avatar', 'commission', 'company_name', 'default_avatar', 'description',
      'email', 'id', 'languages', 'name', 'newsletter', 'nip', 'permissions', 'phone', 'roles', 'services', 'type', 'video_avatar'].sort())
    expect(p).toMatchObject({ id: u.id, type: 'agency', roles: ['company'], company_name: 'Biuro',
      address: { city: null, street: null, zip_code: null, country: null } })
    expect(p.permissions).toEqual(['view own profile', 'update own profile', 'show agent', 'store agent', 'delete agent'])
    const jar = jarFrom(ok, g)
    expect(jar.cookie).not.toBe(g.cookie)
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: g.cookie } })).json()).toEqual({ isLogged: false })
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: jar.cookie } })).json()).toEqual({ isLogged: true })
    const passwordless = await createUser(t.db, { email: 'nopass@example.com', passwordHash: null })
    const g2 = await startSession(t.app)
    expect((await send(t.app, g2, 'POST', '/api/auth/login', { email: passwordless.email, password: 'x' })).statusCode).toBe(401)
    // The old guest session was replaced at login: it cannot post any more (no fixation).
    expect((await send(t.app, g, 'POST', '/api/auth/login', { email: u.email, password: PASSWORD })).statusCode).toBe(419)
  })

  it('login throttled per (address, client) with a doubling lock: an attacker elsewhere cannot lock the owner out', async () => {
    await createUser(t.db, { email: 'victim@example.com' })
    const t3 = await createTestApp({ CAPTCHA: 'off', TRUST_PROXY: 'true' })
    try {
      await createUser(t3.db, { email: 'victim@example.com' })
      const attacker = { 'x-forwarded-for': '198.51.100.7' }
      const owner = { 'x-forwarded-for': '192.0.2.44' }
      const a = await startSession(t3.app)
      for (let i = 0; i < 5; i++) {
        const r = await send(t3.app, a, 'POST', '/api/auth/login', { email: 'victim@example.com', password: 'Zle12345' }, attacker)
        expect(r.statusCode).toBe(401)
      }
      const blocked = await send(t3.app, a, 'POST', '/api/auth/login', { email: 'victim@example.com', password: PASSWORD }, attacker)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts, message: AUTH_MESSAGES.tooManyAttempts, code: 'too_many_attempts' })
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50)
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60)
      // The owner, from their own address, logs in meanwhile.
      const o = await startSession(t3.app)
      expect((await send(t3.app, o, 'POST', '/api/auth/login', { email: 'victim@example.com', password: PASSWORD }, owner)).statusCode).toBe(200)
      // The lock ends; the next failure locks for twice as long (backoff).
      const lockKey = 'login:pair:victim@example.com|198.51.100.7:lock'
      await t3.db.db.update(throttles).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(throttles.key, lockKey))
      const again = await send(t3.app, a, 'POST', '/api/auth/login', { email: 'victim@example.com', password: 'Zle12345' }, attacker)
      expect(again.statusCode).toBe(401)
      const locked = await send(t3.app, a, 'POST', '/api/auth/login', { email: 'victim@example.com', password: 'Zle12345' }, attacker)
      expect(locked.statusCode).toBe(429)
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(110)
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(120)
      // The right password from that address, once the lock has ended, forgets its failures and its lock.
      await t3.db.db.update(throttles).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(throttles.key, lockKey))
      expect((await send(t3.app, a, 'POST', '/api/auth/login', { email: 'victim@example.com', password: PASSWORD }, attacker)).statusCode).toBe(200)
      const pairKey = lockKey.replace(/:lock$/, '')
      expect(await t3.db.db.select({ key: throttles.key }).from(throttles).where(inArray(throttles.key, [pairKey, lockKey]))).toEqual([])
    } finally {
      await t3.close()
    }
    let g = await startSession(t.app)

    // Per IP: spread over many addresses from another client address.
    const ip = { 'x-forwarded-for': '203.0.113.9' }
    const t2 = await createTestApp({ CAPTCHA: 'off', TRUST_PROXY: 'true' })
    // The per-address cap is 300 (decision 050); lowered here so the test stays quick.
    const perIp = LOGIN_LIMITS.perIp
    LOGIN_LIMITS.perIp = 30
    try {
      g = await startSession(t2.app)
      for (let i = 0; i < 30; i++) {
        const r = await send(t2.app, g, 'POST', '/api/auth/login', { email: `a${i}@example.com`, password: 'Zle12345' }, ip)
        expect(r.statusCode).toBe(401)
      }
      expect((await send(t2.app, g, 'POST', '/api/auth/login', { email: 'fresh@example.com', password: 'Zle12345' }, ip)).statusCode).toBe(429)
      expect((await send(t2.app, g, 'POST', '/api/auth/login', { email: 'fresh@example.com', password: 'Zle12345' },
        { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(401)
    } finally {
      LOGIN_LIMITS.perIp = perIp
      await t2.close()
    }
  }, 60_000)

  it('logout: 204, session row deleted, cookies cleared; GET /api/user then 401', async () => {
    const u = await createUser(t.db, { email: 'out@example.com' })
    const jar = await login(t.app, u.email)
    const out = await send(t.app, jar, 'POST', '/api/auth/logout')
    expect(out.statusCode).toBe(204)
    expect(out.cookies.find((c) => c.name === 'portal_session')!.value).toBe('')
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: jar.cookie } })
    expect(me.statusCode).toBe(401)
    expect(me.json()).toEqual({ error: 'Zaloguj się, aby mieć dostęp do tej strony', message: 'Zaloguj się, aby mieć dostęp do tej strony', code: 'unauthenticated' })
    const [{ n }] = await t.db.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, u.id))
    expect(n).toBe(0)
  })

  it('remind-password → mail → set-password: 204, verified, all sessions ended; 1 h expiry; no enumeration', async () => {
    const u = await createUser(t.db, { email: 'forgot@example.com', emailVerifiedAt: null })
    const other = await createUser(t.db, { email: 'forgot-other@example.com' })
    await t.db.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, u.id))
    const jar = await login(t.app, u.email)
    await t.db.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, u.id))
    const g = await startSession(t.app)
    expect((await send(t.app, g, 'POST', '/api/auth/remind-password', { email: 'nobody@example.com' })).statusCode).toBe(204)
    const res = await send(t.app, g, 'POST', '/api/auth/remind-password', { email: ' Forgot@Example.com ' })
    expect(res.statusCode).toBe(204)
    const mail = await smtp.next()
    expect(mail.subject).toBe('Ustaw swoje nowe hasło')
    expect((mail.to as { text: string }).text).toBe('forgot@example.com')
    const token = tokenFrom(mail.text!, 'https://portal.test/ustaw-haslo')
    const [tok] = await t.db.db.select().from(authTokens)
      .where(and(eq(authTokens.userId, u.id), eq(authTokens.purpose, 'password_reset')))
    expect(new Date(tok!.expiresAt).getTime() - new Date(tok!.createdAt).getTime()).toBeCloseTo(3600_000, -4)

    const weak = await send(t.app, g, 'POST', '/api/auth/set-password', { token, password: 'abc', password_confirmation: 'abc' })
    expect(weak.statusCode).toBe(422)
    expect(weak.json().errors.password).toEqual([AUTH_MESSAGES.passwordRule])
    const set = await send(t.app, g, 'POST', '/api/auth/set-password', { token, password: 'Nowe1234', password_confirmation: 'Nowe1234' })
    expect(set.statusCode).toBe(204)
    const [after] = await t.db.db.select().from(users).where(eq(users.id, u.id))
    expect(after!.emailVerifiedAt).not.toBeNull()
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: jar.cookie } })).statusCode).toBe(401)
    expect((await send(t.app, g, 'POST', '/api/auth/set-password', { token, password: 'Nowe1234', password_confirmation: 'Nowe1234' })).json().code)
      .toBe('token_invalid')
    await login(t.app, u.email, 'Nowe1234')
    await login(t.app, other.email)

    // An expired reset link.
    await send(t.app, g, 'POST', '/api/auth/remind-password', { email: 'forgot@example.com' })
    const token2 = tokenFrom((await smtp.next()).text!, '/ustaw-haslo')
    await t.db.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(authTokens.userId, u.id))
    const late = await send(t.app, g, 'POST', '/api/auth/set-password', { token: token2, password: 'Nowe1234', password_confirmation: 'Nowe1234' })
    expect(late.json()).toEqual({ error: AUTH_MESSAGES.tokenExpired, message: AUTH_MESSAGES.tokenExpired, code: 'token_expired' })
    const bad = await send(t.app, g, 'POST', '/api/auth/remind-password', { email: 'zly' })
    expect(bad.json().errors.email).toEqual([AUTH_MESSAGES.promptEmailInvalid])
  })

  it('change-password: 422 wrong current; 204 ends the other sessions and rotates this one', async () => {
    const u = await createUser(t.db, { email: 'change@example.com' })
    const a = await login(t.app, u.email)
    const b = await login(t.app, u.email)
    const wrong = await send(t.app, a, 'PATCH', '/api/auth/change-password',
      { current_password: 'Zle12345', password: 'Nowe1234', password_confirmation: 'Nowe1234' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toEqual({ message: 'Niepoprawne hasło', errors: { current_password: ['Niepoprawne hasło'] } })
    const mismatch = await send(t.app, a, 'PATCH', '/api/auth/change-password',
      { current_password: PASSWORD, password: 'Nowe1234', password_confirmation: 'Inne1234' })
    expect(mismatch.json().errors).toEqual({ password_confirmation: [AUTH_MESSAGES.passwordsDiffer] })
    const ok = await send(t.app, a, 'PATCH', '/api/auth/change-password',
      { current_password: PASSWORD, password: 'Nowe1234', password_confirmation: 'Nowe1234' })
    expect(ok.statusCode).toBe(204)
    const a2 = jarFrom(ok, a)
    expect(a2.xsrf).not.toBe(a.xsrf)
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: a2.cookie } })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: a.cookie } })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: b.cookie } })).statusCode).toBe(401)
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'PATCH', '/api/auth/change-password',
      { current_password: PASSWORD, password: 'Nowe1234', password_confirmation: 'Nowe1234' })).statusCode).toBe(401)
  })

  it('remind-password answers before looking the address up: known and unknown take the same time', async () => {
    const u = await createUser(t.db, { email: 'slowmail@example.com' })
    const g = await startSession(t.app)
    // The mail for a known address cannot go out until the answer has arrived: an answer that waited for it would
    // come only when the 20 s fallback lets the mail go (a bound in milliseconds depended on the machine).
    const real = t.app.mailer.send.bind(t.app.mailer)
    let letGo!: () => void
    const answered = new Promise<void>((r) => { letGo = r })
    let fallback = false
    const timer = setTimeout(() => { fallback = true; letGo() }, 20_000)
    t.app.mailer.send = async (m) => { await answered; return real(m) }
    try {
      const res = await send(t.app, g, 'POST', '/api/auth/remind-password', { email: u.email })
      expect(res.statusCode).toBe(204)
      expect(fallback, 'the answer waited for the mail').toBe(false)
      letGo()
      const mail = await smtp.next()
      expect(mail.subject).toBe('Ustaw swoje nowe hasło')
    } finally {
      clearTimeout(timer)
      t.app.mailer.send = real
    }
  })

  it('wrong current passwords (change-password, DELETE /api/user) are throttled per user: 429 after 5', async () => {
    const u = await createUser(t.db, { email: 'guess@example.com' })
    const j = await login(t.app, u.email)
    for (let i = 0; i < 3; i++) {
      const r = await send(t.app, j, 'PATCH', '/api/auth/change-password',
        { current_password: `Zle1234${i}`, password: 'Nowe1234', password_confirmation: 'Nowe1234' })
      expect(r.statusCode).toBe(422)
    }
    for (let i = 0; i < 2; i++) expect((await send(t.app, j, 'DELETE', '/api/user', { password: `Zle0000${i}` })).statusCode).toBe(422)
    const blocked = await send(t.app, j, 'PATCH', '/api/auth/change-password',
      { current_password: PASSWORD, password: 'Nowe1234', password_confirmation: 'Nowe1234' })
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await send(t.app, j, 'DELETE', '/api/user', { password: PASSWORD })).statusCode).toBe(429)
  })

  it('CSRF: every state-changing auth call without the header → 419', async () => {
    const u = await createUser(t.db, { email: 'csrf@example.com' })
    const jar = await login(t.app, u.email)
    const calls: Array<[string, string]> = [
      ['POST', '/api/auth/register'], ['POST', '/api/auth/complete-registration'], ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'], ['POST', '/api/auth/remind-password'], ['POST', '/api/auth/set-password'],
      ['POST', '/api/auth/resend-email'], ['PATCH', '/api/auth/change-password'],
    ]
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: { cookie: jar.cookie }, payload: {} })
      expect(res.statusCode, `${method} ${url}`).toBe(419)
      const forged = await t.app.inject({ method: method as 'POST', url, headers: { cookie: jar.cookie, 'x-xsrf-token': 'forged' }, payload: {} })
      expect(forged.statusCode, `${method} ${url}`).toBe(419)
    }
  })

  it('SMTP down: registration still 204, the error is recorded in the outbox', async () => {
    const dead = await createTestApp({ CAPTCHA: 'off', SMTP_URL: 'smtp://127.0.0.1:1' })
    try {
      const g = await startSession(dead.app)
      const res = await send(dead.app, g, 'POST', '/api/auth/register', { ...valid, email: 'down@example.com' })
      expect(res.statusCode).toBe(204)
      await dead.app.mailer.flush()
      const [row] = await dead.db.db.select().from(mailOutbox)
      expect(row!.sentAt).toBeNull()
      expect(row!.error).toBeTruthy()
    } finally {
      await dead.close()
    }
  })
})
