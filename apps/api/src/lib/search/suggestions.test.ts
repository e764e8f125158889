import { describe, expect, it } from 'vitest'
import { searchSuggestions } from './suggestions.ts'

describe('searchSuggestions, answers kept', () => {
  it('a repeated question gets the same answer, also when spelled another way, and a caller cannot change it', () => {
    const first = searchSuggestions('mieszk krak')
    expect(first.length).toBeGreaterThan(0)
    expect(first[0]).toEqual({ label: 'Mieszkania na sprzedaż Kraków', url: '/nieruchomosci/mieszkanie/sprzedaz/krakow' })
    // What the caller does with its copy stays with it.
    first[0]!.label = 'zmienione'
    first.length = 0
    const again = searchSuggestions('MIESZK  Krak')
    expect(again[0]).toEqual({ label: 'Mieszkania na sprzedaż Kraków', url: '/nieruchomosci/mieszkanie/sprzedaz/krakow' })
    expect(searchSuggestions('mieszk krak')).toEqual(again)
  })

  it('the limit is part of the question', () => {
    expect(searchSuggestions('krak', 2)).toHaveLength(2)
    expect(searchSuggestions('krak', 5)).toHaveLength(5)
    expect(searchSuggestions('krak', 2)).toEqual(searchSuggestions('krak', 5).slice(0, 2))
  })
})
