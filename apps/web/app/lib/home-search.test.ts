import { describe, expect, it } from 'vitest'
import { CITIES } from '@portal/contracts/catalogue'
import { heroSearchHref, POPULAR_CITIES } from './home-search'

describe('popular cities', () => {
  it("are the catalogue's first ten", () => {
    expect(POPULAR_CITIES).toEqual(CITIES.slice(0, 10).map((c) => ({ slug: c.slug, name: c.name })))
  })
})

describe('heroSearchHref', () => {
  it('sends type, category and trimmed phrase', () => {
    expect(heroSearchHref({ typ: 'wynajem', kategoria: 'mieszkanie', phrase: ' Gdańsk ' })).toBe(
      '/szukaj?typ=wynajem&kategoria=mieszkanie&phrase=Gda%C5%84sk',
    )
  })
  it('turns Szukam into ad-type=seek-property without an offer type', () => {
    expect(heroSearchHref({ typ: 'szukam', kategoria: '', phrase: '' })).toBe('/szukaj?ad-type=seek-property')
  })
  it('leaves out blanks', () => {
    expect(heroSearchHref({ typ: 'sprzedaz', phrase: '   ' })).toBe('/szukaj?typ=sprzedaz')
  })
})
