import { describe, expect, it } from 'vitest'
import { districtSlug, PRICE_CITIES } from '@portal/contracts/prices'
import type { Valuation } from '@portal/contracts/valuation'
import { prefillFromQuery } from './offer-form'
import { addListingHref, valuationValues } from './valuation'

const cities = PRICE_CITIES.map((c) => ({ ...c, districts: c.districts.map((d) => ({ ...d, slug: districtSlug(d.name) })) }))
const v = {
  offer_type: 'sell', city: { slug: 'krakow', name: 'Kraków' }, district: { slug: 'podgorze', name: 'Podgórze' }, where: 'w Podgórzu w Krakowie',
  estimate: { value: 61_200_000, low: 58_000_000, high: 65_000_000, per_m2: 1_133_300 }, comparables: [], min_comparables: 5, price_page: '/ceny-nieruchomosci/krakow/podgorze',
} satisfies Valuation

describe("the valuation's 'Dodaj ogłoszenie'", () => {
  it('carries the valued flat into the listing form', () => {
    const href = addListingHref(v, { area: '54,5', rooms: '6', floor: '0', year_built: '1995', condition: 'do-odswiezenia', market: 'wtorny' })
    expect(href).toBe('/dodaj-ogloszenie?kategoria=1&typ=sell&miasto=krakow&dzielnica=podgorze&metraz=54%2C5&pokoje=6&pietro=0&rok=1995&stan=do-odswiezenia&rynek=wtorny&cena=612000')
    const p = prefillFromQuery(new URL(href, 'http://x').searchParams, cities)!
    expect(p).toMatchObject({
      categoryId: 1, offerType: 'sell', price: '612000', locationText: 'Kraków, Podgórze',
      attrs: { 4: '54,5', 11: '5', 9: 'parter', 18: '1995', 12: 'do-odswiezenia', 19: 'wtorny' },
    })
    expect(p.location).toMatchObject({ name: 'Kraków, Podgórze', lat: 50.0433, lon: 19.9568 })
  })

  it('skips what it does not know; no category, no prefill', () => {
    const p = prefillFromQuery(new URLSearchParams('kategoria=1&typ=kupno&miasto=atlantyda&pietro=14&stan=zly&cena=abc&metraz=1e9'), cities)!
    expect(p).toEqual({ categoryId: 1, attrs: { 9: 'powyzej-10' } })
    expect(prefillFromQuery(new URLSearchParams('typ=sell'), cities)).toBeNull()
  })

  it("the form's values come from the URL as typed", () => {
    expect(valuationValues(new URLSearchParams('city=krakow&area=54,5&x=1'))).toEqual({ city: 'krakow', area: '54,5' })
  })
})
