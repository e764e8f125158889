import type { PaymentGateway, PaymentItem } from '@portal/db'

/**
 * The payment port (decision 023): one interface, three adapters chosen by PAYMENTS. An adapter registers a payment
 * at its gateway (we store the gateway's id before redirecting), authenticates the gateway's notification from
 * the raw request, and confirms a successful one where the gateway requires it (Przelewy24's verify call).
 */
export interface GatewayOrder {
  publicId: string
  amount: number
  currency: 'PLN'
  description: string
  email: string
  items: PaymentItem[]
  returnUrl: string
  notifyUrl: string
  customerIp: string
  ttlMinutes: number
}
export interface Registered { ref: string; redirectUrl: string }

/** What an authenticated notification says. `publicId` or `ref` finds our stored payment. */
export interface GatewayNotice {
  publicId: string | null
  ref: string | null
  orderId: string
  amount: number
  currency: string
  outcome: 'paid' | 'failed' | 'pending'
  method: string | null
  /** Gateway-specific fields the confirmation needs (P24: the notification as received). */
  raw: Record<string, unknown>
}
export interface StoredPayment { publicId: string; amount: number; currency: string; gatewayRef: string | null }

/** A notification that is forged, tampered with or malformed: 400 and nothing changes. */
export class BadNotification extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BadNotification'
  }
}
/** The gateway could not be reached or refused a call: the payment cannot proceed now (502). */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GatewayError'
  }
}

export interface Gateway {
  readonly name: PaymentGateway
  register(order: GatewayOrder): Promise<Registered>
  /** Authenticates and reads a notification (throws BadNotification). */
  readNotification(raw: string, headers: Record<string, string | string[] | undefined>): GatewayNotice
  /** Confirms a 'paid' notice with the gateway before it is booked (true = confirmed). */
  confirm(notice: GatewayNotice, payment: StoredPayment): Promise<boolean>
  /** The body the gateway expects in answer to a notification. */
  readonly ackBody: string
}

export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}

export function parseJsonObject(raw: string): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    throw new BadNotification('not JSON')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadNotification('not an object')
  return body as Record<string, unknown>
}

/** fetch with a time limit; network failures become GatewayError. */
export async function callGateway(url: string, init: RequestInit, timeoutMs = 15_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    throw new GatewayError(`${new URL(url).host}: ${(err as Error).message}`)
  }
}
