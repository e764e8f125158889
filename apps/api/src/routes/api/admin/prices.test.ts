import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { adminAudit, payments } from '@portal/db'
import { PRICE_MESSAGES } from '@portal/contracts/cms'
import { clearDashboardCache } from '../../../lib/stats/dashboard.ts'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from '../offers/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('admin settings: promotion prices (admin only); dashboard revenue', () => {
  let t: T
  let adminJar: Jar
  let modJar: Jar
  let ownerJar: Jar
  let owner: Awaited<ReturnType<typeof createUser>>

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const admin = await createUser(t.db, { email: 'ceny-admin@example.com', name: 'Szef', roles: ['admin'] })
    const mod = await createUser(t.db, { email: 'ceny-mod@example.com', name: 'Moderator', roles: ['mod'] })
    owner = await createUser(t.db, { email: 'ceny-owner@example.com', name: 'Właściciel' })
    adminJar = await login(t.app, admin.email)
    modJar = await login(t.app, mod.email)
    ownerJar = await login(t.app, owner.email)
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })

  it('404 for guests and users; a moderator reads (not editable) but gets 403 on a change; 419 without CSRF', async () => {
    const guest = await startSession(t.app)
    for (const jar of [guest, ownerJar]) {
      expect((await get('/api/admin/prices', jar)).statusCode).toBe(404)
      expect((await send(t.app, jar, 'PUT', '/api/admin/prices', { packages: 'x' })).statusCode).toBe(404)
    }
    const read = await get('/api/admin/prices', modJar)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ vat_rate: 23, editable: false })
    expect(read.json().packages.find((p: { id: number }) => p.id === 3)).toMatchObject({ name: 'Srebrne', price: 999, net: 812, vat: 187 })
    const byMod = await send(t.app, modJar, 'PUT', '/api/admin/prices', { packages: [{ id: 3, price: 1 }] })
    expect(byMod.statusCode).toBe(403)
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/prices', headers: { cookie: adminJar.cookie }, payload: { packages: [] } })).statusCode).toBe(419)
    expect((await get('/api/admin/prices', adminJar)).json().editable).toBe(true)
  })

  it('422 with Polish messages: not integer grosze, negative, unknown item, a priced free package', async () => {
    const bad = await send(t.app, adminJar, 'PUT', '/api/admin/prices', { packages: [{ id: 2, price: 3.5 }], addons: [{ key: 'urgent', price: -1 }] })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ 'packages.0.price': [PRICE_MESSAGES.priceInvalid], 'addons.0.price': [PRICE_MESSAGES.priceInvalid] })
    const unknown = await send(t.app, adminJar, 'PUT', '/api/admin/prices', { addons: [{ key: 'nope', price: 100 }] })
    expect(unknown.json().errors).toEqual({ 'addons.0.key': [PRICE_MESSAGES.unknownItem] })
    const free = await send(t.app, adminJar, 'PUT', '/api/admin/prices', { packages: [{ id: 1, price: 100 }] })
    expect(free.json().errors).toEqual({ 'packages.0.price': [PRICE_MESSAGES.freeStaysFree] })
  })

  it('new prices apply at once to the public price list and to a bill; the change is audited before/after', async () => {
    const offer = await createOffer(t.app, ownerJar)
    expect((await send(t.app, ownerJar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 3, addons: ['urgent'] })).json().total).toBe(999 + 499)
    const res = await send(t.app, adminJar, 'PUT', '/api/admin/prices', { packages: [{ id: 3, price: 1230 }, { id: 2, price: 399 }], addons: [{ key: 'urgent', price: 615 }] })
    expect(res.statusCode).toBe(200)
    expect(res.json().packages.find((p: { id: number }) => p.id === 3)).toMatchObject({ price: 1230, net: 1000, vat: 230 })
    const list = (await get('/api/promotions')).json()
    expect(list.packages.find((p: { id: number }) => p.id === 3).price).toBe(1230)
    const bill = (await get(`/api/payments/bill/${offer.slug}`, ownerJar)).json()
    expect(bill.items.map((i: { gross: number }) => i.gross)).toEqual([1230, 615])
    expect(bill.total).toBe(1845)
    const [row] = await t.db.db.select().from(adminAudit).where(eq(adminAudit.action, 'prices.update'))
    expect(row).toMatchObject({ actorEmail: 'ceny-admin@example.com', before: { 'package:srebrne': 999, 'addon:urgent': 499 }, after: { 'package:srebrne': 1230, 'addon:urgent': 615 } })
  })

  it('the dashboard adds revenue per day: booked payments only, integer grosze', async () => {
    const base = { userId: owner.id, purpose: 'listing' as const, title: 'Pakiet', items: [], order: { package_id: 3, addons: [] }, gateway: 'simulator' as const, expiresAt: new Date(Date.now() + 3_600_000) }
    await t.db.db.insert(payments).values([
      { ...base, publicId: 'p-paid-1', amount: 999, status: 'paid', paidAt: new Date() },
      { ...base, publicId: 'p-paid-2', amount: 4999, status: 'paid', paidAt: new Date() },
      { ...base, publicId: 'p-pending', amount: 7777, status: 'pending' },
      { ...base, publicId: 'p-failed', amount: 8888, status: 'failed' },
      { ...base, publicId: 'p-old', amount: 1000, status: 'paid', paidAt: new Date(Date.now() - 40 * 86_400_000) },
    ])
    clearDashboardCache()
    const d30 = (await get('/api/admin/dashboard', modJar)).json()
    const revenue = d30.series.find((s: { key: string }) => s.key === 'revenue')
    expect(revenue).toMatchObject({ label: 'Przychód', total: 5998 })
    expect(revenue.points).toHaveLength(30)
    expect(revenue.points.at(-1).value).toBe(5998)
    const d90 = (await get('/api/admin/dashboard?days=90', modJar)).json()
    expect(d90.series.find((s: { key: string }) => s.key === 'revenue').total).toBe(6998)
  })
})
