import { createHmac, randomBytes } from 'node:crypto'
import { Przelewy24Gateway, p24Sign, sameHex, signNotification, type P24Config } from './przelewy24.ts'
import type { GatewayNotice, GatewayOrder, Registered, StoredPayment } from './types.ts'

/**
 * The local payment simulator (PAYMENTS=simulator, the default with demo data and in tests): a page on our own
 * server plays the gateway (/platnosc/symulator/{token}: pay / fail / abandon) and sends a notification signed by
 * the same rules as Przelewy24 (SHA-384 over the same fields with a CRC key derived from APP_KEY), which goes
 * through the same notification endpoint, checks and verify step as a real one. A failed payment is told by one
 * extra signed field, `result: "failed"` (Przelewy24 itself sends nothing for those).
 *
 * It keeps no state of its own: several instances share one database, and the page's choice may be made on one
 * while the notification is verified on another. A paid notification's orderId is derived from the payment (an
 * HMAC of session id and amount under the simulator's key), so verify recomputes what the gateway "knows"; the
 * transaction itself (token, amount, status, time limit) is the payment row in the database.
 */
export class SimulatorGateway extends Przelewy24Gateway {
  override readonly name = 'simulator' as const
  protected override extraSigned = ['result'] as const

  constructor(appKey: string) {
    super(simulatorConfig(appKey))
  }

  override async register(o: GatewayOrder): Promise<Registered> {
    // The same body a real register would get, checked the way the gateway checks it.
    const body = this.registerBody(o)
    if (!sameHex(body.sign, p24Sign({ sessionId: o.publicId, merchantId: this.cfg.merchantId, amount: o.amount, currency: o.currency }, this.cfg.crc))) {
      throw new Error('simulator: register sign')
    }
    const token = randomBytes(18).toString('base64url')
    return { ref: token, redirectUrl: `/platnosc/symulator/${token}` }
  }

  /** The signed notification the simulator sends for a payment after its page's choice. */
  notification(payment: StoredPayment, outcome: 'paid' | 'failed'): Record<string, string | number> {
    const orderId = outcome === 'paid' ? this.paidOrderId(payment.publicId, payment.amount) : 300_000_000 + Math.floor(Math.random() * 600_000_000)
    const n: Record<string, string | number> = {
      merchantId: this.cfg.merchantId, posId: this.cfg.posId, sessionId: payment.publicId, amount: payment.amount,
      originAmount: payment.amount, currency: payment.currency, orderId, methodId: 154, statement: `p24-${orderId}`,
    }
    if (outcome === 'failed') n.result = 'failed'
    n.sign = signNotification(n, this.cfg.crc, outcome === 'failed' ? ['result'] : [])
    return n
  }

  /** The orderId of a paid transaction: only the simulator's key makes it, any instance recomputes it. */
  private paidOrderId(sessionId: string, amount: number): number {
    const h = createHmac('sha256', this.cfg.crc).update(`paid:${sessionId}:${amount}`).digest()
    return 300_000_000 + (h.readUInt32BE(0) % 600_000_000)
  }

  /**
   * Verify as the gateway would: the orderId must be the one its page issued for this session and amount when it
   * was paid, and the sign over our stored amount must match what the gateway charged.
   */
  override async confirm(notice: GatewayNotice, payment: StoredPayment): Promise<boolean> {
    const body = this.verifyBody(notice, payment)
    if (body.orderId !== this.paidOrderId(payment.publicId, payment.amount)) return false
    const sign = p24Sign({ sessionId: payment.publicId, orderId: body.orderId, amount: payment.amount, currency: 'PLN' }, this.cfg.crc)
    return sameHex(sign, body.sign)
  }
}

export function simulatorConfig(appKey: string): P24Config {
  return { url: '', merchantId: 100_000, posId: 100_000, crc: createHmac('sha256', appKey).update('payment-simulator-crc').digest('hex').slice(0, 16), apiKey: 'simulator' }
}
