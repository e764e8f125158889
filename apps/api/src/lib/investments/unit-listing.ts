import { formatArea } from './format.ts'
import type { OfferFormInput } from '../listings/write.ts'
import type { UnitValues } from '@portal/contracts/investments'

/** The flat category and the attribute ids a unit fills (packages/contracts/src/catalogue). */
const FLAT_CATEGORY = 1
const ATTR = { area: 4, floor: 9, rooms: 11, extras: 16, market: 19 } as const

/** The catalogue's floor choice for a floor number (attribute 9: suterena, parter, 1–10, powyżej 10). */
export function floorChoice(floor: number): string {
  if (floor < 0) return 'suterena'
  if (floor === 0) return 'parter'
  return floor > 10 ? 'powyzej-10' : String(floor)
}

/** Rooms as the catalogue's choice (attribute 11 stops at '5 i więcej'). */
const roomsChoice = (rooms: number) => String(Math.min(rooms, 5))

export interface InvestmentPlace { name: string; lat: number; lon: number; locationName: string; description: string }

/** The listing form of a unit: a flat for sale on the primary market at the investment's place. */
export function unitListingInput(inv: InvestmentPlace, unit: UnitValues): OfferFormInput {
  const where = unit.building ? `budynek ${unit.building}, ` : ''
  const title = `Mieszkanie ${unit.rooms}-pok., ${formatArea(unit.area)} m², ${inv.name} (${where}lokal ${unit.unit_number})`.slice(0, 150)
  const description = [
    `Lokal ${unit.unit_number}${unit.building ? ` w budynku ${unit.building}` : ''} w inwestycji ${inv.name}.`,
    inv.description.trim(),
  ].filter(Boolean).join('\n\n')
  const extras: string[] = [...unit.outdoor]
  if (unit.extras.some((e) => e.kind === 'parking')) extras.push('parking')
  if (unit.extras.some((e) => e.kind === 'storage')) extras.push('piwnica')
  return {
    title, description, category_id: FLAT_CATEGORY, offer_type: 'sell', ad_type: 'offer', price: unit.price,
    location: { lat: inv.lat, lon: inv.lon, name: inv.locationName }, links: {},
    attributes: [
      { id: ATTR.area, value: String(unit.area) },
      { id: ATTR.rooms, value: roomsChoice(unit.rooms) },
      { id: ATTR.floor, value: floorChoice(unit.floor) },
      { id: ATTR.market, value: 'pierwotny' },
      ...(extras.length ? [{ id: ATTR.extras, value: extras }] : []),
    ],
  }
}
