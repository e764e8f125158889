import { describe, expect, it } from 'vitest'
import { SimulatorGateway } from './simulator.ts'

/**
 * The simulator keeps nothing in process memory: the page's choice may be made on one instance and the
 * notification verified on another (several instances share one database).
 */
describe('payment simulator', () => {
  const KEY = 's'.repeat(48)
  const payment = { publicId: 'platnosc-abcdef-123', amount: 1498, currency: 'PLN', gatewayRef: 'token-abcdefghij' }

  it('a paid notification sent by one instance is confirmed by another', async () => {
    const sent = new SimulatorGateway(KEY).notification(payment, 'paid')
    const other = new SimulatorGateway(KEY)
    const notice = other.readNotification(JSON.stringify(sent))
    expect(notice).toMatchObject({ publicId: payment.publicId, amount: 1498, outcome: 'paid' })
    expect(await other.confirm(notice, payment)).toBe(true)
  })

  it('confirms nothing it did not pay: another orderId, another amount, a failed choice, another key', async () => {
    const gw = new SimulatorGateway(KEY)
    const paid = gw.readNotification(JSON.stringify(gw.notification(payment, 'paid')))
    expect(await gw.confirm({ ...paid, orderId: String(Number(paid.orderId) + 1) }, payment)).toBe(false)
    expect(await gw.confirm(paid, { ...payment, amount: 1499 })).toBe(false)
    expect(await gw.confirm(paid, { ...payment, publicId: 'inna-platnosc-123' })).toBe(false)
    const failed = gw.readNotification(JSON.stringify(gw.notification(payment, 'failed')))
    expect(failed.outcome).toBe('failed')
    expect(await gw.confirm({ ...failed, outcome: 'paid' }, payment)).toBe(false)
    expect(await new SimulatorGateway('x'.repeat(48)).confirm(paid, payment)).toBe(false)
  })
})
