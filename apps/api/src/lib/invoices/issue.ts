import { sql } from 'drizzle-orm'
import {
  invoiceCounters, invoices, type DbHandle, type InvoiceBuyer, type InvoiceSeller, type PaymentItem,
} from '@portal/db'
import { splitGross } from '@portal/contracts/payments'
import type { Env } from '../../env.ts'

/**
 * Invoices are issued inside the transaction that books a payment — never before it is paid (the older system
 * mailed them when the pending transaction was created). The number '{YYYY}/A{n}' comes from one counter row per
 * year, incremented with INSERT … ON CONFLICT DO UPDATE … RETURNING: concurrent bookings queue on that row's lock,
 * and a booking that rolls back rolls its increment back too, so the numbers of a year have no gaps and no
 * duplicates (a unique index on (year, seq) guards it as well).
 */
export type InvoiceRow = typeof invoices.$inferSelect

export function sellerFrom(env: Env): InvoiceSeller {
  return {
    name: env.SELLER_NAME, nip: env.SELLER_NIP, street: env.SELLER_STREET, zip_code: env.SELLER_ZIP, city: env.SELLER_CITY,
    country: 'PL', bank_account: env.SELLER_BANK_ACCOUNT ?? null,
  }
}

/** The year of an instant in Poland (an invoice issued at 00:30 on 1 January Warsaw time belongs to the new year). */
export function warsawYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', year: 'numeric' }).format(at))
}

export function invoiceTotals(items: PaymentItem[]): { net: number; vat: number; gross: number } {
  let net = 0
  let vat = 0
  let gross = 0
  for (const i of items) {
    const line = i.gross * i.quantity
    const s = splitGross(line)
    net += s.net
    vat += s.vat
    gross += line
  }
  return { net, vat, gross }
}

export async function nextInvoiceNumber(tx: DbHandle, year: number): Promise<{ seq: number; number: string }> {
  const [row] = await tx.db.insert(invoiceCounters).values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last })
  const seq = row!.last
  return { seq, number: `${year}/A${seq}` }
}

/** Issues the invoice of a payment being booked (call inside the booking transaction). */
export async function issueInvoice(tx: DbHandle, input: {
  paymentId: number; userId: number; seller: InvoiceSeller; buyer: InvoiceBuyer; items: PaymentItem[]; at: Date
  ksefXml?: (inv: Omit<InvoiceRow, 'id' | 'ksefXml' | 'ksefStatus' | 'ksefReference'>) => string | null
}): Promise<InvoiceRow> {
  const year = warsawYear(input.at)
  const { seq, number } = await nextInvoiceNumber(tx, year)
  const totals = invoiceTotals(input.items)
  const base = {
    paymentId: input.paymentId, userId: input.userId, number, year, seq, issuedAt: input.at,
    seller: input.seller, buyer: input.buyer, items: input.items, ...totals,
  }
  const xml = input.ksefXml ? input.ksefXml(base) : null
  const [row] = await tx.db.insert(invoices).values({ ...base, ksefXml: xml, ksefStatus: xml ? 'not_sent' : null }).returning()
  return row!
}
