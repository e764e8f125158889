import { describe, expect, it } from 'vitest'
import { attrGrosze, monthlyCost } from './monthly-cost'

const rent = (price: number, attributes: { id: number; value: string }[] = []) => ({ offer_type: 'rent' as const, price, attributes })

describe('monthlyCost', () => {
  it('adds rent, czynsz and media (grosze)', () => {
    const c = monthlyCost(rent(280_000, [{ id: 37, value: '450' }, { id: 38, value: '320' }]))!
    expect(c.parts).toEqual([
      { label: 'Najem', amount: 280_000 },
      { label: 'Czynsz administracyjny', amount: 45_000 },
      { label: 'Opłaty za media', amount: 32_000 },
    ])
    expect(c.total).toBe(357_000)
    expect(c.billsIncluded).toBe(false)
  })
  it('shows only the parts given', () => {
    expect(monthlyCost(rent(200_000, [{ id: 37, value: '500' }]))).toEqual({
      parts: [{ label: 'Najem', amount: 200_000 }, { label: 'Czynsz administracyjny', amount: 50_000 }], total: 250_000, billsIncluded: false,
    })
    expect(monthlyCost(rent(200_000, [{ id: 38, value: '250' }]))!.total).toBe(225_000)
  })
  it('is nothing when only the rent is known, or the figures are zero', () => {
    expect(monthlyCost(rent(200_000))).toBeNull()
    expect(monthlyCost(rent(200_000, [{ id: 21, value: '4000' }, { id: 37, value: '0' }]))).toBeNull()
  })
  it('with bills included says so and does not add a media figure on top', () => {
    const c = monthlyCost(rent(300_000, [{ id: 7, value: 'true' }, { id: 38, value: '300' }]))!
    expect(c).toEqual({ parts: [{ label: 'Najem', amount: 300_000 }], total: 300_000, billsIncluded: true })
    expect(monthlyCost(rent(300_000, [{ id: 7, value: 'true' }, { id: 37, value: '400' }]))!.total).toBe(340_000)
  })
  it('is nothing on a sale, or a rent without a price', () => {
    expect(monthlyCost({ offer_type: 'sell', price: 50_000_000, attributes: [{ id: 37, value: '600' }] })).toBeNull()
    expect(monthlyCost(rent(0, [{ id: 37, value: '600' }]))).toBeNull()
  })
  it('reads a whole-złote attribute as grosze', () => {
    expect(attrGrosze(rent(1, [{ id: 37, value: '612' }]), 37)).toBe(61_200)
    expect(attrGrosze(rent(1, [{ id: 37, value: 'x' }]), 37)).toBeNull()
    expect(attrGrosze(rent(1), 37)).toBeNull()
  })
})
