import { describe, expect, it } from 'vitest'
import { choiceLabel } from '~/components/search/places-field'
import { addChoice, choiceOf, choicesOf, choicesToForm, type PlaceChoice } from './search-places'

const gdansk = { lat: 54.352, lon: 18.6466, display_name: 'Gdańsk', gmina: { id: '2261011', label: 'Gdańsk' } }
const sopot = { lat: 54.4418, lon: 18.56, display_name: 'Sopot', gmina: { id: '2264011', label: 'Sopot' } }
const mokotow = { lat: 52.19, lon: 21.02, display_name: 'Warszawa, Mokotów', place: { id: 'warszawa.mokotow', label: 'Mokotów (Warszawa)' } }

describe("the places field's chips (decision 080)", () => {
  it('one town alone is its point (a radius); with others every town is its gmina', () => {
    const one = [choiceOf(gdansk)]
    expect(choicesToForm(one)).toEqual({ location: gdansk, lokalizacje: [] })
    const two = addChoice(one, choiceOf(sopot))
    expect(choicesToForm(two)).toEqual({ location: null, lokalizacje: [gdansk.gmina, sopot.gmina] })
  })
  it('a region or district alone is a place, not a point', () => {
    expect(choicesToForm([choiceOf(mokotow)])).toEqual({ location: null, lokalizacje: [mokotow.place] })
  })
  it('a town without a known gmina is left out of several places rather than widening them', () => {
    const lone: PlaceChoice = { label: 'Gdzieś', point: { lat: 1, lon: 2, display_name: 'Gdzieś' } }
    expect(choicesToForm([choiceOf(mokotow), lone]).lokalizacje).toEqual([mokotow.place])
  })
  it('the same place again moves to the end; at most 10', () => {
    const list = addChoice(addChoice([choiceOf(gdansk)], choiceOf(sopot)), choiceOf(gdansk))
    expect(list.map((c) => c.label)).toEqual(['Sopot', 'Gdańsk'])
    let many: PlaceChoice[] = []
    for (let i = 0; i < 12; i++) many = addChoice(many, { label: `g${i}`, place: { id: `${1000000 + i}`, label: `g${i}` } })
    expect(many.map((c) => c.label)).toEqual(['g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'g10', 'g11'])
  })
  it('a chip names what is searched: the town alone, its gmina among others', () => {
    const village = choiceOf({ lat: 52.4, lon: 20.9, display_name: 'Łajski', gmina: { id: '1408072', label: 'gmina Wieliszew' } })
    expect(choiceLabel(village, [village])).toBe('Łajski')
    expect(choiceLabel(village, [village, choiceOf(gdansk)])).toBe('gmina Wieliszew')
  })
  it('the chips of a URL: its point, or its places', () => {
    expect(choicesOf({ location: gdansk, lokalizacje: [] })).toEqual([{ label: 'Gdańsk', point: gdansk, place: gdansk.gmina }])
    expect(choicesOf({ location: null, lokalizacje: [mokotow.place] })).toEqual([{ label: 'Mokotów (Warszawa)', place: mokotow.place }])
  })
})
