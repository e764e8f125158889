import { describe, expect, it } from 'vitest'
import { topCategories } from '@portal/contracts/catalogue'
import { MENU_CATEGORIES, offerTypeMenus, searchHref } from './nav'

describe('menu row', () => {
  const menus = offerTypeMenus()
  it('has WYNAJEM, SPRZEDAŻ, ZAMIANA, ODDAM in that order', () => {
    expect(menus.map((m) => m.label)).toEqual(['WYNAJEM', 'SPRZEDAŻ', 'ZAMIANA', 'ODDAM'])
  })
  it('lists only categories offering that type, with Polish URL slugs', () => {
    const rent = menus[0]!.links.map((l) => l.to)
    expect(rent).toContain('/nieruchomosci/mieszkanie/wynajem')
    expect(rent).toContain('/nieruchomosci/pokoj/wynajem')
    expect(rent).toContain('/nieruchomosci/hotele-pensjonaty/wynajem')
    expect(rent).not.toContain('/nieruchomosci/dom-modulowy/wynajem')
    const sell = menus[1]!.links.map((l) => l.to)
    expect(sell).toContain('/nieruchomosci/dom-modulowy/sprzedaz')
    expect(sell).not.toContain('/nieruchomosci/pokoj/sprzedaz')
    expect(sell.some((l) => l.includes('hotele'))).toBe(false)
    expect(menus[3]!.links.every((l) => l.to.endsWith('/oddam'))).toBe(true)
  })
})

describe('the menu categories', () => {
  it("are the catalogue's top level (a copy, so the header does not load the catalogue)", () => {
    expect(MENU_CATEGORIES.map((c) => ({ ...c, offerTypes: [...c.offerTypes] }))).toEqual(
      topCategories().map((c) => ({ slug: c.slug, urlSlug: c.urlSlug, plural: c.plural, offerTypes: c.offerTypes })),
    )
  })
})

describe('searchHref', () => {
  it('trims and encodes the phrase, ignores an empty one', () => {
    expect(searchHref('  Kraków Podgórze ')).toBe('/szukaj?phrase=Krak%C3%B3w%20Podg%C3%B3rze')
    expect(searchHref('   ')).toBeNull()
  })
})
