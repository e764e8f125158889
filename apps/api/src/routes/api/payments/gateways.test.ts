import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { invoices, listings, payments } from '@portal/db'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from '../offers/test-support.ts'
import { p24Sign, signNotification } from '../../../lib/payments/gateways/przelewy24.ts'
import { payuSignature } from '../../../lib/payments/gateways/payu.ts'

/**
 * The real gateways' adapters against local stand-ins of Przelewy24 and PayU (loopback HTTP servers that check what
 * the real ones check: auth, signs, amounts), then their notifications through our endpoint: valid, tampered,
 * replayed, wrong amount, unknown transaction.
 */
type T = Awaited<ReturnType<typeof createTestApp>>
interface Recorded { method: string; url: string; headers: IncomingMessage['headers']; body: string }

async function fakeServer(handle: (r: Recorded) => { status: number; body: unknown; headers?: Record<string, string> }) {
  const calls: Recorded[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => { body += c })
    req.on('end', () => {
      const r = { method: req.method!, url: req.url!, headers: req.headers, body }
      calls.push(r)
      const out = handle(r)
      res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers })
      res.end(JSON.stringify(out.body))
    })
  })
  server.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) }
}

async function paidChoice(t: T, jar: Jar) {
  const offer = await createOffer(t.app, jar, { status: 'draft' })
  await send(t.app, jar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 2, addons: [] })
  await send(t.app, jar, 'POST', `/api/offers/${offer.id}/publish`)
  return offer
}

describe('Przelewy24 adapter (REST, SHA-384, verify)', { timeout: 90_000 }, () => {
  const CRC = 'p24-crc-key-123456'
  const cfg = { merchantId: 111111, posId: 111111, apiKey: 'p24-api-key-abcdef' }
  let t: T
  let jar: Jar
  let p24: Awaited<ReturnType<typeof fakeServer>>
  let verifyOk = true
  beforeAll(async () => {
    p24 = await fakeServer((r) => {
      const auth = `Basic ${Buffer.from(`${cfg.posId}:${cfg.apiKey}`).toString('base64')}`
      if (r.headers.authorization !== auth) return { status: 401, body: { error: 'auth' } }
      const b = JSON.parse(r.body)
      if (r.url === '/api/v1/transaction/register') {
        const ok = b.sign === p24Sign({ sessionId: b.sessionId, merchantId: b.merchantId, amount: b.amount, currency: b.currency }, CRC)
        return ok ? { status: 200, body: { data: { token: `TOKEN-${b.sessionId.slice(0, 8)}` }, responseCode: 0 } } : { status: 400, body: { error: 'sign' } }
      }
      if (r.url === '/api/v1/transaction/verify') {
        const ok = b.sign === p24Sign({ sessionId: b.sessionId, orderId: b.orderId, amount: b.amount, currency: b.currency }, CRC)
        return ok && verifyOk ? { status: 200, body: { data: { status: 'success' }, responseCode: 0 } } : { status: 400, body: { error: 'verify' } }
      }
      return { status: 404, body: {} }
    })
    t = await createTestApp({
      CAPTCHA: 'off', PUBLIC_URL: 'https://portal.test', PAYMENTS: 'przelewy24', P24_URL: p24.url,
      P24_MERCHANT_ID: String(cfg.merchantId), P24_POS_ID: String(cfg.posId), P24_CRC: CRC, P24_API_KEY: cfg.apiKey,
    })
    jar = await login(t.app, (await createUser(t.db, { email: 'p24@example.com' })).email)
  })
  afterAll(async () => { await t.close(); await p24.close() })

  const notification = (p: { publicId: string; amount: number }, over: Record<string, string | number> = {}) => {
    const n: Record<string, string | number> = {
      merchantId: cfg.merchantId, posId: cfg.posId, sessionId: p.publicId, amount: p.amount, originAmount: p.amount, currency: 'PLN',
      orderId: 316000123, methodId: 25, statement: 'p24-A1B2-C3D4', ...over,
    }
    return { ...n, sign: signNotification(n, CRC) }
  }
  const notify = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/payments/notify/przelewy24', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) })

  it('register: signed, stored with the token before the redirect to /trnRequest/{token}', async () => {
    const offer = await paidChoice(t, jar)
    const res = await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'transfer' })
    expect(res.statusCode).toBe(201)
    const [p] = await t.db.db.select().from(payments).where(eq(payments.publicId, res.json().payment_id))
    expect(res.json().redirect_url).toBe(`${p24.url}/trnRequest/${p!.gatewayRef}`)
    const reg = JSON.parse(p24.calls.at(-1)!.body)
    expect(reg).toMatchObject({ merchantId: cfg.merchantId, posId: cfg.posId, sessionId: p!.publicId, amount: 399, currency: 'PLN',
      urlStatus: 'https://portal.test/api/payments/notify/przelewy24', urlReturn: `https://portal.test/moje-ogloszenia/oplac/${offer.slug}?platnosc=${p!.publicId}` })
  })

  it('notification: valid → verify → booked; replay → nothing; tampered, wrong amount, unknown → 400; failed verify → 400', async () => {
    const offer = await paidChoice(t, jar)
    const id = (await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'blik' })).json().payment_id
    const [p] = await t.db.db.select().from(payments).where(eq(payments.publicId, id))
    expect((await notify({ ...notification(p!), amount: 1 })).statusCode).toBe(400)
    expect((await notify({ ...notification(p!), sign: notification(p!).sign.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).statusCode).toBe(400)
    expect((await notify(notification({ publicId: p!.publicId, amount: 100 }))).statusCode).toBe(400)
    expect((await notify(notification({ publicId: 'nieznana-transakcja-1', amount: 399 }))).statusCode).toBe(400)
    expect((await notify({ ...notification(p!), merchantId: 222222 })).statusCode).toBe(400)
    verifyOk = false
    expect((await notify(notification(p!))).statusCode).toBe(400)
    expect((await t.db.db.select().from(payments).where(eq(payments.id, p!.id)))[0]!.status).toBe('pending')
    verifyOk = true
    const ok = await notify(notification(p!))
    expect(ok.statusCode).toBe(200)
    const verify = JSON.parse(p24.calls.at(-1)!.body)
    expect(verify).toMatchObject({ sessionId: p!.publicId, orderId: 316000123, amount: 399, currency: 'PLN' })
    expect((await t.db.db.select().from(payments).where(eq(payments.id, p!.id)))[0]).toMatchObject({ status: 'paid', gatewayOrderId: '316000123' })
    expect((await t.db.db.select().from(listings).where(eq(listings.id, offer.id)))[0]!.status).toBe('active')
    const calls = p24.calls.length
    expect((await notify(notification(p!))).statusCode).toBe(200)
    expect(p24.calls.length).toBe(calls)
    expect(await t.db.db.select().from(invoices).where(eq(invoices.paymentId, p!.id))).toHaveLength(1)
  })

  it('gateway down: 502 with a Polish message, the payment is marked failed', async () => {
    const offer = await paidChoice(t, jar)
    await p24.close()
    const res = await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'blik' })
    expect(res.statusCode).toBe(502)
    expect(res.json().message).toBe('Bramka płatności nie odpowiada. Spróbuj ponownie za chwilę.')
    p24 = await fakeServer(() => ({ status: 500, body: {} }))
  })
})

describe('PayU adapter (REST 2.1, OAuth, OpenPayu-Signature)', { timeout: 90_000 }, () => {
  const SECOND = 'payu-second-key-0123'
  let t: T
  let jar: Jar
  let payu: Awaited<ReturnType<typeof fakeServer>>
  let tokens = 0
  beforeAll(async () => {
    payu = await fakeServer((r) => {
      if (r.url === '/pl/standard/user/oauth/authorize') {
        const q = new URLSearchParams(r.body)
        if (q.get('grant_type') !== 'client_credentials' || q.get('client_id') !== '300746' || q.get('client_secret') !== 'payu-client-secret') return { status: 401, body: {} }
        tokens++
        return { status: 200, body: { access_token: 'ACCESS-1', token_type: 'bearer', expires_in: 43199 } }
      }
      if (r.url === '/api/v2_1/orders') {
        if (r.headers.authorization !== 'Bearer ACCESS-1') return { status: 401, body: {} }
        const b = JSON.parse(r.body)
        return { status: 302, headers: { location: 'https://merch.payu.test/pay' }, body: { status: { statusCode: 'SUCCESS' }, redirectUri: `https://merch.payu.test/pay?order=${b.extOrderId}`, orderId: `PAYU${b.extOrderId.slice(0, 6).toUpperCase()}`, extOrderId: b.extOrderId } }
      }
      return { status: 404, body: {} }
    })
    t = await createTestApp({
      CAPTCHA: 'off', PUBLIC_URL: 'https://portal.test', PAYMENTS: 'payu', PAYU_URL: payu.url, PAYU_POS_ID: '300746',
      PAYU_CLIENT_ID: '300746', PAYU_CLIENT_SECRET: 'payu-client-secret', PAYU_SECOND_KEY: SECOND,
    })
    jar = await login(t.app, (await createUser(t.db, { email: 'payu@example.com' })).email)
  })
  afterAll(async () => { await t.close(); await payu.close() })

  const notify = (order: Record<string, unknown>, sign: (raw: string) => string = (raw) => `sender=checkout;signature=${payuSignature(raw, SECOND)};algorithm=MD5;content=DOCUMENT`) => {
    const raw = JSON.stringify({ order })
    return t.app.inject({ method: 'POST', url: '/api/payments/notify/payu', headers: { 'content-type': 'application/json', 'openpayu-signature': sign(raw) }, payload: raw })
  }

  it('OAuth once, order create (302 JSON) stored with orderId; COMPLETED books once; tampered/wrong amount/unknown → 400', async () => {
    const offer = await paidChoice(t, jar)
    const res = await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'card' })
    expect(res.statusCode).toBe(201)
    const [p] = await t.db.db.select().from(payments).where(eq(payments.publicId, res.json().payment_id))
    expect(res.json().redirect_url).toBe(`https://merch.payu.test/pay?order=${p!.publicId}`)
    expect(p!.gatewayRef).toBe(`PAYU${p!.publicId.slice(0, 6).toUpperCase()}`)
    const order = JSON.parse(payu.calls.at(-1)!.body)
    expect(order).toMatchObject({ merchantPosId: '300746', currencyCode: 'PLN', totalAmount: '399', extOrderId: p!.publicId, notifyUrl: 'https://portal.test/api/payments/notify/payu' })
    // The second order reuses the token.
    await send(t.app, jar, 'POST', `/api/payments/bill/${(await paidChoice(t, jar)).slug}/charge`, { method: 'card' })
    expect(tokens).toBe(1)

    const base = { orderId: p!.gatewayRef, extOrderId: p!.publicId, totalAmount: '399', currencyCode: 'PLN', status: 'COMPLETED' }
    // Tampered body (signature of another body), wrong amount (validly signed), unknown order, no header.
    expect((await notify(base, (raw) => `signature=${payuSignature(raw.replace('399', '1'), SECOND)};algorithm=MD5`)).statusCode).toBe(400)
    expect((await notify({ ...base, totalAmount: '1' })).statusCode).toBe(400)
    expect((await notify({ ...base, orderId: 'XYZ', extOrderId: 'nieznana-transakcja-2' })).statusCode).toBe(400)
    expect((await notify({ ...base, orderId: 'XYZ' })).statusCode).toBe(400)
    expect((await notify(base, () => '')).statusCode).toBe(400)
    // PENDING changes nothing; COMPLETED books; SHA-256 signatures are accepted too; a replay books nothing.
    expect((await notify({ ...base, status: 'PENDING' })).statusCode).toBe(200)
    expect((await t.db.db.select().from(payments).where(eq(payments.id, p!.id)))[0]!.status).toBe('pending')
    const sha = (raw: string) => `sender=checkout;signature=${createHash('sha256').update(raw + SECOND).digest('hex')};algorithm=SHA-256;content=DOCUMENT`
    expect((await notify(base, sha)).statusCode).toBe(200)
    expect((await t.db.db.select().from(payments).where(eq(payments.id, p!.id)))[0]!.status).toBe('paid')
    expect((await notify(base)).statusCode).toBe(200)
    expect(await t.db.db.select().from(invoices).where(eq(invoices.paymentId, p!.id))).toHaveLength(1)
    expect((await t.db.db.select().from(listings).where(eq(listings.id, offer.id)))[0]!.status).toBe('active')
  })

  it('CANCELED fails the payment; the listing keeps waiting', async () => {
    const offer = await paidChoice(t, jar)
    const id = (await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'card' })).json().payment_id
    const [p] = await t.db.db.select().from(payments).where(eq(payments.publicId, id))
    expect((await notify({ orderId: p!.gatewayRef, extOrderId: id, totalAmount: '399', currencyCode: 'PLN', status: 'CANCELED' })).statusCode).toBe(200)
    expect((await t.db.db.select().from(payments).where(eq(payments.id, p!.id)))[0]!.status).toBe('failed')
    expect((await t.db.db.select().from(listings).where(eq(listings.id, offer.id)))[0]!.status).toBe('awaiting_payment')
  })
})
