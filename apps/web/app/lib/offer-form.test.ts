import { describe, expect, it } from 'vitest'
import { buildPayload, formAttributes, initialState, mapErrors, move, parsePrice, reducer, validateSteps } from './offer-form'

describe('offer form', () => {
  it('parses Polish prices into grosze', () => {
    expect(parsePrice('1 250 000')).toBe(125_000_000)
    expect(parsePrice('3200,50')).toBe(320_050)
    expect(parsePrice('12\u00a0000 zł')).toBe(1_200_000)
    expect(parsePrice('abc')).toBeNull()
    expect(parsePrice('')).toBeNull()
  })

  it('a name looked up for a map point only fills a missing name', () => {
    let s = reducer(initialState(), { type: 'set', patch: { location: { lat: 52.2, lon: 21, name: '' } } })
    s = reducer(s, { type: 'nameLocation', name: 'Warszawa, Śródmieście' })
    expect(s.location).toEqual({ lat: 52.2, lon: 21, name: 'Warszawa, Śródmieście' })
    expect(s.locationText).toBe('Warszawa, Śródmieście')
    // A place chosen meanwhile keeps its name; without a point there is nothing to name.
    s = reducer(s, { type: 'set', patch: { location: { lat: 50.06, lon: 19.94, name: 'Kraków' } } })
    expect(reducer(s, { type: 'nameLocation', name: 'Inna' }).location?.name).toBe('Kraków')
    expect(reducer(initialState(), { type: 'nameLocation', name: 'Inna' }).location).toBeFalsy()
  })

  it('shows rent-only attributes only for rent', () => {
    expect(formAttributes(1, 'rent').some((d) => d.id === 15)).toBe(true)
    expect(formAttributes(1, 'sell').some((d) => d.id === 15)).toBe(false)
    expect(formAttributes(1, 'sell').some((d) => d.id === 2)).toBe(true)
    expect(formAttributes(null, 'sell')).toEqual([])
  })

  it('asks czynsz on sale and rent, media only on rent, in zł; out of range in Polish (decision 072)', () => {
    const ids = (c: number, t: string) => formAttributes(c, t).map((d) => d.id).filter((id) => id >= 37)
    expect(ids(1, 'rent')).toEqual([37, 38])
    expect(ids(1, 'sell')).toEqual([37])
    expect(ids(41, 'rent')).toEqual([])
    expect(formAttributes(1, 'rent').find((d) => d.id === 37)).toMatchObject({ name: 'Czynsz administracyjny', unit: 'zł' })
    // The catalogue check runs once the rest of the listing is valid (as on 'Opublikuj').
    const s = {
      ...initialState(), categoryId: 1, offerType: 'rent' as const, attrs: { 37: '60000', 38: 'dużo' },
      title: 'Mieszkanie 2-pokojowe na Mokotowie', description: 'Jasne mieszkanie z balkonem.', price: '3200',
      location: { lat: 52.19, lon: 21.03, name: 'Mokotów, Warszawa' },
    }
    const e = validateSteps(s, 3, false)
    expect(e['attr.37']).toBe('Wartość musi być od 0 do 50000')
    expect(e['attr.38']).toBe('Podaj liczbę')
  })

  it('keeps typed attributes in the state but sends only those that apply', () => {
    let s = reducer(initialState(), { type: 'set', patch: { categoryId: 1, offerType: 'rent' } })
    s = reducer(s, { type: 'attr', id: 15, value: ['doba'] })
    s = reducer(s, { type: 'attr', id: 4, value: '52' })
    s = reducer(s, { type: 'set', patch: { offerType: 'sell' } })
    expect(s.attrs[15]).toEqual(['doba'])
    expect(buildPayload(s, { guest: false }).attributes).toEqual([{ id: 4, value: '52' }])
  })

  it('resets an offer type the new category does not offer', () => {
    let s = reducer(initialState(), { type: 'set', patch: { categoryId: 1, offerType: 'for_free' } })
    s = reducer(s, { type: 'set', patch: { categoryId: 52 } })
    expect(s.offerType).toBe('')
  })

  it('validates only the steps reached, with Polish messages', () => {
    const s = initialState()
    expect(Object.keys(validateSteps(s, 0, false)).sort()).toEqual(['category_id', 'offer_type'])
    const t = { ...s, categoryId: 1, offerType: 'sell' as const }
    expect(validateSteps(t, 0, false)).toEqual({})
    const e = validateSteps(t, 3, false)
    expect(e.title).toBe('Tytuł jest wymagany')
    expect(e.location).toBeTruthy()
    expect(e.price).toBe('Podaj cenę')
    expect(validateSteps(t, 3, true)['user.email']).toBeTruthy()
  })

  it('maps attribute indexes to ids', () => {
    expect(mapErrors({ 'attributes.1.value': 'x', 'location.lat': 'y' }, [{ id: 4 }, { id: 16 }])).toEqual({ 'attr.16': 'x', location: 'y' })
  })

  it('moves items', () => {
    expect(move([1, 2, 3], 0, 2)).toEqual([2, 3, 1])
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
  })
})
