import { describe, expect, it } from 'vitest'
import { gridCluster, mergeNear, shortPrice } from '../components/map/cluster'
import { activeChips, emptyForm, formFromParams, formToParams, negotiableAllowed, WANTED } from './search-form'
import { landingCrumbs, landingHeading, landingParams, landingPath, parseLanding, searchHeading } from './search-landing'
import { placeName, usableLocations, userLocationCookie } from './search-location'
import { priceFromOptions, priceToOptions, areaToOptions } from './search-options'
import { typedAmount } from '../components/search/controls'
import { unitsSearchParams } from './investments'
import { locationQuery, matchingRecent, mobileSamples, pushRecent, recentEntry, shouldSuggest } from './search-suggest'
import { toSearchParams } from '@portal/contracts/plain/search'
import { CATEGORIES, topCategories, type Category } from '@portal/contracts/catalogue'
import { isChecked, isIndeterminate, searchTree, selectionFromSlugs, selectionLabel, slugsFromSelection, toggleNode, URL_SLUG_OF } from './search-tree'

describe('category tree (spec §4)', () => {
  const tree = searchTree()
  const dom = tree.find((n) => n.slug === 'dom')!
  it("the button names services, which the tree leaves out, as the chip does: 'Usługi', not 'Wszystkie kategorie'", () => {
    expect(selectionLabel(tree, selectionFromSlugs(tree, ['uslugi']), undefined, ['uslugi'])).toBe('Usługi')
    expect(selectionLabel(tree, selectionFromSlugs(tree, []), undefined, [])).toBe('Wszystkie kategorie')
    expect(selectionLabel(tree, selectionFromSlugs(tree, ['dom']), undefined, ['dom'])).toBe('Dom')
  })

  it('selecting a parent selects all children; unchecking a child removes the parent mark', () => {
    let sel = toggleNode(tree, new Set(), 'dom', true)
    expect(dom.children.every((c) => sel.has(c.slug))).toBe(true)
    expect(isChecked(sel, dom)).toBe(true)
    expect(slugsFromSelection(tree, sel)).toEqual(['dom'])
    sel = toggleNode(tree, sel, 'blizniak', false)
    expect(sel.has('dom')).toBe(false)
    expect(isChecked(sel, dom)).toBe(false)
    expect(isIndeterminate(sel, dom)).toBe(true)
    expect(slugsFromSelection(tree, sel)).not.toContain('dom')
  })
  it('a parent counts as checked when all its children are', () => {
    let sel = new Set<string>()
    for (const c of dom.children) sel = toggleNode(tree, sel, c.slug, true)
    expect(isChecked(sel, dom)).toBe(true)
    expect(slugsFromSelection(tree, sel)).toEqual(['dom'])
  })
  it('is the catalogue\'s category tree without services (a copy for the first paint, decision 040)', () => {
    const node = (c: Category): unknown => ({
      slug: c.urlSlug,
      label: c.name,
      children: c.childIds.map((id) => node(CATEGORIES.find((x) => x.id === id)!)),
    })
    expect(tree).toEqual(topCategories().filter((c) => c.slug !== 'uslugi').map(node))
    expect(URL_SLUG_OF).toEqual(Object.fromEntries(CATEGORIES.filter((c) => c.slug !== c.urlSlug).map((c) => [c.slug, c.urlSlug])))
  })
  it('reads backend and URL slugs', () => {
    expect(slugsFromSelection(tree, selectionFromSlugs(tree, ['kamienica-1', 'mieszkanie']))).toEqual(['mieszkanie', 'kamienica-dom'])
  })
})

describe('from/to options (spec §5)', () => {
  it('limits to ≥ from and from ≤ to', () => {
    expect(priceToOptions('3000', 'wynajem').every((v) => v >= 3000)).toBe(true)
    expect(priceToOptions('3000', 'wynajem')[0]).toBe(3000)
    expect(priceFromOptions('2000', 'wynajem')).toEqual([500, 1000, 1500, 2000])
    expect(priceToOptions('', 'wynajem')).toHaveLength(12)
    expect(areaToOptions('100')[0]).toBe(100)
  })
})

describe('price steps per offer type (issue 16)', () => {
  it('rent keeps the spec §9 lists; sale has its own up to 5 000 000 zł; no type offers both', () => {
    expect(priceFromOptions('', 'wynajem')).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000])
    expect(priceToOptions('', 'wynajem').at(-1)).toBe(20_000)
    const saleFrom = priceFromOptions('', 'sprzedaz')
    const saleTo = priceToOptions('', 'sprzedaz')
    expect(saleFrom[0]).toBeGreaterThanOrEqual(50_000)
    expect(saleTo).toContain(1_000_000)
    expect(saleTo.at(-1)).toBe(5_000_000)
    // A flat for 1 M zł can be bounded from both sides.
    expect(priceFromOptions('', 'sprzedaz').some((v) => v >= 800_000 && v <= 1_000_000)).toBe(true)
    expect(priceToOptions('800000', 'sprzedaz').every((v) => v >= 800_000)).toBe(true)
    const any = priceToOptions('', '')
    expect(any).toContain(20_000)
    expect(any).toContain(5_000_000)
  })
  it('typed amounts keep their digits only', () => {
    expect(typedAmount('1 250 000 zł')).toBe('1250000')
    expect(typedAmount('00450')).toBe('450')
    expect(typedAmount('abc')).toBe('')
  })
  it("'Do negocjacji' is offered with no offer type and for sale or rent, not for exchange, free or wanted", () => {
    expect(negotiableAllowed('')).toBe(true)
    expect(negotiableAllowed('sprzedaz')).toBe(true)
    expect(negotiableAllowed('wynajem')).toBe(true)
    expect(negotiableAllowed('zamiana')).toBe(false)
    expect(negotiableAllowed(WANTED)).toBe(false)
  })
})

describe('suggestions (spec §2, §5)', () => {
  it('opens from 2 characters; phone samples only for a non-empty matching text', () => {
    expect(shouldSuggest('k')).toBe(false)
    expect(shouldSuggest(' kr ')).toBe(true)
    expect(mobileSamples('')).toEqual([])
    expect(mobileSamples('  ')).toEqual([])
    expect(mobileSamples('KRAKÓW').map((s) => s.label)).toEqual(['Mieszkanie na wynajem Kraków'])
    expect(mobileSamples('zzz')).toEqual([])
  })
  it('recent searches: places with coordinates, newest first, no duplicates', () => {
    const e = recentEntry({ id: 1, display_name: 'Kraków', lat: 50.06, lon: 19.94 })!
    expect(e.url).toContain('lokalizacja%5Blat%5D=50.06')
    const list = pushRecent(pushRecent([], e), { ...e })
    expect(list).toHaveLength(1)
    expect(matchingRecent(list, 'kra')).toHaveLength(1)
    expect(matchingRecent(list, 'gda')).toHaveLength(0)
  })
  it("a place's parameters are the search contract's", () => {
    for (const [lat, lon, name] of [[50.06, 19.94, 'Kraków'], [52.2297, 21.0122, ' Warszawa, Mokotów '], [54.35, 18.64, '']] as const) {
      expect(locationQuery(lat, lon, name)).toBe(toSearchParams({ location: { lat, lon, name } }).toString())
    }
  })
})

describe('locations (spec §3, §5)', () => {
  it("drops 'administrative' results and names the place", () => {
    const list = usableLocations([
      { display_name: 'Kraków, małopolskie, Polska', lat: 50, lon: 19, addresstype: 'city', address: { city: 'Kraków', country: 'Polska' } },
      { display_name: 'gmina Kraków', lat: 50, lon: 19, addresstype: 'administrative', address: { country: 'Polska' } },
    ])
    expect(list).toHaveLength(1)
    expect(placeName(list[0]!)).toBe('Kraków')
    expect(userLocationCookie([{ lat: 1, lon: 2, display_name: 'X' }])).toMatch(/^user-location=.+; Max-Age=86400; Path=\//)
  })
})

describe('search form ⇄ URL (contracts serializer)', () => {
  it('round-trips every control', () => {
    const f = {
      ...emptyForm(), typ: 'wynajem', kategoria: ['mieszkanie'], cenaMin: '1000', cenaMax: '5000', pokoje: ['1', '5'], lazienki: '3',
      location: { lat: 50.0647, lon: 19.945, display_name: 'Kraków' }, doNegocjacji: true, okres: ['doba'], rynek: 'wtorny',
      stan: ['do-remontu'], dodatkowe: ['winda', 'balkon'], blisko: ['park'], pietro: 'parter', wlasnosc: 'leasehold', lataDzierzawy: '99',
    }
    const p = formToParams(f)
    expect(p.get('dodatkowe[1]')).toBe('balkon')
    expect(p.get('lata_dzierzawy')).toBe('99')
    expect(formFromParams(p)).toEqual({ ...f, radius: '' })
  })
  it("'Szukam' becomes ad-type=seek-property without typ; Do negocjacji only for sale or rent", () => {
    const p = formToParams({ ...emptyForm(), typ: 'szukam', doNegocjacji: true })
    expect(p.toString()).toBe('ad-type=seek-property')
    expect(formToParams({ ...emptyForm(), typ: 'zamiana', doNegocjacji: true }).get('do_negocjacji')).toBeNull()
  })
  it('reads the English names and makes removable chips', () => {
    const f = formFromParams(new URLSearchParams('price[min]=500&location[lat]=52.2&location[lon]=21&location[display_name]=Warszawa'))
    expect(f.cenaMin).toBe('500')
    expect(f.location?.display_name).toBe('Warszawa')
    const chips = activeChips(f)
    expect(chips.map((c) => c.key)).toEqual(['location', 'cena'])
    expect(formToParams(chips[0]!.without).toString()).toBe('cena%5Bmin%5D=500')
  })
})

describe('landing pages (spec §2)', () => {
  it('parses property?/transaction?/location and rejects unknown segments', () => {
    const l = parseLanding(['mieszkanie', 'sprzedaz', 'krakow'])!
    expect(landingHeading(l)).toBe('Mieszkania na sprzedaż Kraków')
    expect(landingCrumbs(l).map((c) => c.label)).toEqual(['Strona główna', 'Mieszkania', 'Na sprzedaż', 'Kraków'])
    expect(landingParams(l, new URLSearchParams()).get('lokalizacja[nazwa]')).toBe('Kraków')
    expect(landingHeading(parseLanding(['wynajem'])!)).toBe('Nieruchomości na wynajem')
    expect(landingHeading(parseLanding(['dom', 'gdansk'])!)).toBe('Domy Gdańsk')
    expect(parseLanding(['mieszkanie'])).toBeNull()
    expect(parseLanding(['mieszkanie', 'sprzedaz', 'atlantyda'])).toBeNull()
    expect(parseLanding(['pokoj', 'sprzedaz'])).toBeNull()
  })

  it('voivodeship pages (decision 069): the locative in the heading, lokalizacje in the query', () => {
    const l = parseLanding(['mieszkanie', 'sprzedaz', 'mazowieckie'])!
    expect(landingHeading(l)).toBe('Mieszkania na sprzedaż w województwie mazowieckim')
    expect(landingPath(l)).toBe('/nieruchomosci/mieszkanie/sprzedaz/mazowieckie')
    expect(landingCrumbs(l).map((c) => c.label)).toEqual(['Strona główna', 'Mieszkania', 'Na sprzedaż', 'Województwo mazowieckie'])
    expect(landingParams(l, new URLSearchParams()).get('lokalizacje')).toBe('mazowieckie')
    expect(landingHeading(parseLanding(['dom', 'wynajem', 'slaskie'])!)).toBe('Domy na wynajem w województwie śląskim')
    expect(landingHeading(parseLanding(['sprzedaz', 'warminsko-mazurskie'])!)).toBe('Nieruchomości na sprzedaż w województwie warmińsko-mazurskim')
    expect(landingHeading(parseLanding(['dzialka', 'lodzkie'])!)).toBe('Działki w województwie łódzkim')
  })

  it('several places in the /szukaj heading: districts of one city named once, a voivodeship in the locative', () => {
    const heading = (q: string, places: { id: string; label: string }[]) => searchHeading(formFromParams(new URLSearchParams(q), places))
    const three = [{ id: 'warszawa.mokotow', label: 'Mokotów (Warszawa)' }, { id: 'warszawa.ursynow', label: 'Ursynów (Warszawa)' }, { id: 'warszawa.wilanow', label: 'Wilanów (Warszawa)' }]
    expect(heading('typ=sprzedaz&kategoria=mieszkanie&lokalizacje=warszawa.mokotow,warszawa.ursynow,warszawa.wilanow', three))
      .toBe('Mieszkania na sprzedaż Mokotów, Ursynów, Wilanów (Warszawa)')
    expect(heading('lokalizacje=mazowieckie', [{ id: 'mazowieckie', label: 'województwo mazowieckie' }])).toBe('Nieruchomości w województwie mazowieckim')
    expect(heading('lokalizacje=2261011,2264011', [{ id: '2261011', label: 'Gdańsk' }, { id: '2264011', label: 'Sopot' }])).toBe('Nieruchomości Gdańsk, Sopot')
    const f = formFromParams(new URLSearchParams('lokalizacje=2261011,2264011'), [{ id: '2261011', label: 'Gdańsk' }])
    expect(f.lokalizacje).toEqual([{ id: '2261011', label: 'Gdańsk' }, { id: '2264011', label: '2264011' }])
    expect(formToParams(f).get('lokalizacje')).toBe('2261011,2264011')
    expect(activeChips(f).map((c) => c.label)).toEqual(['Gdańsk', '2264011'])
  })

  it('an investment (`inwestycja`, decision 077): named in the heading and a chip that removes it, written by id', () => {
    const inv = { id: 12, name: 'Zielone Tarasy' }
    const f = formFromParams(new URLSearchParams('inwestycja=zielone-tarasy-warszawa&pokoje=3'), [], inv)
    expect(f.inwestycja).toEqual({ id: '12', label: 'Zielone Tarasy' })
    expect(searchHeading(f)).toBe('Lokale w inwestycji Zielone Tarasy')
    expect(searchHeading(formFromParams(new URLSearchParams('inwestycja=12&typ=sprzedaz&kategoria=mieszkanie'), [], inv))).toBe('Mieszkania na sprzedaż w inwestycji Zielone Tarasy')
    expect(formToParams(f).toString()).toBe('pokoje=3&inwestycja=12')
    const chip = activeChips(f).find((c) => c.key === 'inwestycja')!
    expect(chip.label).toBe('Inwestycja Zielone Tarasy')
    expect(formToParams(chip.without).toString()).toBe('pokoje=3')
    expect(unitsSearchParams(12, { rooms: '2', status: 'dostepne', priceMax: '700 000', areaMin: '40,5', areaMax: '', floor: '0' }))
      .toBe('inwestycja=12&pokoje=2&cena%5Bmax%5D=700000&metraz%5Bmin%5D=40.5&pietro_od=0&pietro_do=0')
    expect(unitsSearchParams(12, { rooms: '', status: '', priceMax: '', areaMin: '', areaMax: '', floor: '' })).toBe('inwestycja=12')
  })

  it("wanted ads are headed 'Szukam …' also with a category or a place (issue 29)", () => {
    const heading = (q: string) => searchHeading(formFromParams(new URLSearchParams(q)))
    expect(heading('ad-type=seek-property&kategoria=mieszkanie')).toBe('Szukam: mieszkania')
    expect(heading('ad-type=seek-property&kategoria=dom&phrase=ogród')).toBe('Szukam: domy: „ogród”')
    expect(heading('ad-type=seek-property')).toBe('Ogłoszenia „Szukam”')
    expect(heading('typ=sprzedaz&kategoria=mieszkanie')).toBe('Mieszkania na sprzedaż')
  })
})

describe('map clustering', () => {
  it('groups points of one grid cell', () => {
    const pts = [{ x: 1, y: 1 }, { x: 10, y: 10 }, { x: 200, y: 10 }]
    const c = gridCluster(pts, (p) => p, 64)
    expect(c.map((x) => x.items.length).sort()).toEqual([1, 2])
    expect(shortPrice(125_000_000)).toBe('1,3 mln')
    expect(shortPrice(45_000_000)).toBe('450 tys.')
  })

  it('server clusters close on screen merge into the biggest: counts summed, position weighted', () => {
    const groups = mergeNear([{ x: 0, y: 0, count: 30 }, { x: 40, y: 0, count: 10 }, { x: 300, y: 0, count: 5 }], (p) => p, 56)
    expect(groups.map((g) => g.count)).toEqual([40, 5])
    expect(groups[0]!.x).toBe(10)
  })
})
