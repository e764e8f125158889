import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { invoices, listingPromotions, listings, payments, users, type InvoiceBuyer, type PaymentItem } from '@portal/db'
import {
  actionResultSchema, billSchema, chargeResultSchema, chargeSchema, choiceSchema, PAYMENT_MESSAGES, PAYMENT_METHODS,
  paymentHistorySchema, paymentStatusSchema, priceListSchema, splitGross, VAT_RATE, formatMoney,
} from '@portal/contracts/payments'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { HttpError, fieldError } from '../../../lib/http/errors.ts'
import { currentUser, requireUser, unauthenticated, type UserRow } from '../../../lib/accounts/guard.ts'
import { goLive } from '../../../lib/listings/lifecycle.ts'
import { canManage, effectiveStatus, findListing, requireManagedListing } from '../../../lib/listings/access.ts'
import { billFor, ensurePromotionRow, priceList, saveChoice } from '../../../lib/listings/promotion.ts'
import { gatewayFor } from '../../../lib/payments/gateways/index.ts'
import { BadNotification, GatewayError } from '../../../lib/payments/gateways/types.ts'
import { SimulatorGateway } from '../../../lib/payments/gateways/simulator.ts'
import { KsefClient } from '../../../lib/invoices/ksef-send.ts'
import {
  expireFrames, expirePayments, invoiceOf, invoicePdfOf, processNotice, startPayment, type PaymentsContext,
} from '../../../lib/payments/service.ts'

/**
 * Promotions and payments (issue 11, decision 023): the price list, a listing's bill and charge, the gateway's
 * notification (authenticated by its signature, not by a session), the payment's stored state for the return
 * page, raise and refresh, the payment history and the invoices (PDF; KSeF FA(3) XML for buyers with a NIP).
 */
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema }
const slugParams = z.object({ slug: z.string().min(1).max(200) })
const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator.') })
const NOT_FOUND = () => new HttpError(404, 'not_found', PAYMENT_MESSAGES.notFound)

export const PAYMENTS_SWEEP = 'payments-sweep'

const withVat = <T extends { price: number }>(x: T) => ({ ...x, ...splitGross(x.price) })

const payments_: FastifyPluginAsyncZod = async (app) => {
  const gateway = gatewayFor(app.env, app.appKey)
  const ksef = app.env.KSEF ? new KsefClient({ url: app.env.KSEF_URL.replace(/\/+$/, ''), token: app.env.KSEF_TOKEN!, nip: app.env.SELLER_NIP }) : null
  const ctx: PaymentsContext = { db: app.db, env: app.env, gateway, mailer: app.mailer, log: app.log, ksef }

  /**
   * The listing by slug when the caller may manage it (its owner, agency, or the guest session that created it and
   * waits for the activation); anyone else gets 404 (its bill is nobody else's business), a guest without it 401.
   */
  async function managedBySlug(request: FastifyRequest, slug: string) {
    const user = await currentUser(request)
    const found = await findListing(app.db, slug)
    if (found && (await canManage(request, found.listing, found.meta, user))) return { ...found, user }
    if (!user) throw unauthenticated()
    throw NOT_FOUND()
  }
  /** Paying needs an account (the payer's e-mail, the invoice, the history). */
  async function ownListing(request: FastifyRequest, slug: string) {
    const user = await requireUser(request)
    return { ...(await managedBySlug(request, slug)), user }
  }

  app.get('/promotions', {
    schema: { tags: ['payments'], summary: 'The price list: packages and add-ons in grosze (gross, with net and VAT 23%)', response: { 200: priceListSchema } },
  }, async (_request, reply) => {
    const { packages, addons } = await priceList(app.db)
    reply.header('cache-control', 'public, max-age=60')
    return {
      vat_rate: VAT_RATE,
      packages: packages.map((p) => withVat({ id: p.id, slug: p.slug, name: p.name, price: p.price, duration_days: p.durationDays, free_refreshes: p.freeRefreshes, free_raises: p.freeRaises, featured: p.featured })),
      addons: addons.map((a) => withVat({ key: a.key, name: a.name, price: a.price, quantity: a.quantity, duration_days: a.durationDays })),
    }
  })

  app.put('/offers/:id/promotion', {
    schema: {
      tags: ['payments'], summary: "Save the package and add-ons chosen in the form's package step; answers the bill",
      params: idParams, body: choiceSchema, response: { 200: billSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    const { packages } = await priceList(app.db)
    if (!packages.some((p) => p.id === request.body.package_id)) throw fieldError('package_id', PAYMENT_MESSAGES.package)
    await saveChoice(app.db, listing.id, { package_id: request.body.package_id, addons: [...new Set(request.body.addons)] })
    // Waiting for a payment but now nothing to pay (the free package chosen after all): it goes live.
    if (listing.status === 'awaiting_payment' && (await billFor(app.db, listing)).total === 0) await goLive(app.db, listing)
    reply.header('cache-control', 'no-store')
    const [fresh] = await app.db.db.select().from(listings).where(eq(listings.id, listing.id))
    return billView(fresh!, await currentUser(request))
  })

  async function billView(listing: typeof listings.$inferSelect, user: UserRow | null, choice?: { package_id: number; addons: string[] }) {
    const bill = await billFor(app.db, listing, choice as never)
    return {
      listing: { id: listing.id, slug: listing.slug, title: listing.title, status: effectiveStatus(listing) },
      choice: bill.choice, items: bill.items, paid: bill.paid, total: bill.total, ...splitGross(bill.total),
      buyer: { name: user?.name ?? '', email: user?.email ?? '' },
      methods: PAYMENT_METHODS.map((m) => ({ id: m.id, label: m.label })), gateway: gateway.name,
    }
  }

  app.get('/payments/bill/:slug', {
    schema: { tags: ['payments'], summary: "A listing's bill (its owner or the guest session that created it; others 404)", params: slugParams, response: { 200: billSchema, ...errors } },
  }, async (request, reply) => {
    const { listing, user } = await managedBySlug(request, request.params.slug)
    reply.header('cache-control', 'no-store')
    return billView(listing, user)
  })

  app.post('/payments/bill/:slug/charge', {
    schema: {
      tags: ['payments'], summary: 'Charge the bill: stores the payment with the gateway id, answers where to redirect',
      params: slugParams, body: chargeSchema, response: { 201: chargeResultSchema, 409: apiErrorSchema, 502: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing, user } = await ownListing(request, request.params.slug)
    const body = request.body
    if (body.choice) {
      const { packages } = await priceList(app.db)
      if (!packages.some((p) => p.id === body.choice!.package_id)) throw fieldError('choice.package_id', PAYMENT_MESSAGES.package)
      await saveChoice(app.db, listing.id, { package_id: body.choice.package_id, addons: [...new Set(body.choice.addons)] })
    }
    const status = effectiveStatus(listing)
    if (!['awaiting_payment', 'active', 'draft'].includes(status)) throw new HttpError(409, 'conflict', PAYMENT_MESSAGES.nothingToPay)
    const bill = await billFor(app.db, listing)
    if (bill.total <= 0) throw new HttpError(409, 'nothing_to_pay', PAYMENT_MESSAGES.nothingToPay)
    const buyer: InvoiceBuyer | null = body.invoice
      ? { name: body.invoice.company_name, nip: body.invoice.nip, street: body.invoice.street, zip_code: body.invoice.zip_code, city: body.invoice.city, country: 'PL', email: user.email }
      : null
    const started = await run(() => startPayment(ctx, {
      userId: user.id, email: user.email, listingId: listing.id, purpose: 'listing', title: `Promocja ogłoszenia „${listing.title.slice(0, 80)}”`,
      items: bill.items, order: bill.choice, invoiceBuyer: buyer, returnPath: `/moje-ogloszenia/oplac/${listing.slug}?platnosc={id}`,
      customerIp: request.ip, method: body.method,
    }))
    reply.code(201).header('cache-control', 'no-store')
    return { payment_id: started.publicId, redirect_url: started.redirectUrl, amount: started.amount }
  })

  /** Gateway failures are a 502 with a Polish message (never a 500). */
  async function run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      if (err instanceof GatewayError) throw new HttpError(502, 'gateway_error', PAYMENT_MESSAGES.gateway)
      throw err
    }
  }

  app.get('/payments/:paymentId', {
    schema: {
      tags: ['payments'], summary: "A payment's stored state, for the return page (owner only; others 404)",
      params: z.object({ paymentId: z.string().regex(/^[\w-]{10,40}$/) }), response: { 200: paymentStatusSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const [row] = await app.db.db.select({ p: payments, slug: listings.slug, title: listings.title, invoiceId: invoices.id }).from(payments)
      .leftJoin(listings, eq(listings.id, payments.listingId)).leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(and(eq(payments.publicId, request.params.paymentId), eq(payments.userId, user.id)))
    if (!row) throw NOT_FOUND()
    reply.header('cache-control', 'no-store')
    const p = row.p
    return {
      payment_id: p.publicId, status: p.status, title: p.title, amount: p.amount,
      listing: row.slug ? { slug: row.slug, title: row.title! } : null, invoice_id: row.invoiceId ?? null,
    }
  })

  // Notifications: the raw body is kept (PayU signs it byte for byte), so JSON is parsed by the adapter, not here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))
    scope.post('/payments/notify/:gateway', {
      schema: {
        tags: ['payments'], summary: "The gateway's notification (signed; no session or CSRF). Forged, tampered, unknown or wrong amount → 400",
        params: z.object({ gateway: z.enum(['simulator', 'przelewy24', 'payu']) }),
        response: {
          200: { description: "The gateway's acknowledgement", content: { 'text/plain': { schema: z.string() } } },
          400: apiErrorSchema, 502: apiErrorSchema,
        },
      },
    }, async (request, reply) => {
      const bad = (message: string) => reply.code(400).send({ error: 'bad_notification', message: `${PAYMENT_MESSAGES.badNotification} (${message})` })
      if ((request.params as { gateway: string }).gateway !== gateway.name) return bad('another gateway')
      try {
        const notice = gateway.readNotification(typeof request.body === 'string' ? request.body : '', request.headers)
        const result = await processNotice(ctx, notice)
        request.log.info({ result, gateway: gateway.name }, 'payment notification')
        return reply.code(200).type('text/plain').send(gateway.ackBody)
      } catch (err) {
        if (err instanceof BadNotification) {
          request.log.warn({ reason: err.message, gateway: gateway.name }, 'rejected payment notification')
          return bad(err.message)
        }
        if (err instanceof GatewayError) return reply.code(502).send({ error: 'gateway_error', message: PAYMENT_MESSAGES.gateway })
        throw err
      }
    })
  })

  // The simulator's page data and choices (PAYMENTS=simulator only).
  if (gateway instanceof SimulatorGateway) {
    const sim = gateway
    const tokenParams = z.object({ token: z.string().regex(/^[\w-]{10,60}$/) })
    /** The gateway's view: past its time limit a transaction is expired even before the sweep marks it. */
    const simulatorStatus = (p: typeof payments.$inferSelect) =>
      p.status === 'pending' && p.expiresAt && new Date(p.expiresAt).getTime() <= Date.now() ? 'expired' : p.status
    const pendingByToken = async (token: string) => {
      const [row] = await app.db.db.select({ p: payments, user: users.email }).from(payments).innerJoin(users, eq(users.id, payments.userId))
        .where(and(eq(payments.gateway, 'simulator'), eq(payments.gatewayRef, token)))
      return row ?? null
    }
    app.get('/payments/simulator/:token', {
      schema: {
        tags: ['payments'], summary: "The payment simulator's transaction (amount, description, merchant)", params: tokenParams,
        response: { 200: z.object({ amount: z.number().int(), title: z.string(), email: z.string(), status: z.string(), merchant: z.string() }), 404: apiErrorSchema },
      },
    }, async (request) => {
      const row = await pendingByToken(request.params.token)
      if (!row) throw NOT_FOUND()
      return { amount: row.p.amount, title: row.p.title, email: row.user, status: simulatorStatus(row.p), merchant: app.env.SELLER_NAME }
    })
    app.post('/payments/simulator/:token/:outcome', {
      schema: {
        tags: ['payments'], summary: 'The simulator pays or fails the payment: sends the signed notification, answers the return address',
        params: tokenParams.extend({ outcome: z.enum(['pay', 'fail', 'abandon']) }),
        response: { 200: z.object({ return_url: z.string(), notification: z.number().int().nullable() }), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    }, async (request) => {
      const row = await pendingByToken(request.params.token)
      if (!row) throw NOT_FOUND()
      const p = row.p
      const [listing] = p.listingId ? await app.db.db.select({ slug: listings.slug }).from(listings).where(eq(listings.id, p.listingId)) : []
      const returnUrl = listing ? `/moje-ogloszenia/oplac/${listing.slug}?platnosc=${p.publicId}` : `/faktury?platnosc=${p.publicId}`
      if (request.params.outcome === 'abandon') return { return_url: returnUrl, notification: null }
      // Like a gateway past its time limit: a closed or timed-out transaction can no longer be paid or failed.
      if (simulatorStatus(p) !== 'pending') {
        throw new HttpError(409, 'conflict', PAYMENT_MESSAGES.closed)
      }
      const n = sim.notification({ publicId: p.publicId, amount: p.amount, currency: p.currency, gatewayRef: p.gatewayRef }, request.params.outcome === 'pay' ? 'paid' : 'failed')
      // Delivered like the real gateway's: through the notification endpoint, as JSON.
      const res = await app.inject({ method: 'POST', url: '/api/payments/notify/simulator', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(n) })
      return { return_url: returnUrl, notification: res.statusCode }
    })
  }

  // Raise ('Podbij') and refresh ('Odśwież'): free while the package has some left, else a payment of one.
  const action = (kind: 'raise' | 'refresh') => app.post(`/offers/:id/${kind}`, {
    schema: {
      tags: ['payments'], summary: kind === 'raise'
        ? "Raise: to the top of 'najnowsze' (a free raise of the package, else a payment of one: redirect_url)"
        : 'Refresh: 30 more days (a free refresh of the package, else a payment of one: redirect_url)',
      params: idParams, response: { 200: actionResultSchema, 409: apiErrorSchema, 502: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    const user = await requireUser(request)
    const status = effectiveStatus(listing)
    if (kind === 'raise' ? status !== 'active' : !['active', 'expired'].includes(status)) throw new HttpError(409, 'conflict', PAYMENT_MESSAGES.notActive)
    reply.header('cache-control', 'no-store')
    await ensurePromotionRow(app.db, listing.id)
    const left = kind === 'raise' ? listingPromotions.raisesLeft : listingPromotions.refreshesLeft
    // One conditional UPDATE spends a free one: two clicks at once cannot spend the same raise twice.
    const spent = await app.db.db.update(listingPromotions).set({ [kind === 'raise' ? 'raisesLeft' : 'refreshesLeft']: sql`${left} - 1`, updatedAt: sql`now()` })
      .where(and(eq(listingPromotions.listingId, listing.id), sql`${left} > 0`)).returning({ id: listingPromotions.listingId })
    if (spent.length) {
      const now = new Date()
      await app.db.db.update(listings).set(kind === 'raise'
        ? { createdAt: now, raisedAt: now, updatedAt: sql`now()` }
        : { status: 'active', expiresAt: new Date(now.getTime() + 30 * 86400_000), updatedAt: sql`now()` }).where(eq(listings.id, listing.id))
      return { done: true, redirect_url: null, message: kind === 'raise' ? 'Ogłoszenie zostało podbite na górę listy.' : 'Ogłoszenie zostało odświeżone na kolejne 30 dni.' }
    }
    const { addons } = await priceList(app.db)
    const addon = addons.find((a) => a.key === (kind === 'raise' ? 'raise_1' : 'refresh'))!
    const item: PaymentItem = { key: addon.key, name: kind === 'raise' ? 'Podbicie ogłoszenia' : 'Odświeżenie ogłoszenia (30 dni)', quantity: 1, gross: addon.price }
    const started = await run(() => startPayment(ctx, {
      userId: user.id, email: user.email, listingId: listing.id, purpose: kind, title: `${item.name} „${listing.title.slice(0, 80)}”`,
      items: [item], order: { package_id: 0, addons: [] }, invoiceBuyer: null, returnPath: `/moje-ogloszenia/oplac/${listing.slug}?platnosc={id}`,
      customerIp: request.ip, method: null,
    }))
    return { done: false, redirect_url: started.redirectUrl, message: `${item.name}: ${formatMoney(item.gross)}` }
  })
  action('raise')
  action('refresh')

  app.get('/payments/history', {
    schema: {
      tags: ['payments'], summary: 'Paid transactions of the caller, newest first, with their invoices (?page=)',
      querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }), response: { 200: paymentHistorySchema, ...errors },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const perPage = 10
    const where = and(eq(payments.userId, user.id), eq(payments.status, 'paid'))
    const [{ n }] = await app.db.db.select({ n: count() }).from(payments).where(where) as [{ n: number }]
    const rows = await app.db.db.select({ p: payments, invoiceId: invoices.id, number: invoices.number, ksef: invoices.ksefXml }).from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id)).where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id)).limit(perPage).offset((request.query.page - 1) * perPage)
    reply.header('cache-control', 'no-store')
    return {
      data: rows.map((r) => ({
        id: r.p.id, created_at: new Date(r.p.createdAt).toISOString(), paid_at: r.p.paidAt ? new Date(r.p.paidAt).toISOString() : null,
        title: r.p.title, amount: r.p.amount, invoice: r.invoiceId ? { id: r.invoiceId, number: r.number!, has_ksef: !!r.ksef } : null,
      })),
      total: Number(n), page: request.query.page, per_page: perPage, last_page: Math.max(1, Math.ceil(Number(n) / perPage)),
    }
  })

  app.get('/invoices/:id/pdf', {
    schema: {
      tags: ['payments'], summary: 'The invoice as PDF (its owner only; others 404)', params: idParams,
      response: { 200: { description: 'The PDF file', content: { 'application/pdf': { schema: z.string() } } }, 401: apiErrorSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const found = await invoiceOf(app.db, Number(request.params.id), user.id)
    if (!found) throw new HttpError(404, 'not_found', PAYMENT_MESSAGES.invoiceNotFound)
    const pdf = await invoicePdfOf(found.invoice, found.payment)
    return reply.type('application/pdf').header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="faktura-${found.invoice.number.replace('/', '-')}.pdf"`).send(pdf as never) // a Buffer is sent as it is (the schema only documents it)
  })

  app.get('/invoices/:id/ksef.xml', {
    schema: {
      tags: ['payments'], summary: 'The invoice as KSeF FA(3) XML (buyers with a NIP; its owner only; others 404)', params: idParams,
      response: { 200: { description: 'FA(3) XML', content: { 'application/xml': { schema: z.string() } } }, 401: apiErrorSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const found = await invoiceOf(app.db, Number(request.params.id), user.id)
    if (!found?.invoice.ksefXml) throw new HttpError(404, 'not_found', PAYMENT_MESSAGES.invoiceNotFound)
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="faktura-${found.invoice.number.replace('/', '-')}-ksef.xml"`).send(found.invoice.ksefXml)
  })

  // Unfinished payments expire and paid frames run out: a job every minute (lib/jobs: one instance runs each slot;
  // the UPDATEs are idempotent, so a retry or a late run does no harm).
  app.jobs.work(PAYMENTS_SWEEP, async () => {
    const [expiredPayments, endedFrames] = [await expirePayments(app.db), await expireFrames(app.db)]
    if (expiredPayments || endedFrames) app.log.info({ expiredPayments, endedFrames }, 'payments sweep')
  }, { retryLimit: 2, retryDelay: 30 })
  app.jobs.schedule(PAYMENTS_SWEEP, '* * * * *')
}
export default payments_
