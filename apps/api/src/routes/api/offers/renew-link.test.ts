import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { listings } from '@portal/db'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createTestApp, insertListings, startSession } from '../../../test/helpers.ts'
import { createUser, login, send } from '../auth/test-support.ts'
import { REMINDERS_JOB } from './renew-link.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const DAY = 24 * 3600_000

describe('expiry reminders and the one-click renew link', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  it('3 days before expiry: one mail and one notification with a renew link that works once, without logging in', async () => {
    const owner = await createUser(t.db, { email: 'wlasciciel-wygasa@example.com', name: 'Ola Właścicielka' })
    const [soon, later] = await insertListings(t.db, [
      { userId: owner.id, title: 'Kawalerka przy parku', expiresAt: new Date(Date.now() + 2.5 * DAY) },
      { userId: owner.id, title: 'Dom pod lasem', expiresAt: new Date(Date.now() + 10 * DAY) },
    ])
    await t.app.jobs.enqueue(REMINDERS_JOB, {})
    await t.app.jobs.drain([REMINDERS_JOB])
    await t.app.mailer.flush()
    const mail = await smtp.next()
    expect(mail.subject).toBe('Twoje ogłoszenie wygaśnie za 3 dni')
    expect(mail.text).toContain('Kawalerka przy parku')
    expect(mail.text).not.toContain('Dom pod lasem')
    const token = /przedluz-ogloszenie\?token=([\w.-]+)/.exec(mail.text!)![1]!
    const jar = await login(t.app, owner.email)
    const bell = (await t.app.inject({ url: '/api/user/notifications', headers: { cookie: jar.cookie } })).json()
    expect(bell.data[0]).toMatchObject({ type: 'warning', message: 'Ogłoszenie „Kawalerka przy parku” wygaśnie za 3 dni. Przedłuż je jednym kliknięciem.', link: '/moje-ogloszenia' })
    // A second run sends nothing (one reminder per expiry).
    await t.app.jobs.enqueue(REMINDERS_JOB, {})
    await t.app.jobs.drain([REMINDERS_JOB])
    await t.app.mailer.flush()
    expect(smtp.pending()).toBe(0)

    // The link renews as a guest (CSRF still required), once.
    const guest = await startSession(t.app)
    expect((await t.app.inject({ method: 'POST', url: '/api/offers/renew-link', headers: { cookie: guest.cookie }, payload: { token } })).statusCode).toBe(419)
    const res = await send(t.app, guest, 'POST', '/api/offers/renew-link', { token })
    expect(res.statusCode).toBe(200)
    expect(new Date(res.json().expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
    expect((await send(t.app, guest, 'POST', '/api/offers/renew-link', { token })).statusCode).toBe(404)
    // A token for another listing cannot be made from this one.
    const forged = token.replace(/^\d+/, String(later))
    expect((await send(t.app, guest, 'POST', '/api/offers/renew-link', { token: forged })).statusCode).toBe(404)
    expect((await send(t.app, guest, 'POST', '/api/offers/renew-link', { token: '' })).statusCode).toBe(422)
    const [row] = await t.db.db.select().from(listings).where(eq(listings.id, soon!))
    expect(row!.status).toBe('active')
  })
})
