import { randomBytes } from 'node:crypto'
import { CITIES } from '@portal/contracts/catalogue'
import { validateAttributes, type AttributeValueOut } from '@portal/contracts/offer'
import { parseVideoUrl } from '@portal/contracts/offer-video'
import { searchNormalize, slugify } from '@portal/db/seed/text'
import type { listings } from '@portal/db'

/**
 * From the form's fields to the `listings` row: the typed facet columns search filters on are derived from the
 * attribute list (decision 004), the place from the map pin, search_text and the slug as the demo seed does.
 */
type ListingInsert = typeof listings.$inferInsert

export interface OfferFormInput {
  title: string
  category_id: number
  offer_type: 'sell' | 'rent' | 'exchange' | 'for_free'
  ad_type: 'offer' | 'seek'
  price: number
  description: string
  location: { lat: number; lon: number; name: string }
  links: { video?: string | null; video_2?: string | null; walk_video?: string | null }
  visible_from_date?: string | null
  attributes: { id: number; value: unknown }[]
}

const EARTH_KM = 6371
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2
    + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.sqrt(a))
}

/** Catalogue city within this distance of the pin counts as the listing's city. */
export const CITY_RADIUS_KM = 25

/** City, district and voivodeship: the nearest catalogue city within 25 km (and its nearest district), else the name's first part. */
export function resolvePlace(loc: { lat: number; lon: number; name: string }) {
  let best: { city: (typeof CITIES)[number]; d: number } | null = null
  for (const city of CITIES) {
    const d = distanceKm(loc.lat, loc.lon, city.lat, city.lon)
    if (d <= CITY_RADIUS_KM && (!best || d < best.d)) best = { city, d }
  }
  if (best) {
    let district: string | null = null
    let dd = Infinity
    for (const x of best.city.districts) {
      const d = distanceKm(loc.lat, loc.lon, x.lat, x.lon)
      if (d < dd) { dd = d; district = x.name }
    }
    return { city: best.city.name, citySlug: best.city.slug, district: dd <= 8 ? district : null, voivodeship: best.city.voivodeship }
  }
  const first = loc.name.split(',')[0]!.trim().slice(0, 100) || loc.name.trim().slice(0, 100)
  return { city: first, citySlug: slugify(first, 60) || 'inne', district: null, voivodeship: null }
}

/** Europe/Warsaw offset (minutes) at an instant. */
function warsawOffsetMinutes(at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Warsaw', timeZoneName: 'shortOffset' })
    .formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1'
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(part)
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 60
}

/** 'YYYY-MM-DD' → midnight in Poland; a full ISO date-time as given; ''/null → null. */
export function parseVisibleFrom(v: string | null | undefined): Date | null {
  if (!v) return null
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const utc = Date.parse(`${v}T00:00:00Z`)
    return new Date(utc - warsawOffsetMinutes(new Date(utc)) * 60_000)
  }
  return new Date(v)
}

// One formatter: building an Intl.DateTimeFormat costs more than formatting (it showed in the listing page's profile).
const WARSAW_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' })

/** The Polish calendar date of an instant, 'YYYY-MM-DD'. */
export function warsawDate(d: Date | string | null): string | null {
  if (!d) return null
  return WARSAW_DAY.format(new Date(d))
}

const one = (v: AttributeValueOut | undefined) => (typeof v === 'string' ? v : null)
const list = (v: AttributeValueOut | undefined) => (Array.isArray(v) ? v : [])

/** Typed columns, place, search text and links of a listing row from the validated form. */
export function listingColumns(input: OfferFormInput): Omit<ListingInsert, 'slug' | 'userId' | 'status'> {
  const { values } = validateAttributes(input.category_id, input.offer_type, input.attributes)
  const byId = new Map(values.map((a) => [a.id, a.value]))
  const area = one(byId.get(4)) ? Number(one(byId.get(4))) : null
  const intOf = (id: number) => (one(byId.get(id)) ? Number.parseInt(one(byId.get(id))!, 10) : null)
  const place = resolvePlace(input.location)
  const link = (v: string | null | undefined) => parseVideoUrl(v ?? '')?.url ?? null
  const title = input.title.trim()
  return {
    categoryId: input.category_id,
    offerType: input.offer_type,
    adType: input.ad_type,
    title,
    description: input.description.trim(),
    price: input.price,
    area,
    pricePerM2: area && area > 0 && input.price > 0 ? Math.round(input.price / area) : null,
    rooms: intOf(11),
    bathrooms: intOf(29),
    floor: one(byId.get(9)),
    buildingType: one(byId.get(30)),
    market: one(byId.get(19)),
    condition: one(byId.get(12)),
    ownership: one(byId.get(31)),
    rentalPeriods: list(byId.get(15)),
    extras: list(byId.get(16)),
    nearby: list(byId.get(17)),
    instalments: byId.get(2) === 'true',
    negotiable: byId.get(6) === 'true',
    billsIncluded: byId.get(7) === 'true',
    urgent: byId.get(20) === 'true',
    bargain: byId.get(33) === 'true',
    attributes: values,
    lat: input.location.lat,
    lon: input.location.lon,
    locationName: input.location.name.trim(),
    ...place,
    searchText: searchNormalize(`${title} ${place.city} ${place.district ?? ''} ${input.location.name}`),
    links: { video: link(input.links.video), video_2: link(input.links.video_2), walk_video: link(input.links.walk_video) },
    visibleFrom: parseVisibleFrom(input.visible_from_date),
  }
}

/** A readable unique slug: the title made ASCII plus a short random id ('mieszkanie-3-pokojowe-mokotow-k3x9q2'). */
export function newSlug(title: string): string {
  const base = slugify(title, 70) || 'ogloszenie'
  const id = randomBytes(5).readUIntBE(0, 5).toString(36).padStart(8, '0').slice(-7)
  return `${base}-${id}`
}
