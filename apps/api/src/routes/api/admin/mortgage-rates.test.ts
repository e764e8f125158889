import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { adminAudit } from '@portal/db'
import { MORTGAGE_MESSAGES } from '@portal/contracts/prices'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

describe('mortgage calculator rates: public read, admin change (issue 26)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let adminJar: Jar
  let modJar: Jar
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    adminJar = await login(t.app, (await createUser(t.db, { email: 'kredyt-admin@example.com', roles: ['admin'] })).email)
    modJar = await login(t.app, (await createUser(t.db, { email: 'kredyt-mod@example.com', roles: ['mod'] })).email)
  })
  afterAll(async () => { await t.close() })

  it('defaults until changed; a moderator reads but may not change; an admin changes, audited; 422 in Polish', async () => {
    expect((await t.app.inject('/api/mortgage-rates')).json()).toEqual({ reference_rate_pct: 4.25, margin_pct: 2, rate_pct: 6.25, updated_at: null })
    const guest = await startSession(t.app)
    expect((await t.app.inject({ url: '/api/admin/mortgage-rates', headers: { cookie: guest.cookie } })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/admin/mortgage-rates', headers: { cookie: modJar.cookie } })).statusCode).toBe(200)
    expect((await send(t.app, modJar, 'PUT', '/api/admin/mortgage-rates', { reference_rate_pct: 5, margin_pct: 2 })).statusCode).toBe(403)
    const bad = await send(t.app, adminJar, 'PUT', '/api/admin/mortgage-rates', { reference_rate_pct: 25, margin_pct: 1.234 })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ reference_rate_pct: [MORTGAGE_MESSAGES.referenceInvalid], margin_pct: [MORTGAGE_MESSAGES.marginInvalid] })
    const ok = await send(t.app, adminJar, 'PUT', '/api/admin/mortgage-rates', { reference_rate_pct: 5.85, margin_pct: 1.9 })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ reference_rate_pct: 5.85, margin_pct: 1.9, rate_pct: 7.75 })
    expect((await t.app.inject('/api/mortgage-rates')).json().rate_pct).toBe(7.75)
    const audits = await t.db.db.select().from(adminAudit).where(eq(adminAudit.action, 'mortgage.update'))
    expect(audits).toHaveLength(1)
  })
})
