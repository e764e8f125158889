import { createHmac, randomBytes } from 'node:crypto'
import { Przelewy24Gateway, p24Sign, sameHex, signNotification, type P24Config } from './przelewy24.ts'
import type { GatewayNotice, GatewayOrder, Registered, StoredPayment } from './types.ts'

/**
 * The local payment simulator (PAYMENTS=simulator, the default with demo data and in tests): a page on our own
 * server plays the gateway (/platnosc/symulator/{token}: pay / fail / abandon) and sends a notification signed by
 * the same rules as Przelewy24 (SHA-384 over the same fields with a CRC key derived from APP_KEY), which goes
 * through the same notification endpoint, checks and verify step as a real one. A failed payment is told by one
 * extra signed field, `result: "failed"` (Przelewy24 itself sends nothing for those).
 */
export class SimulatorGateway extends Przelewy24Gateway {
  override readonly name = 'simulator' as const
  protected override extraSigned = ['result'] as const
  /** What the simulated gateway knows: token → outcome chosen on its page (verify asks it, as P24 asks itself). */
  private readonly outcomes = new Map<string, { sessionId: string; amount: number; orderId: number; paid: boolean }>()

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
    const orderId = 300_000_000 + Math.floor(Math.random() * 600_000_000)
    const n: Record<string, string | number> = {
      merchantId: this.cfg.merchantId, posId: this.cfg.posId, sessionId: payment.publicId, amount: payment.amount,
      originAmount: payment.amount, currency: payment.currency, orderId, methodId: 154, statement: `p24-${orderId}`,
    }
    if (outcome === 'failed') n.result = 'failed'
    n.sign = signNotification(n, this.cfg.crc, outcome === 'failed' ? ['result'] : [])
    if (payment.gatewayRef) this.outcomes.set(String(orderId), { sessionId: payment.publicId, amount: payment.amount, orderId, paid: outcome === 'paid' })
    return n
  }

  /** Verify as the gateway would: the sign over our stored amount must match what the gateway charged. */
  override async confirm(notice: GatewayNotice, payment: StoredPayment): Promise<boolean> {
    const body = this.verifyBody(notice, payment)
    const known = this.outcomes.get(String(body.orderId))
    const sign = p24Sign({ sessionId: known?.sessionId ?? '', orderId: known?.orderId ?? -1, amount: known?.amount ?? -1, currency: 'PLN' }, this.cfg.crc)
    return !!known && known.paid && sameHex(sign, body.sign)
  }
}

export function simulatorConfig(appKey: string): P24Config {
  return { url: '', merchantId: 100_000, posId: 100_000, crc: createHmac('sha256', appKey).update('payment-simulator-crc').digest('hex').slice(0, 16), apiKey: 'simulator' }
}
