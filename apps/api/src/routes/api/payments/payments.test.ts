import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { invoices, listingPromotions, listings, payments } from '@portal/db'
import { PAYMENT_MESSAGES } from '@portal/contracts/payments'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from '../offers/test-support.ts'
import { simulatorConfig } from '../../../lib/payments/gateways/simulator.ts'
import { signNotification } from '../../../lib/payments/gateways/przelewy24.ts'
import { bookedMessage, expireFrames } from '../../../lib/payments/service.ts'
import { PAYMENTS_SWEEP } from './index.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const pdftotext = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'invoice-')), 'f.pdf')
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('payments: packages, bill, simulator gateway, notifications, booking, invoices', { timeout: 90_000 }, () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let owner: Awaited<ReturnType<typeof createUser>>
  let jar: Jar
  const APP_KEY = 'k'.repeat(48)
  const crc = simulatorConfig(APP_KEY).crc
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test', APP_KEY })
    owner = await createUser(t.db, { email: 'placacy@example.com', name: 'Anna Płacąca' })
    jar = await login(t.app, owner.email)
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const notify = (body: unknown, gateway = 'simulator') => t.app.inject({
    method: 'POST', url: `/api/payments/notify/${gateway}`, headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const signed = (p: { publicId: string; amount: number }, over: Record<string, string | number> = {}) => {
    const n: Record<string, string | number> = {
      merchantId: 100000, posId: 100000, sessionId: p.publicId, amount: p.amount, originAmount: p.amount, currency: 'PLN',
      orderId: 987654321, methodId: 154, statement: 'p24-987654321', ...over,
    }
    return { ...n, sign: signNotification(n, crc) }
  }
  /** A listing waiting for payment with Srebrne + PILNE, charged through the simulator: the stored payment. */
  async function chargedListing(j: Jar = jar, invoice: unknown = null) {
    const offer = await createOffer(t.app, j, { status: 'draft' })
    expect((await send(t.app, j, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 3, addons: ['urgent'] })).statusCode).toBe(200)
    expect((await send(t.app, j, 'POST', `/api/offers/${offer.id}/publish`)).json().status).toBe('awaiting_payment')
    const charge = await send(t.app, j, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'blik', invoice })
    expect(charge.statusCode).toBe(201)
    const [p] = await t.db.db.select().from(payments).where(eq(payments.publicId, charge.json().payment_id))
    return { offer, charge: charge.json(), payment: p! }
  }

  it('price list from the database in grosze with VAT 23%', async () => {
    const res = await t.app.inject('/api/promotions')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.vat_rate).toBe(23)
    expect(body.packages.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([['Darmowe', 0], ['Standardowe', 399], ['Srebrne', 999], ['Złote', 4999]])
    expect(body.packages[2]).toMatchObject({ net: 812, vat: 187, duration_days: 7, free_refreshes: 3, featured: true })
    expect(body.addons.find((a: { key: string }) => a.key === 'urgent')).toMatchObject({ name: 'Czerwona ramka PILNE', price: 499 })
  })

  it('free package publishes at once; a paid choice waits for payment; the bill lists items, subtracts what is paid', async () => {
    const free = await createOffer(t.app, jar, { status: 'draft' })
    expect((await send(t.app, jar, 'POST', `/api/offers/${free.id}/publish`)).json().status).toBe('active')
    // The form cannot set PILNE / OKAZJA for free.
    const sneaky = await createOffer(t.app, jar, { attributes: [{ id: 4, value: '50' }, { id: 20, value: 'true' }, { id: 33, value: 'true' }] })
    const [row] = await t.db.db.select().from(listings).where(eq(listings.id, sneaky.id))
    expect(row).toMatchObject({ urgent: false, bargain: false })
    expect(row!.attributes.some((a) => a.id === 20 || a.id === 33)).toBe(false)

    const offer = await createOffer(t.app, jar, { status: 'draft' })
    const bad = await send(t.app, jar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 99, addons: [] })
    expect(bad.statusCode).toBe(422)
    expect((await send(t.app, jar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 3, addons: ['nope'] })).statusCode).toBe(422)
    const saved = await send(t.app, jar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 3, addons: ['urgent', 'raise_3'] })
    expect(saved.json()).toMatchObject({ total: 999 + 499 + 399, items: [{ key: 'package:srebrne', gross: 999 }, { key: 'urgent', gross: 499 }, { key: 'raise_3', gross: 399 }], paid: [] })
    expect(saved.json().net + saved.json().vat).toBe(1897)
    const bill = await t.app.inject({ url: `/api/payments/bill/${offer.slug}`, headers: { cookie: jar.cookie } })
    expect(bill.statusCode).toBe(200)
    expect(bill.json()).toMatchObject({ listing: { slug: offer.slug }, total: 1897, gateway: 'simulator' })
  })

  it('bills and payments belong to their owner: others 404, guests 401; CSRF 419', async () => {
    const { offer, charge } = await chargedListing()
    const other = await createUser(t.db, { email: 'obcy@example.com' })
    const oj = await login(t.app, other.email)
    expect((await t.app.inject({ url: `/api/payments/bill/${offer.slug}`, headers: { cookie: oj.cookie } })).statusCode).toBe(404)
    expect((await send(t.app, oj, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'blik' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/payments/${charge.payment_id}`, headers: { cookie: oj.cookie } })).statusCode).toBe(404)
    expect((await send(t.app, oj, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 2, addons: [] })).statusCode).toBe(404)
    const guest = await startSession(t.app)
    expect((await t.app.inject({ url: `/api/payments/bill/${offer.slug}`, headers: { cookie: guest.cookie } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/bill/${offer.slug}/charge`, headers: { cookie: jar.cookie }, payload: { method: 'blik' } })).statusCode).toBe(419)
  })

  it('charge validates the invoice data (NIP checksum) with Polish messages', async () => {
    const offer = await createOffer(t.app, jar, { status: 'draft' })
    await send(t.app, jar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 2, addons: [] })
    const res = await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, {
      method: 'blik', invoice: { company_name: '', nip: '1234567890', street: 'x', zip_code: '00000', city: '' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject({
      'invoice.company_name': [PAYMENT_MESSAGES.companyName], 'invoice.nip': [PAYMENT_MESSAGES.nip], 'invoice.zip_code': [PAYMENT_MESSAGES.zip],
    })
    const method = await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'gotowka' })
    expect(method.json().errors).toEqual({ method: [PAYMENT_MESSAGES.method] })
    // Nothing to pay: the free package.
    const free = await createOffer(t.app, jar, { status: 'draft' })
    expect((await send(t.app, jar, 'POST', `/api/payments/bill/${free.slug}/charge`, { method: 'blik' })).statusCode).toBe(409)
  })

  it('simulator pays: signed notification books once (listing live, package, frame, invoice, mail with PDF); replay books nothing', async () => {
    const invoice = { company_name: 'Agencja Żółw sp. z o.o.', nip: '123-456-32-18', street: 'ul. Długa 5/2', zip_code: '31-147', city: 'Kraków' }
    const { offer, charge, payment } = await chargedListing(jar, invoice)
    // Stored with the gateway's id before the redirect.
    expect(payment).toMatchObject({ status: 'pending', gateway: 'simulator', amount: 1498, currency: 'PLN' })
    expect(payment.gatewayRef).toBeTruthy()
    expect(charge.redirect_url).toBe(`/platnosc/symulator/${payment.gatewayRef}`)
    const sim = await t.app.inject(`/api/payments/simulator/${payment.gatewayRef}`)
    expect(sim.json()).toMatchObject({ amount: 1498, status: 'pending' })

    const pay = await send(t.app, jar, 'POST', `/api/payments/simulator/${payment.gatewayRef}/pay`)
    expect(pay.json()).toEqual({ return_url: `/moje-ogloszenia/oplac/${offer.slug}?platnosc=${payment.publicId}`, notification: 200 })
    const status = (await t.app.inject({ url: `/api/payments/${payment.publicId}`, headers: { cookie: jar.cookie } })).json()
    expect(status).toMatchObject({ status: 'paid', amount: 1498, listing: { slug: offer.slug } })
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, offer.id))
    expect(l).toMatchObject({ status: 'active', isPromoted: true, urgent: true })
    expect(l!.attributes).toContainEqual({ id: 20, value: 'true' })
    const [promo] = await t.db.db.select().from(listingPromotions).where(eq(listingPromotions.listingId, offer.id))
    expect(promo).toMatchObject({ packageId: 3, refreshesLeft: 1 + 3, raisesLeft: 0, choice: null })
    expect(Math.abs(new Date(promo!.packageEndsAt!).getTime() - (Date.now() + 7 * 86400_000))).toBeLessThan(60_000)
    // Public: the card shows the badge and the frame, and ranks first under the default sort.
    const home = (await t.app.inject('/api/offers?promoted=1')).json()
    expect(home.data.find((d: { id: number }) => d.id === offer.id)).toMatchObject({ is_promoted: true, frame: 'urgent' })
    const search = (await t.app.inject('/api/search?kategoria=mieszkanie')).json()
    expect(search.data[0]).toMatchObject({ id: offer.id, is_promoted: true })
    // A newer free listing: first under 'najnowsze bez promowanych', after the promoted one under the default sort.
    const newer = await createOffer(t.app, jar)
    expect((await t.app.inject('/api/search?kategoria=mieszkanie&sortuj=newest_plain')).json().data[0].id).toBe(newer.id)
    expect((await t.app.inject('/api/search?kategoria=mieszkanie')).json().data[0].id).toBe(offer.id)

    // Invoice: numbered, with the buyer's NIP, FA(3) XML, mailed as PDF.
    const [inv] = await t.db.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))
    expect(inv).toMatchObject({ number: `${new Date().getFullYear()}/A${inv!.seq}`, net: 1218, vat: 280, gross: 1498 })
    expect(inv!.buyer).toMatchObject({ nip: '1234563218', name: 'Agencja Żółw sp. z o.o.' })
    expect(inv!.ksefXml).toContain('<NIP>1234563218</NIP>')
    const mail = await smtp.next()
    expect(mail.subject).toBe(`Płatność przyjęta — faktura ${inv!.number}`)
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/xml'])
    const text = pdftotext(mail.attachments[0]!.content)
    for (const s of [`Faktura VAT nr ${inv!.number}`, 'Data wystawienia', 'Data sprzedaży', 'Sprzedawca', 'Nabywca', 'NIP: 5252248481', 'NIP: 1234563218',
      'Agencja Żółw sp. z o.o.', 'Pakiet Srebrne (7 dni)', 'Czerwona ramka PILNE', 'Cena jedn.', 'netto', 'brutto', 'Stawka', '23%', 'Kwota VAT',
      '12,18 zł', '2,80 zł', 'Do zapłaty: 14,98 zł', 'Słownie: czternaście złotych 98/100']) expect(text).toContain(s)

    // The bell tells the payer too, linking the payment history.
    const bell = async () => (await t.app.inject({ url: '/api/user/notifications', headers: { cookie: jar.cookie } })).json().data
      .filter((n: { message: string }) => n.message === bookedMessage({ amount: 1498, title: payment.title }))
    expect(await bell()).toMatchObject([{ type: 'info', message: `Płatność 14,98 zł przyjęta: ${payment.title}`, link: '/faktury' }])

    // Replay: 200, nothing booked twice (no second invoice, no second mail, no second notification).
    const replay = signed(payment, { orderId: 111 })
    expect((await notify(replay)).statusCode).toBe(200)
    expect(await t.db.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1)
    expect(await bell()).toHaveLength(1)
    const [after] = await t.db.db.select().from(listingPromotions).where(eq(listingPromotions.listingId, offer.id))
    expect(after!.refreshesLeft).toBe(4)
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.pending()).toBe(0)

    // History lists it; the PDF and XML download for the owner only.
    const hist = (await t.app.inject({ url: '/api/payments/history', headers: { cookie: jar.cookie } })).json()
    expect(hist.data[0]).toMatchObject({ amount: 1498, invoice: { id: inv!.id, number: inv!.number, has_ksef: true } })
    const pdf = await t.app.inject({ url: `/api/invoices/${inv!.id}/pdf`, headers: { cookie: jar.cookie } })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const other = await login(t.app, (await createUser(t.db, { email: 'ktos@example.com' })).email)
    expect((await t.app.inject({ url: `/api/invoices/${inv!.id}/pdf`, headers: { cookie: other.cookie } })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/invoices/${inv!.id}/ksef.xml`, headers: { cookie: other.cookie } })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/invoices/${inv!.id}/ksef.xml`, headers: { cookie: jar.cookie } })).statusCode).toBe(200)
  })

  it('forged, tampered, wrong amount, wrong currency, unknown: 400 and nothing changes', async () => {
    const { offer, payment } = await chargedListing()
    const cases = [
      signed({ publicId: payment.publicId, amount: payment.amount }, {}),
      signed({ publicId: 'nieznana-platnosc-123', amount: payment.amount }),
      signed({ publicId: payment.publicId, amount: 1 }),
      { ...signed(payment), currency: 'EUR' },
      { ...signed(payment), amount: 1, originAmount: 1 },
      { ...signed(payment), sign: 'f'.repeat(96) },
      'not json',
    ]
    // The first one is valid: forge its sign instead.
    cases[0] = { ...(cases[0] as object), sign: signNotification({ ...(cases[0] as Record<string, string | number>) }, 'wrong-crc-key') }
    const currency = signed(payment, {})
    ;(currency as Record<string, unknown>).currency = 'EUR'
    for (const c of [...cases, currency]) {
      const res = await notify(c)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('bad_notification')
    }
    // Signed correctly but the amount differs from the stored payment.
    const wrongAmount = signed({ publicId: payment.publicId, amount: payment.amount - 100 })
    expect((await notify(wrongAmount)).statusCode).toBe(400)
    // Another gateway's endpoint.
    expect((await notify(signed(payment), 'payu')).statusCode).toBe(400)
    const [p] = await t.db.db.select().from(payments).where(eq(payments.id, payment.id))
    expect(p!.status).toBe('pending')
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, offer.id))
    expect(l!.status).toBe('awaiting_payment')
    // A correctly signed notice that the gateway never confirmed (verify fails): 400, nothing booked.
    expect((await notify(signed(payment))).statusCode).toBe(400)
    expect((await t.db.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe('pending')
  })

  it('a failed payment leaves the listing unpaid; an unfinished one expires', async () => {
    const { offer, payment } = await chargedListing()
    const fail = await send(t.app, jar, 'POST', `/api/payments/simulator/${payment.gatewayRef}/fail`)
    expect(fail.json().notification).toBe(200)
    const status = (await t.app.inject({ url: `/api/payments/${payment.publicId}`, headers: { cookie: jar.cookie } })).json()
    expect(status.status).toBe('failed')
    expect((await t.db.db.select().from(listings).where(eq(listings.id, offer.id)))[0]!.status).toBe('awaiting_payment')
    expect(await t.db.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(0)

    // A failed transaction is closed at the gateway: it cannot be paid afterwards.
    expect((await send(t.app, jar, 'POST', `/api/payments/simulator/${payment.gatewayRef}/pay`)).statusCode).toBe(409)

    const second = await chargedListing()
    await t.db.db.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.id, second.payment.id))
    // Past its time limit the gateway shows it expired and refuses to pay it, even before the sweep ran.
    expect((await t.app.inject(`/api/payments/simulator/${second.payment.gatewayRef}`)).json().status).toBe('expired')
    const late = await send(t.app, jar, 'POST', `/api/payments/simulator/${second.payment.gatewayRef}/pay`)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(PAYMENT_MESSAGES.closed)
    // The sweep is a job on the queue (scheduled every minute, one instance runs each slot).
    await t.app.jobs.enqueue(PAYMENTS_SWEEP, {})
    await t.app.jobs.drain([PAYMENTS_SWEEP])
    expect((await t.db.db.select().from(payments).where(eq(payments.id, second.payment.id)))[0]!.status).toBe('expired')
    expect((await t.app.inject({ url: `/api/payments/${second.payment.publicId}`, headers: { cookie: jar.cookie } })).json().status).toBe('expired')
    expect((await t.db.db.select().from(listings).where(eq(listings.id, second.offer.id)))[0]!.status).toBe('awaiting_payment')
  })

  it('raise and refresh: free while the package has some left (raise moves to the top of najnowsze), then paid', async () => {
    const offer = await createOffer(t.app, jar)
    const older = await createOffer(t.app, jar)
    // Darmowe: 1 free refresh, no free raise → the raise is a payment of 1,99 zł.
    const r1 = await send(t.app, jar, 'POST', `/api/offers/${offer.id}/raise`)
    expect(r1.json()).toMatchObject({ done: false })
    expect(r1.json().redirect_url).toMatch(/^\/platnosc\/symulator\//)
    const token = r1.json().redirect_url.split('/').pop()
    expect((await send(t.app, jar, 'POST', `/api/payments/simulator/${token}/pay`)).json().notification).toBe(200)
    const plain = (await t.app.inject('/api/search?kategoria=mieszkanie&sortuj=newest_plain')).json()
    expect(plain.data[0].id).toBe(offer.id)
    expect(plain.data.findIndex((d: { id: number }) => d.id === offer.id)).toBeLessThan(plain.data.findIndex((d: { id: number }) => d.id === older.id))
    const f1 = await send(t.app, jar, 'POST', `/api/offers/${offer.id}/refresh`)
    expect(f1.json()).toMatchObject({ done: true, redirect_url: null })
    const f2 = await send(t.app, jar, 'POST', `/api/offers/${offer.id}/refresh`)
    expect(f2.json().done).toBe(false)
    const mine = (await t.app.inject({ url: '/api/user/offers?status=active&per_page=24', headers: { cookie: jar.cookie } })).json()
    expect(mine.data.find((d: { id: number }) => d.id === offer.id).promotion).toMatchObject({ package: { name: 'Darmowe' }, refreshes_left: 0, refresh_price: 299, raise_price: 199 })
    // Another user's listing: 403 (public) — never raised for them.
    const other = await login(t.app, (await createUser(t.db, { email: 'podbijacz@example.com' })).email)
    expect((await send(t.app, other, 'POST', `/api/offers/${offer.id}/raise`)).statusCode).toBe(403)
  })

  it('frames run out: the flag and the attribute go', async () => {
    const { payment, offer } = await chargedListing()
    await send(t.app, jar, 'POST', `/api/payments/simulator/${payment.gatewayRef}/pay`)
    await t.db.db.update(listingPromotions).set({ urgentUntil: new Date(Date.now() - 1000) }).where(eq(listingPromotions.listingId, offer.id))
    expect(await expireFrames(t.db)).toBeGreaterThanOrEqual(1)
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, offer.id))
    expect(l!.urgent).toBe(false)
    expect(l!.attributes.some((a) => a.id === 20)).toBe(false)
  })

  it('20 concurrent payments: invoice numbers without gaps or duplicates', async () => {
    const started = []
    for (let i = 0; i < 20; i++) started.push(await chargedListing())
    const before = await t.db.db.select({ seq: invoices.seq }).from(invoices)
    const maxBefore = Math.max(0, ...before.map((r) => r.seq))
    const pay = async (ref: string) => (await send(t.app, jar, 'POST', `/api/payments/simulator/${ref}/pay`)).json().notification as number
    let answers = await Promise.all(started.map(({ payment }) => pay(payment.gatewayRef!)))
    // Twenty bookings queue on the invoice numbering while holding a pool connection each: on a loaded machine a
    // notification can wait past the pool's 5 s and be answered 503 (the booking not made). A gateway sends such a
    // notification again, as this does (at most three times); the numbering must still have no gap or duplicate.
    for (let attempt = 0; attempt < 3 && answers.includes(503); attempt++) {
      answers = await Promise.all(started.map(({ payment }, i) => (answers[i] === 503 ? pay(payment.gatewayRef!) : answers[i]!)))
    }
    expect(answers).toEqual(Array(20).fill(200))
    const seqs = (await t.db.db.select({ seq: invoices.seq, number: invoices.number }).from(invoices)).map((r) => r.seq).sort((a, b) => a - b)
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1))
    expect(seqs.length).toBe(before.length + 20)
    expect(Math.max(...seqs)).toBe(maxBefore + 20)
    // Replaying all twenty at once books nothing more.
    await Promise.all(started.map(({ payment }) => notify(signed(payment))))
    expect(await t.db.db.select().from(invoices)).toHaveLength(seqs.length)
    while (smtp.pending()) await smtp.next()
  }, 180_000)
  it('a later visible-from date is a paid add-on (5,00 zł, paid once): the listing waits, then is scheduled, not shown early', async () => {
    const later = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10)
    const offer = await createOffer(t.app, jar, { visible_from_date: later })
    expect(offer.status).toBe('awaiting_payment')
    const bill = (await t.app.inject({ url: `/api/payments/bill/${offer.slug}`, headers: { cookie: jar.cookie } })).json()
    expect(bill).toMatchObject({ total: 500, items: [{ key: 'visible_from', gross: 500 }] })
    expect(bill.items[0].name).toMatch(/^Publikacja od wybranej daty \(\d{1,2} \p{L}+ \d{4}\)$/u)
    // Not something to tick in the form: only the date puts it on the bill.
    expect((await send(t.app, jar, 'PUT', `/api/offers/${offer.id}/promotion`, { package_id: 1, addons: ['visible_from'] })).statusCode).toBe(422)
    const charge = await send(t.app, jar, 'POST', `/api/payments/bill/${offer.slug}/charge`, { method: 'blik' })
    expect(charge.statusCode).toBe(201)
    const [p] = await t.db.db.select().from(payments).where(eq(payments.publicId, charge.json().payment_id))
    await send(t.app, jar, 'POST', `/api/payments/simulator/${p!.gatewayRef}/pay`)
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, offer.id))
    expect(l!.status).toBe('active')
    expect((await t.app.inject(`/api/offers/${offer.id}`)).statusCode).toBe(404)
    const after = (await t.app.inject({ url: `/api/payments/bill/${offer.slug}`, headers: { cookie: jar.cookie } })).json()
    expect(after).toMatchObject({ total: 0, paid: [{ key: 'visible_from' }] })
    // The price list shows it (an admin can set it to 0 to make later dates free).
    expect((await t.app.inject('/api/promotions')).json().addons.find((a: { key: string }) => a.key === 'visible_from')).toMatchObject({ price: 500 })
  })
})
