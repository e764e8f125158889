import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '@portal/db'
import { createTestApp, startSession } from '../../test/helpers.ts'
import { devMailVisible, parseEnv } from '../../env.ts'
import { send } from '../api/auth/test-support.ts'
import { DEMO_ADMIN_EMAIL, DEMO_MOD_EMAIL, DEMO_PASSWORD, DEMO_USER_EMAIL, ensureDemoLogins } from '../../lib/accounts/password-demo.ts'

describe('/dev/mail outbox and demo logins', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp({ CAPTCHA: 'off' }) })
  afterAll(async () => { await t.close() })

  it('without SMTP_URL the mail is stored; /dev/mail lists it newest first and opens it as HTML', async () => {
    const g = await startSession(t.app)
    for (const [email, name] of [['a@example.com', 'Pierwsza'], ['b@example.com', '<script>alert(1)</script>']]) {
      await send(t.app, g, 'POST', '/api/auth/register', {
        type: 'user', name, email, password: 'Haslo123', password_confirmation: 'Haslo123',
      })
    }
    const list = await t.app.inject('/dev/mail')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toContain('text/html')
    expect(list.body.indexOf('b@example.com')).toBeLessThan(list.body.indexOf('a@example.com'))
    expect(list.body).toContain('Dokończ proces rejestracji')
    const id = /href="\/dev\/mail\/(\d+)"/.exec(list.body)![1]
    const mail = await t.app.inject(`/dev/mail/${id}`)
    expect(mail.statusCode).toBe(200)
    expect(mail.body).toContain('/dokoncz-rejestracje?token=')
    // User values are escaped in the template.
    expect(mail.body).not.toContain('<script>alert(1)</script>')
    expect(mail.body).toContain('&lt;script&gt;')
    expect(mail.headers['content-security-policy']).toContain("default-src 'none'")
    const text = await t.app.inject(`/dev/mail/${id}?format=text`)
    expect(text.headers['content-type']).toContain('text/plain')
    expect((await t.app.inject('/dev/mail/999999')).statusCode).toBe(404)
  })

  it('in the demo set-up (npm start: production build, DEMO_DATA=1, no SMTP_URL, local address) it is shown', async () => {
    const demo = await createTestApp({ NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1', DEMO_DATA: '1' })
    try {
      expect((await demo.app.inject('/dev/mail')).statusCode).toBe(200)
    } finally {
      await demo.close()
    }
  })

  it('404 with SMTP_URL, in a real deployment (PUBLIC_URL elsewhere than localhost) and in production without demo data', async () => {
    const hidden = [
      { NODE_ENV: 'production', DEMO_DATA: '1', SMTP_URL: 'smtp://127.0.0.1:2525' },
      { NODE_ENV: 'production', DEMO_DATA: '1', PUBLIC_URL: 'https://dazu.pl' },
      { NODE_ENV: 'production', DEMO_DATA: '0' },
      { NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:2525' },
      { NODE_ENV: 'development', PUBLIC_URL: 'https://dazu.pl' },
      { NODE_ENV: 'production', E2E: '1', PUBLIC_URL: 'https://dazu.pl' },
      // NODE_ENV=production chosen by the operator (not npm start's default) is a production start (issue 29 M5).
      { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' },
    ]
    for (const env of hidden) expect(devMailVisible(parseEnv(env)), JSON.stringify(env)).toBe(false)
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1', PUBLIC_URL: 'http://127.0.0.1:3000' }]) {
      expect(devMailVisible(parseEnv(env)), JSON.stringify(env)).toBe(true)
    }
    const prod = await createTestApp({ NODE_ENV: 'production', DEMO_DATA: '1', PUBLIC_URL: 'https://dazu.pl' })
    try {
      expect((await prod.app.inject('/dev/mail')).statusCode).toBe(404)
      expect((await prod.app.inject('/dev/mail/1')).statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })

  it('ensureDemoLogins: jan.kowalski@example.pl, a seeded agency, the demo admin and moderator log in with Demo1234', async () => {
    await t.db.db.insert(users).values({ email: 'biuro.test@example.com', name: 'Biuro Test', type: 'agency', roles: ['company'], emailVerifiedAt: new Date() })
    const logins = await ensureDemoLogins(t.db)
    expect(logins).toEqual([
      { email: DEMO_USER_EMAIL, type: 'user' }, { email: 'biuro.test@example.com', type: 'agency' },
      { email: DEMO_ADMIN_EMAIL, type: 'admin' }, { email: DEMO_MOD_EMAIL, type: 'mod' },
    ])
    for (const { email } of logins) {
      const g = await startSession(t.app)
      const res = await send(t.app, g, 'POST', '/api/auth/login', { email, password: DEMO_PASSWORD })
      expect(res.statusCode).toBe(200)
    }
    const [jan] = await t.db.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL))
    const before = jan!.passwordHash
    await ensureDemoLogins(t.db)
    const [again] = await t.db.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL))
    expect(again!.passwordHash).toBe(before)
  })
})
