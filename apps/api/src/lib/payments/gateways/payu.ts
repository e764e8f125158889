import { createHash } from 'node:crypto'
import { sameHex } from './przelewy24.ts'
import {
  BadNotification, GatewayError, callGateway, headerOf, parseJsonObject,
  type Gateway, type GatewayNotice, type GatewayOrder, type Registered,
} from './types.ts'

/**
 * PayU REST 2.1: OAuth client credentials (the token is reused until shortly before it expires), order create
 * (PayU answers 302 with JSON: redirectUri, orderId), redirect. Notifications are authenticated by the
 * OpenPayu-Signature header — MD5 (or SHA-256) of the raw body followed by the second key — and only status
 * COMPLETED books a payment; CANCELED fails it.
 */
export interface PayuConfig { url: string; posId: string; clientId: string; clientSecret: string; secondKey: string }

export function payuSignature(raw: string, secondKey: string, algorithm = 'MD5'): string {
  const algo = algorithm.toUpperCase().replace('-', '') === 'SHA256' ? 'sha256' : 'md5'
  return createHash(algo).update(raw + secondKey).digest('hex')
}

export class PayuGateway implements Gateway {
  readonly name = 'payu' as const
  readonly ackBody = ''
  private token: { value: string; until: number } | null = null
  constructor(private readonly cfg: PayuConfig) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value
    const res = await callGateway(`${this.cfg.url}/pl/standard/user/oauth/authorize`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: this.cfg.clientId, client_secret: this.cfg.clientSecret }).toString(),
    })
    const body = await res.json().catch(() => null) as { access_token?: string; expires_in?: number } | null
    if (!res.ok || !body?.access_token) throw new GatewayError(`PayU OAuth: HTTP ${res.status}`)
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 }
    return body.access_token
  }

  orderBody(o: GatewayOrder) {
    return {
      notifyUrl: o.notifyUrl, continueUrl: o.returnUrl, customerIp: o.customerIp, merchantPosId: this.cfg.posId,
      description: o.description.slice(0, 4000), currencyCode: o.currency, totalAmount: String(o.amount), extOrderId: o.publicId,
      validityTime: String(o.ttlMinutes * 60), buyer: { email: o.email, language: 'pl' },
      products: o.items.map((i) => ({ name: i.name, unitPrice: String(i.gross), quantity: String(i.quantity) })),
    }
  }

  async register(o: GatewayOrder): Promise<Registered> {
    const token = await this.accessToken()
    const res = await callGateway(`${this.cfg.url}/api/v2_1/orders`, {
      method: 'POST', redirect: 'manual',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(this.orderBody(o)),
    })
    const body = await res.json().catch(() => null) as { status?: { statusCode?: string }; redirectUri?: string; orderId?: string } | null
    if (body?.status?.statusCode !== 'SUCCESS' || !body.redirectUri || !body.orderId) throw new GatewayError(`PayU order: HTTP ${res.status} ${body?.status?.statusCode ?? ''}`)
    return { ref: body.orderId, redirectUrl: body.redirectUri }
  }

  readNotification(raw: string, headers: Record<string, string | string[] | undefined>): GatewayNotice {
    const header = headerOf(headers, 'openpayu-signature')
    if (!header) throw new BadNotification('missing OpenPayu-Signature')
    const parts = Object.fromEntries(header.split(';').map((p) => p.trim().split('=')).filter((kv) => kv.length === 2).map(([k, v]) => [k!.toLowerCase(), v!]))
    if (!parts.signature) throw new BadNotification('no signature')
    if (!sameHex(payuSignature(raw, this.cfg.secondKey, parts.algorithm ?? 'MD5'), parts.signature.toLowerCase())) throw new BadNotification('bad signature')
    const order = parseJsonObject(raw).order as Record<string, unknown> | undefined
    if (!order || typeof order.orderId !== 'string') throw new BadNotification('no order')
    const amount = Number(order.totalAmount)
    if (!Number.isInteger(amount)) throw new BadNotification('amount')
    const status = String(order.status)
    return {
      publicId: typeof order.extOrderId === 'string' ? order.extOrderId : null, ref: order.orderId, orderId: order.orderId, amount,
      currency: String(order.currencyCode), outcome: status === 'COMPLETED' ? 'paid' : status === 'CANCELED' ? 'failed' : 'pending',
      method: typeof order.payMethod === 'object' && order.payMethod ? String((order.payMethod as { type?: string }).type ?? '') : null, raw: order,
    }
  }

  /** The signed COMPLETED notification is PayU's confirmation; no further call is required. */
  async confirm(): Promise<boolean> {
    return true
  }
}
