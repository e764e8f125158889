import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { and, eq, lte, sql } from 'drizzle-orm'
import {
  invoices, listingPromotions, listings, payments, users,
  type DbHandle, type InvoiceBuyer, type PaymentItem, type PaymentPurpose, type PromotionChoice,
} from '@portal/db'
import { formatMoney } from '@portal/contracts/payments'
import type { Env } from '../../env.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { paymentBookedMail } from '../../mail/templates.ts'
import { inTransaction } from '../http/transaction.ts'
import { notify } from '../notifications/notifications.ts'
import { goLive } from '../listings/lifecycle.ts'
import { BARGAIN_ATTRIBUTE, ensurePromotionRow, priceList, URGENT_ATTRIBUTE } from '../listings/promotion.ts'
import { issueInvoice, sellerFrom, type InvoiceRow } from '../invoices/issue.ts'
import { fa3Xml } from '../invoices/ksef.ts'
import { invoicePdf } from '../invoices/pdf.ts'
import type { KsefClient } from '../invoices/ksef-send.ts'
import { BadNotification, GatewayError, type Gateway, type GatewayNotice } from './gateways/types.ts'

/**
 * The paid path (decision 023): a payment is stored with the gateway's id before the visitor is redirected; a
 * notification is authenticated by the adapter, matched to the stored row, checked against its amount and
 * currency, confirmed with the gateway, and booked once — in one transaction with its effects and its invoice.
 * A replay finds the row already paid and changes nothing.
 */
export type PaymentRow = typeof payments.$inferSelect
export interface PaymentsContext {
  db: DbHandle
  env: Env
  gateway: Gateway
  mailer: Mailer
  log: FastifyBaseLogger
  /** KSEF=on: the client that sends FA(3) invoices (decision 015). */
  ksef?: KsefClient | null
}

const DAY_MS = 86400_000

export interface StartInput {
  userId: number
  email: string
  listingId: number | null
  purpose: PaymentPurpose
  title: string
  items: PaymentItem[]
  order: PromotionChoice
  invoiceBuyer: InvoiceBuyer | null
  /** Our page the gateway sends the visitor back to; `{id}` is replaced by the payment's public id. */
  returnPath: string
  customerIp: string
  method: string | null
}

/** Stores the payment, registers it at the gateway, stores the gateway's id, and answers where to send the visitor. */
export async function startPayment(ctx: PaymentsContext, input: StartInput): Promise<{ publicId: string; redirectUrl: string; amount: number }> {
  const amount = input.items.reduce((s, i) => s + i.gross * i.quantity, 0)
  const publicId = randomBytes(16).toString('base64url')
  const ttl = ctx.env.PAYMENT_TTL_MINUTES
  const [row] = await ctx.db.db.insert(payments).values({
    publicId, userId: input.userId, listingId: input.listingId, purpose: input.purpose, title: input.title, items: input.items,
    order: input.order, amount, currency: 'PLN', gateway: ctx.gateway.name, method: input.method, status: 'pending',
    invoiceBuyer: input.invoiceBuyer, expiresAt: new Date(Date.now() + ttl * 60_000),
  }).returning()
  const base = ctx.env.PUBLIC_URL
  try {
    const reg = await ctx.gateway.register({
      publicId, amount, currency: 'PLN', description: `${input.title} (Dazu, płatność ${row!.id})`, email: input.email, items: input.items,
      returnUrl: `${base}${input.returnPath.replace('{id}', publicId)}`, notifyUrl: `${base}/api/payments/notify/${ctx.gateway.name}`,
      customerIp: input.customerIp, ttlMinutes: ttl,
    })
    await ctx.db.db.update(payments).set({ gatewayRef: reg.ref, updatedAt: sql`now()` }).where(eq(payments.id, row!.id))
    return { publicId, redirectUrl: reg.redirectUrl, amount }
  } catch (err) {
    await ctx.db.db.update(payments).set({ status: 'failed', updatedAt: sql`now()` }).where(eq(payments.id, row!.id))
    ctx.log.error({ err: (err as Error).message, paymentId: row!.id }, 'registering a payment at the gateway failed')
    throw err instanceof GatewayError ? err : new GatewayError((err as Error).message)
  }
}

async function findPayment(db: DbHandle, gateway: string, notice: GatewayNotice): Promise<PaymentRow | null> {
  const where = notice.publicId ? eq(payments.publicId, notice.publicId) : and(eq(payments.gateway, gateway as PaymentRow['gateway']), eq(payments.gatewayRef, notice.ref ?? ''))
  const [row] = await db.db.select().from(payments).where(where).limit(1)
  return row ?? null
}

export type NoticeResult = 'booked' | 'replay' | 'failed' | 'ignored'

/**
 * Handles an authenticated notification. Throws BadNotification (→ 400, nothing changed) for an unknown payment,
 * another gateway's payment, a different amount or currency, or a failed confirmation.
 */
export async function processNotice(ctx: PaymentsContext, notice: GatewayNotice): Promise<NoticeResult> {
  const payment = await findPayment(ctx.db, ctx.gateway.name, notice)
  if (!payment) throw new BadNotification('unknown transaction')
  if (payment.gateway !== ctx.gateway.name) throw new BadNotification('another gateway')
  if (notice.ref && payment.gatewayRef && notice.ref !== payment.gatewayRef) throw new BadNotification('gateway id mismatch')
  if (notice.amount !== payment.amount || notice.currency !== payment.currency) throw new BadNotification('amount or currency mismatch')
  if (notice.outcome === 'pending') return 'ignored'
  if (payment.status === 'paid') return 'replay'
  if (notice.outcome === 'failed') {
    await ctx.db.db.update(payments).set({ status: 'failed', updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    return 'failed'
  }
  if (!(await ctx.gateway.confirm(notice, { publicId: payment.publicId, amount: payment.amount, currency: payment.currency, gatewayRef: payment.gatewayRef }))) {
    throw new BadNotification('the gateway did not confirm the payment')
  }
  const booked = await book(ctx, payment.id, notice)
  if (!booked) return 'replay'
  await afterBooking(ctx, booked.payment, booked.invoice).catch((err: Error) =>
    ctx.log.error({ err: err.message, paymentId: payment.id }, 'mail or notification after a booked payment failed'))
  return 'booked'
}

/** One transaction: the row locked and marked paid (once), its effects applied, its invoice numbered. */
async function book(ctx: PaymentsContext, paymentId: number, notice: GatewayNotice) {
  return inTransaction(ctx.db, async (tx) => {
    const [locked] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update')
    if (!locked || locked.status === 'paid') return null
    const at = new Date()
    const [paid] = await tx.db.update(payments).set({
      status: 'paid', paidAt: at, gatewayOrderId: notice.orderId, method: notice.method ?? locked.method, updatedAt: sql`now()`,
    }).where(eq(payments.id, paymentId)).returning()
    await applyEffects(tx, paid!, at)
    const buyer = paid!.invoiceBuyer ?? await accountBuyer(tx, paid!.userId)
    const seller = sellerFrom(ctx.env)
    const invoice = await issueInvoice(tx, {
      paymentId, userId: paid!.userId, seller, buyer, items: paid!.items, at,
      ksefXml: buyer.nip ? (inv) => fa3Xml({ ...inv, paidAt: at }) : undefined,
    })
    // The bell, in the booking's transaction: it exists exactly when the payment is booked, once (a replay books nothing).
    await notify(tx, paid!.userId, { type: 'info', message: bookedMessage(paid!), link: '/faktury' })
    return { payment: paid!, invoice }
  })
}

export const bookedMessage = (p: Pick<PaymentRow, 'amount' | 'title'>) => `Płatność ${formatMoney(p.amount)} przyjęta: ${p.title}`

/** 'Nie potrzebuję faktury': the invoice names the account holder, without a NIP. */
async function accountBuyer(tx: DbHandle, userId: number): Promise<InvoiceBuyer> {
  const [u] = await tx.db.select().from(users).where(eq(users.id, userId))
  const a = u?.address
  return {
    name: u?.companyName || u?.name || 'Klient', nip: null, street: a?.street ?? '', zip_code: a?.zip_code ?? '', city: a?.city ?? '',
    country: 'PL', email: u?.email ?? '',
  }
}

const later = (from: Date | null | undefined, days: number, now: Date) =>
  new Date(Math.max(now.getTime(), from ? new Date(from).getTime() : 0) + days * DAY_MS)

/**
 * What a booked payment changes: the package with its end date and its free refreshes and raises, the frames
 * (flag and attribute), bought raises; a listing waiting for payment goes live; a paid raise moves the listing to
 * the top of 'najnowsze'; a paid refresh gives it 30 more days.
 */
async function applyEffects(tx: DbHandle, p: PaymentRow, now: Date): Promise<void> {
  if (!p.listingId) return
  const [listing] = await tx.db.select().from(listings).where(eq(listings.id, p.listingId)).for('update')
  if (!listing) return
  const { packages, addons } = await priceList(tx)
  const promo = await ensurePromotionRow(tx, p.listingId)
  const next = {
    packageId: promo?.packageId ?? null, packageEndsAt: promo?.packageEndsAt ?? null,
    refreshesLeft: promo?.refreshesLeft ?? 0, raisesLeft: promo?.raisesLeft ?? 0,
    urgentUntil: promo?.urgentUntil ?? null, bargainUntil: promo?.bargainUntil ?? null,
    visibleFromPaidAt: promo?.visibleFromPaidAt ?? null,
    choice: promo?.choice ?? null,
  }
  const set: Partial<typeof listings.$inferInsert> = {}
  const bought = new Set(p.items.map((i) => i.key))
  if (p.purpose === 'listing') {
    const pkg = packages.find((x) => x.id === p.order.package_id)
    if (pkg && bought.has(`package:${pkg.slug}`)) {
      next.packageEndsAt = later(next.packageId === pkg.id ? next.packageEndsAt : null, pkg.durationDays, now)
      next.packageId = pkg.id
      next.refreshesLeft += pkg.freeRefreshes
      next.raisesLeft += pkg.freeRaises
      if (pkg.featured) Object.assign(set, { isPromoted: true, promotedUntil: next.packageEndsAt })
    }
    let attributes = listing.attributes
    for (const key of p.order.addons) {
      const a = addons.find((x) => x.key === key)
      if (!a || !bought.has(key)) continue
      if (key === 'urgent' || key === 'bargain') {
        const field = key === 'urgent' ? 'urgentUntil' : 'bargainUntil'
        next[field] = later(next[field], a.durationDays, now)
        const attr = key === 'urgent' ? URGENT_ATTRIBUTE : BARGAIN_ATTRIBUTE
        attributes = [...attributes.filter((x) => x.id !== attr), { id: attr, value: 'true' }]
        Object.assign(set, key === 'urgent' ? { urgent: true } : { bargain: true })
      } else if (key.startsWith('raise_')) {
        next.raisesLeft += a.quantity
      }
    }
    if (bought.has('visible_from')) next.visibleFromPaidAt = now
    set.attributes = attributes
    next.choice = null
  } else if (p.purpose === 'raise') {
    Object.assign(set, { createdAt: now, raisedAt: now })
  } else if (p.purpose === 'refresh') {
    Object.assign(set, { status: 'active', expiresAt: new Date(now.getTime() + 30 * DAY_MS) })
  }
  await tx.db.insert(listingPromotions).values({ listingId: p.listingId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: listingPromotions.listingId, set: { ...next, updatedAt: now } })
  if (Object.keys(set).length) await tx.db.update(listings).set({ ...set, updatedAt: sql`now()` }).where(eq(listings.id, p.listingId))
  // A listing waiting for this payment goes live, or to moderation where its category is pre-moderated.
  if (listing.status === 'awaiting_payment' && p.purpose === 'listing') await goLive(tx, listing)
}

async function afterBooking(ctx: PaymentsContext, p: PaymentRow, invoice: InvoiceRow): Promise<void> {
  const [u] = await ctx.db.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, p.userId))
  const [l] = p.listingId ? await ctx.db.db.select({ slug: listings.slug, title: listings.title }).from(listings).where(eq(listings.id, p.listingId)) : []
  const pdf = await invoicePdfOf(invoice, p)
  const attachments = [{ filename: `faktura-${invoice.number.replace('/', '-')}.pdf`, content: pdf, contentType: 'application/pdf' }]
  if (invoice.ksefXml) attachments.push({ filename: `faktura-${invoice.number.replace('/', '-')}-ksef.xml`, content: Buffer.from(invoice.ksefXml), contentType: 'application/xml' })
  if (u) {
    await ctx.mailer.send(paymentBookedMail({
      to: u.email, name: u.name, title: p.title, amount: formatMoney(p.amount), listingTitle: l?.title ?? null,
      listingUrl: l ? `${ctx.env.PUBLIC_URL}/ogloszenia/${l.slug}` : null, invoiceNumber: invoice.number,
      historyUrl: `${ctx.env.PUBLIC_URL}/faktury`, attachments,
    }))
  }
  if (invoice.ksefXml && ctx.ksef) await sendToKsef(ctx, invoice)
}

/** KSEF=on: the FA(3) XML goes to KSeF after the booking; a failure is recorded on the invoice (sent again later). */
export async function sendToKsef(ctx: PaymentsContext, invoice: InvoiceRow): Promise<void> {
  try {
    const sent = await ctx.ksef!.send(invoice.ksefXml!)
    await ctx.db.db.update(invoices).set({ ksefStatus: 'sent', ksefReference: sent.invoiceReference }).where(eq(invoices.id, invoice.id))
  } catch (err) {
    ctx.log.error({ err: (err as Error).message, invoice: invoice.number }, 'sending the invoice to KSeF failed')
    await ctx.db.db.update(invoices).set({ ksefStatus: 'failed' }).where(eq(invoices.id, invoice.id))
  }
}

export function invoicePdfOf(invoice: InvoiceRow, p: Pick<PaymentRow, 'paidAt' | 'gatewayOrderId' | 'publicId'>): Promise<Buffer> {
  return invoicePdf({
    number: invoice.number, issuedAt: new Date(invoice.issuedAt), paidAt: new Date(p.paidAt ?? invoice.issuedAt), seller: invoice.seller,
    buyer: invoice.buyer, items: invoice.items, net: invoice.net, vat: invoice.vat, gross: invoice.gross,
    paymentRef: p.gatewayOrderId ?? p.publicId, ksef: !!invoice.ksefXml,
  })
}

/** Unfinished payments past their time expire (the gateway's own limit is the same): idempotent, any instance. */
export async function expirePayments(db: DbHandle): Promise<number> {
  const rows = await db.db.update(payments).set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, sql`now()`))).returning({ id: payments.id })
  return rows.length
}

/** Frames past their end lose the flag and the attribute (the package's promotion ends by promoted_until alone). */
export async function expireFrames(db: DbHandle): Promise<number> {
  let n = 0
  for (const [flag, until, attr] of [['urgent', listingPromotions.urgentUntil, URGENT_ATTRIBUTE], ['bargain', listingPromotions.bargainUntil, BARGAIN_ATTRIBUTE]] as const) {
    const ended = db.db.select({ id: listingPromotions.listingId }).from(listingPromotions).where(lte(until, sql`now()`))
    const col = flag === 'urgent' ? listings.urgent : listings.bargain
    const rows = await db.db.update(listings).set({
      [flag]: false,
      attributes: sql`coalesce((select jsonb_agg(a) from jsonb_array_elements(${listings.attributes}) a where (a->>'id')::int <> ${attr}), '[]'::jsonb)`,
      updatedAt: sql`now()`,
    }).where(and(eq(col, true), sql`${listings.id} in (${ended})`)).returning({ id: listings.id })
    n += rows.length
  }
  return n
}

export async function invoiceOf(db: DbHandle, invoiceId: number, userId: number) {
  const [row] = await db.db.select({ invoice: invoices, payment: payments }).from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
  return row ?? null
}
