import { describe, expect, it } from 'vitest'
import { listingPrice, listingPricePerM2, roomsLabel } from './listing-text'

const nbsp = (s: string | null) => s?.replace(/\u00a0/g, ' ') ?? null

describe('listing texts', () => {
  it('formats sale and rent prices', () => {
    expect(nbsp(listingPrice({ price: 125_000_000, offer_type: 'sell' }))).toBe('1 250 000 zł')
    expect(nbsp(listingPrice({ price: 1_320_000, offer_type: 'rent' }))).toBe('13 200 zł/mies.')
  })
  it('never prints 0 zł', () => {
    expect(listingPrice({ price: 0, offer_type: 'for_free' })).toBe('Za darmo')
    expect(listingPrice({ price: 0, offer_type: 'exchange' })).toBe('Cena do uzgodnienia')
  })
  it('shows the price per m² for sales only', () => {
    expect(nbsp(listingPricePerM2({ price: 100_000_000, area: 50, offer_type: 'sell', price_per_m2: 2_000_000 }))).toBe('20 000 zł/m²')
    expect(listingPricePerM2({ price: 300_000, area: 50, offer_type: 'rent', price_per_m2: 6_000 })).toBeNull()
  })
  it('uses Polish plurals for rooms', () => {
    expect(roomsLabel(1)).toBe('1 pokój')
    expect(roomsLabel(3)).toBe('3 pokoje')
    expect(roomsLabel(5)).toBe('5 pokoi')
    expect(roomsLabel(22)).toBe('22 pokoje')
    expect(roomsLabel(null)).toBeNull()
  })
})
