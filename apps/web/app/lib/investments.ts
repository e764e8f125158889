// Helpers of the investment screens (issue 27): form values ↔ API bodies, labels, the units table's filters and order.
import { formatArea, formatPrice } from '@portal/contracts/format'
import type { InvestmentDetail, Unit } from '@portal/contracts/investments'
import { unpackUnit, type PackedUnit } from '@portal/contracts/plain/investments'

/** The investment form's values (strings while typed). */
export interface InvestmentFormValues {
  name: string
  description: string
  location: { lat: number; lon: number; name: string } | null
  locationText: string
  street: string
  number: string
  zip: string
  county: string
  commune: string
  status: string
  completion_date: string
  buildings: string[]
  amenities: string[]
}

export function emptyInvestment(): InvestmentFormValues {
  return {
    name: '', description: '', location: null, locationText: '', street: '', number: '', zip: '', county: '', commune: '',
    status: 'w-budowie', completion_date: '', buildings: [], amenities: [],
  }
}

export function investmentValues(d: InvestmentDetail): InvestmentFormValues {
  return {
    name: d.name, description: d.description, location: { lat: d.lat, lon: d.lon, name: d.location_name }, locationText: d.location_name,
    street: d.address?.street ?? '', number: d.address?.number ?? '', zip: d.address?.zip ?? '', county: d.address?.county ?? '',
    commune: d.address?.commune ?? '', status: d.status, completion_date: d.completion_date ?? '', buildings: d.buildings, amenities: d.amenities,
  }
}

const orNull = (s: string) => (s.trim() ? s.trim() : null)

export function investmentBody(v: InvestmentFormValues) {
  return {
    name: v.name, description: v.description, location: v.location ?? undefined,
    address: { street: orNull(v.street), number: orNull(v.number), zip: orNull(v.zip), county: orNull(v.county), commune: orNull(v.commune) },
    status: v.status, completion_date: v.completion_date || null, buildings: v.buildings.map((b) => b.trim()).filter(Boolean), amenities: v.amenities,
  }
}

/** One row of the units editor, as typed (price in złote). */
export interface UnitRowValues {
  key: string
  id: number | null
  building: string
  unit_number: string
  floor: string
  area: string
  rooms: string
  price: string
  status: string
  outdoor: string[]
  /** Parking places, storage rooms and other costs with their prices in złote, as typed. */
  extras: ExtraRowValues[]
}

export interface ExtraRowValues { kind: 'parking' | 'storage' | 'other'; label: string; price: string }

export function unitRow(u: Unit): UnitRowValues {
  return {
    key: `u${u.id}`, id: u.id, building: u.building, unit_number: u.unit_number, floor: u.floor === null ? '' : String(u.floor),
    area: u.area === null ? '' : String(u.area).replace('.', ','), rooms: u.rooms === null ? '' : String(u.rooms),
    price: String(Math.round(u.price / 100)), status: u.status, outdoor: u.outdoor,
    extras: u.extras.map((e) => ({ kind: e.kind, label: e.label, price: String(e.price / 100).replace('.', ',') })),
  }
}

const num = (s: string) => {
  const t = s.replace(/\s/g, '').replace(',', '.')
  return t === '' ? Number.NaN : Number(t)
}

/** The API body of a row: numbers parsed, the price in grosze (a non-number stays NaN and the schema names it). */
export function unitBody(r: UnitRowValues) {
  const price = num(r.price)
  return {
    building: r.building, unit_number: r.unit_number, floor: num(r.floor), area: num(r.area), rooms: num(r.rooms),
    price: Number.isFinite(price) ? Math.round(price * 100) : price, status: r.status, outdoor: r.outdoor,
    extras: r.extras.map((e) => {
      const p = num(e.price)
      return { kind: e.kind, label: e.label, price: Number.isFinite(p) ? Math.round(p * 100) : p }
    }),
  }
}

export function sameRow(a: UnitRowValues, b: UnitRowValues): boolean {
  return a.building === b.building && a.unit_number === b.unit_number && a.floor === b.floor && a.area === b.area && a.rooms === b.rooms
    && a.price === b.price && a.status === b.status && a.outdoor.join() === b.outdoor.join()
    && JSON.stringify(a.extras) === JSON.stringify(b.extras)
}

export const unitLabel = (u: Pick<Unit, 'building' | 'unit_number'>) => (u.building ? `${u.building}/${u.unit_number}` : u.unit_number)

export const areaText = (a: number | null) => (a === null ? '—' : formatArea(a))
export const priceText = (g: number | null) => (g === null ? '—' : formatPrice(g))
export const ppmText = (g: number | null) => (g === null ? '—' : `${formatPrice(g)}/m²`)
export const floorText = (f: number | null) => (f === null ? '—' : f === 0 ? 'parter' : String(f))

/** 'III kwartał 2027'-like dates are not used: the day as '31.12.2027'. */
export function dateText(iso: string | null): string {
  if (!iso) return '—'
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${d}.${m}.${y}`
}

export type UnitSortKey = 'unit' | 'rooms' | 'area' | 'floor' | 'price' | 'ppm' | 'status'

export interface UnitFilter { rooms: string; status: string; priceMax: string; areaMin: string; areaMax: string; floor: string }
export const NO_UNIT_FILTER: UnitFilter = { rooms: '', status: '', priceMax: '', areaMin: '', areaMax: '', floor: '' }

const STATUS_ORDER: Record<string, number> = { dostepne: 0, zarezerwowane: 1, sprzedane: 2 }

export function filterUnits(units: Unit[], f: UnitFilter): Unit[] {
  if (!f.rooms && !f.status && !f.priceMax && !f.areaMin && !f.areaMax && f.floor === '') return units
  const priceMax = num(f.priceMax)
  const areaMin = num(f.areaMin)
  const areaMax = num(f.areaMax)
  return units.filter((u) => {
    if (f.rooms && (f.rooms === '5' ? (u.rooms ?? 0) < 5 : u.rooms !== Number(f.rooms))) return false
    if (f.status && u.status !== f.status) return false
    if (f.floor !== '' && String(u.floor) !== f.floor) return false
    if (Number.isFinite(priceMax) && u.price > priceMax * 100) return false
    if (Number.isFinite(areaMin) && (u.area ?? 0) < areaMin) return false
    if (Number.isFinite(areaMax) && (u.area ?? 0) > areaMax) return false
    return true
  })
}

export function sortUnits(units: Unit[], key: UnitSortKey, dir: 'asc' | 'desc'): Unit[] {
  const val = (u: Unit): number | string => {
    switch (key) {
      case 'rooms': return u.rooms ?? 0
      case 'area': return u.area ?? 0
      case 'floor': return u.floor ?? 0
      case 'price': return u.price
      case 'ppm': return u.price_per_m2 ?? 0
      case 'status': return STATUS_ORDER[u.status] ?? 9
      default: return `${u.building.padStart(8)}${u.unit_number.padStart(8)}`
    }
  }
  const s = dir === 'asc' ? 1 : -1
  // Each unit's key once, not twice per comparison (500 units: ~9,000 comparisons on every render of the page).
  const keyed = units.map((u) => ({ k: val(u), u }))
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0) * s)
  return keyed.map((x) => x.u)
}

/**
 * The /szukaj query of the units table's filters (decision 077): `inwestycja` and what maps onto search parameters
 * (rooms, price up to, area, a floor as a one-floor range). The unit's status has no search parameter: a saved search
 * finds listings on sale, and a sold unit's listing has ended.
 */
export function unitsSearchParams(investmentId: number, f: UnitFilter): string {
  const p = new URLSearchParams({ inwestycja: String(investmentId) })
  if (f.rooms) p.set('pokoje', f.rooms)
  const priceMax = num(f.priceMax), areaMin = num(f.areaMin), areaMax = num(f.areaMax)
  if (Number.isFinite(priceMax) && priceMax >= 0) p.set('cena[max]', String(Math.round(priceMax)))
  if (Number.isFinite(areaMin) && areaMin >= 0) p.set('metraz[min]', String(Math.round(areaMin * 100) / 100))
  if (Number.isFinite(areaMax) && areaMax >= 0) p.set('metraz[max]', String(Math.round(areaMax * 100) / 100))
  if (f.floor !== '') {
    // The search's floor levels: -1 basement … 10, 11 above the 10th (as the unit's listing records it).
    const level = Math.max(-1, Math.min(11, Number(f.floor)))
    if (Number.isInteger(level)) { p.set('pietro_od', String(level)); p.set('pietro_do', String(level)) }
  }
  return p.toString()
}

/**
 * The units of the investment page's data: one JSON string of rows (`PackedUnit`, decisions 087 and 090) as the API
 * answers them with `wiersze=1`, without price histories (the page reads one when its 'Historia cen' opens, decision
 * 082). Hundreds of unit objects in the page's data cost the server more than anything else on the page: each value
 * went through the data stream's encoding one by one and came out about three times larger in the HTML.
 */
export function unpackUnits(packed: string): Unit[] {
  return (JSON.parse(packed) as PackedUnit[]).map(unpackUnit)
}
