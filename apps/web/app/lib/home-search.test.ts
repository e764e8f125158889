import { describe, expect, it } from 'vitest'
import { heroSearchHref } from './home-search'

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
