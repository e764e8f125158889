import { describe, expect, it } from 'vitest'
import { countLabel, DAY_FORMS, formatPrice, formatPricePerM2, LISTING_FORMS, plural, ROOM_FORMS } from './format.ts'

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ')

describe('Polish formatting', () => {
  it('prints prices from grosze with Polish grouping', () => {
    expect(nbsp(formatPrice(125_000_000))).toBe('1 250 000 zł')
    expect(nbsp(formatPrice(350_000))).toBe('3500 zł')
  })
  it('prints price per m²', () => {
    expect(nbsp(formatPricePerM2(123_450_000, 100)!)).toBe('12 345 zł/m²')
    expect(formatPricePerM2(100, 0)).toBeNull()
  })
  it('chooses Polish plural forms', () => {
    expect(countLabel(1, LISTING_FORMS)).toBe('1 ogłoszenie')
    expect(countLabel(3, LISTING_FORMS)).toBe('3 ogłoszenia')
    expect(countLabel(25, LISTING_FORMS)).toBe('25 ogłoszeń')
    expect(countLabel(22, LISTING_FORMS)).toBe('22 ogłoszenia')
    // A package or an add-on of one day (the admin sets durations) is '1 dzień', never '1 dni'.
    expect([1, 2, 7, 30].map((n) => countLabel(n, DAY_FORMS))).toEqual(['1 dzień', '2 dni', '7 dni', '30 dni'])
    expect(countLabel(12, LISTING_FORMS)).toBe('12 ogłoszeń')
    expect(plural(5, ROOM_FORMS)).toBe('pokoi')
  })
})
