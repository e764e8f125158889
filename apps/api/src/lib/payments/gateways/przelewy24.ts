import { createHash, timingSafeEqual } from 'node:crypto'
import {
  BadNotification, GatewayError, callGateway, parseJsonObject,
  type Gateway, type GatewayNotice, type GatewayOrder, type Registered, type StoredPayment,
} from './types.ts'

/**
 * Przelewy24 REST (v1): register with a SHA-384 sign, redirect to /trnRequest/{token}; the notification's sign is
 * checked, then the verify call; only a successful verify books the payment. Signs are SHA-384 of the JSON of the
 * listed fields plus "crc", in that order, with slashes and non-ASCII left unescaped (JSON.stringify does that).
 */
export interface P24Config { url: string; merchantId: number; posId: number; crc: string; apiKey: string }

export function p24Sign(fields: Record<string, string | number>, crc: string): string {
  return createHash('sha384').update(JSON.stringify({ ...fields, crc })).digest('hex')
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The fields of a P24 notification, in the order its sign covers them. */
export const P24_NOTIFICATION_FIELDS = ['merchantId', 'posId', 'sessionId', 'amount', 'originAmount', 'currency', 'orderId', 'methodId', 'statement'] as const

export function signNotification(n: Record<string, string | number>, crc: string, extra: readonly string[] = []): string {
  const fields: Record<string, string | number> = {}
  for (const k of [...P24_NOTIFICATION_FIELDS, ...extra]) fields[k] = n[k]!
  return p24Sign(fields, crc)
}

export class Przelewy24Gateway implements Gateway {
  readonly name: 'przelewy24' | 'simulator' = 'przelewy24'
  readonly ackBody = 'OK'
  constructor(protected readonly cfg: P24Config) {}

  private auth(): string {
    return `Basic ${Buffer.from(`${this.cfg.posId}:${this.cfg.apiKey}`).toString('base64')}`
  }

  /** The register body (exported shape for tests and the simulator). */
  registerBody(o: GatewayOrder) {
    const { merchantId, posId, crc } = this.cfg
    return {
      merchantId, posId, sessionId: o.publicId, amount: o.amount, currency: o.currency, description: o.description.slice(0, 1024),
      email: o.email, country: 'PL', language: 'pl', urlReturn: o.returnUrl, urlStatus: o.notifyUrl,
      timeLimit: Math.min(99, o.ttlMinutes), encoding: 'UTF-8',
      sign: p24Sign({ sessionId: o.publicId, merchantId, amount: o.amount, currency: o.currency }, crc),
    }
  }

  async register(o: GatewayOrder): Promise<Registered> {
    const res = await callGateway(`${this.cfg.url}/api/v1/transaction/register`, {
      method: 'POST', headers: { Authorization: this.auth(), 'Content-Type': 'application/json' }, body: JSON.stringify(this.registerBody(o)),
    })
    const body = await res.json().catch(() => null) as { data?: { token?: string } } | null
    const token = body?.data?.token
    if (!res.ok || !token) throw new GatewayError(`Przelewy24 register: HTTP ${res.status}`)
    return { ref: token, redirectUrl: `${this.cfg.url}/trnRequest/${encodeURIComponent(token)}` }
  }

  protected extraSigned: readonly string[] = []

  readNotification(raw: string): GatewayNotice {
    const n = parseJsonObject(raw)
    for (const k of P24_NOTIFICATION_FIELDS) {
      const v = n[k]
      if (typeof v !== 'string' && typeof v !== 'number') throw new BadNotification(`missing ${k}`)
    }
    if (typeof n.sign !== 'string') throw new BadNotification('missing sign')
    const expected = signNotification(n as Record<string, string | number>, this.cfg.crc, this.extraSigned.filter((k) => k in n))
    if (!sameHex(expected, n.sign)) throw new BadNotification('bad sign')
    if (Number(n.merchantId) !== this.cfg.merchantId || Number(n.posId) !== this.cfg.posId) throw new BadNotification('another merchant')
    const amount = Number(n.amount)
    if (!Number.isInteger(amount) || amount !== Number(n.originAmount)) throw new BadNotification('amount')
    return {
      publicId: String(n.sessionId), ref: null, orderId: String(n.orderId), amount, currency: String(n.currency),
      outcome: n.result === 'failed' ? 'failed' : 'paid', method: String(n.methodId), raw: n,
    }
  }

  verifyBody(notice: GatewayNotice, payment: StoredPayment) {
    const { merchantId, posId, crc } = this.cfg
    const orderId = Number(notice.orderId)
    return {
      merchantId, posId, sessionId: payment.publicId, amount: payment.amount, currency: payment.currency, orderId,
      sign: p24Sign({ sessionId: payment.publicId, orderId, amount: payment.amount, currency: payment.currency }, crc),
    }
  }

  /** PUT /transaction/verify with our stored amount: P24 answers data.status 'success' only when it matches. */
  async confirm(notice: GatewayNotice, payment: StoredPayment): Promise<boolean> {
    const res = await callGateway(`${this.cfg.url}/api/v1/transaction/verify`, {
      method: 'PUT', headers: { Authorization: this.auth(), 'Content-Type': 'application/json' }, body: JSON.stringify(this.verifyBody(notice, payment)),
    })
    const body = await res.json().catch(() => null) as { data?: { status?: string } } | null
    return res.ok && body?.data?.status === 'success'
  }
}
