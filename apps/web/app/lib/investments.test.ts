import { describe, expect, it } from 'vitest'
import type { Unit } from '@portal/contracts/investments'
import { packUnit } from '@portal/contracts/plain/investments'
import { unpackUnits } from './investments'

const unit = (over: Partial<Unit>): Unit => ({
  id: 1, listing_slug: 'mieszkanie-1', listed: true, building: 'A', unit_number: '1', floor: 0, area: 41.5, rooms: 2,
  price: 512_000_00, price_per_m2: 12_337_35, status: 'dostepne', outdoor: ['balkon'],
  extras: [{ kind: 'parking', label: 'Miejsce postojowe „Ż”', price: 35_000_00, since: '2026-11-01' }], price_history: [],
  ...over,
})

describe('packUnit / unpackUnits (the investment page data, decisions 087 and 090)', () => {
  it('gives back every field of every unit, nulls, Polish letters and the order kept, the histories left out', () => {
    const units = [
      unit({}),
      unit({ id: 2, listing_slug: 'ul-łąkowa-2', listed: false, building: '', unit_number: 'B/12"', floor: null, area: null, rooms: null,
        price_per_m2: null, status: 'sprzedane', outdoor: [], extras: [], price_history: [{ price: 1, changed_at: '2026-11-28T10:00:00.000Z' }] }),
      unit({ id: 3, status: 'zarezerwowane', outdoor: ['ogrodek', 'taras'], extras: [
        { kind: 'storage', label: 'Komórka', price: 12_000_00, since: '2026-10-01' }, { kind: 'other', label: '', price: 0, since: '2026-10-02' }] }),
    ]
    const packUnits = (us: Unit[]) => JSON.stringify(us.map(packUnit))
    expect(unpackUnits(packUnits(units))).toEqual(units.map((u) => ({ ...u, price_history: [] })))
    expect(unpackUnits(packUnits([]))).toEqual([])
  })
})
