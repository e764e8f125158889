import { describe, expect, it } from 'vitest'
import { percentChange, priceChangeText, watchDate } from './watch.ts'

describe('watch texts', () => {
  it('says a drop and a rise in Polish with the amount and the per cent (Intl pl-PL)', () => {
    expect(priceChangeText(666_000_00, 646_000_00)).toBe('Cena obniżona o 20\u00a0000 zł (\u22123\u00a0%)')
    expect(priceChangeText(500_000_00, 510_000_00)).toBe('Cena podniesiona o 10\u00a0000 zł (+2\u00a0%)')
  })
  it('keeps one decimal below 1 % and rounds above', () => {
    expect(percentChange(1_000_000_00, 995_000_00)).toBe('\u22120,5\u00a0%')
    expect(percentChange(100_000_00, 112_600_00)).toBe('+13\u00a0%')
    expect(percentChange(0, 100)).toBe('')
  })
  it('dates the change in Europe/Warsaw', () => {
    expect(watchDate('2026-03-31T22:30:00Z')).toBe('1 kwietnia 2026')
  })
})
