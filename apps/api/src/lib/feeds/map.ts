import {
  ATTRIBUTE_BY_ID, ATTRIBUTE_BY_SLUG, CATEGORY_BY_ID, CITIES, offerTypeInfo, type OfferType,
} from '@portal/contracts/catalogue'
import { attributeApplies, normalizeAttributeValue, TITLE_MAX } from '@portal/contracts/offer'
import { foldPolish } from '@portal/contracts/search'
import { slugify } from '@portal/db/seed/text'
import { lookupPlaces } from '../geo/gazetteer.ts'

/**
 * From a feed's words to our catalogue (decision 025). Every format's parser builds a `Draft` and calls `finish`,
 * which either returns a complete offer or the Polish reason it cannot be imported. Nothing is guessed: a value
 * without a counterpart in the catalogue rejects the offer with that value named.
 */
export interface FeedOffer {
  externalId: string
  categoryId: number
  offerType: OfferType
  title: string
  description: string
  /** Grosze. */
  price: number
  location: { name: string; lat: number; lon: number }
  attributes: { id: number; value: string | string[] }[]
  /** Photo URLs or, in a ZIP, file names; in order. */
  photos: string[]
}

export type FeedItem =
  | { kind: 'offer'; externalId: string; offer: FeedOffer; warnings: string[] }
  | { kind: 'reject'; externalId: string; reason: string }
  | { kind: 'delete'; externalId: string }

export class Reject extends Error {}

export interface Draft {
  externalId: string
  categoryId?: number
  offerType?: OfferType
  title?: string
  description?: string
  price?: number
  city?: string
  district?: string
  street?: string
  lat?: number
  lon?: number
  /** Attribute id → raw value (multi-valued: a list of option slugs). */
  attrs: Map<number, unknown>
  photos: string[]
  warnings: string[]
}

export const newDraft = (externalId: string): Draft => ({ externalId, attrs: new Map(), photos: [], warnings: [] })

/** Price text ('450 000,50', '450000.50') in zł → grosze; currency must be PLN. */
export function priceGrosze(text: string, currency: string | undefined): number {
  const cur = (currency ?? 'PLN').trim().toUpperCase()
  if (cur !== 'PLN' && cur !== 'ZŁ' && cur !== 'ZL') throw new Reject(`Waluta „${currency}” nie jest obsługiwana (tylko PLN)`)
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) throw new Reject(text ? `Nieprawidłowa cena „${text.slice(0, 40)}”` : 'Brak ceny')
  return Math.round(Number(clean) * 100)
}

export function number(text: string, what: string): number {
  const n = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'))
  if (!text || !Number.isFinite(n)) throw new Reject(`Parametr „${what}”: nieprawidłowa liczba „${text.slice(0, 40)}”`)
  return n
}

const TRUE_WORDS = new Set(['1', 'true', 'tak', 't', 'yes', 'y'])
const FALSE_WORDS = new Set(['0', 'false', 'nie', 'n', 'no', ''])
export function bool(text: string, what: string): boolean {
  const v = text.trim().toLowerCase()
  if (TRUE_WORDS.has(v)) return true
  if (FALSE_WORDS.has(v)) return false
  throw new Reject(`Parametr „${what}”: wartość „${text.slice(0, 40)}” nie jest tak/nie`)
}

/** A choice attribute: the value must equal one option's slug or name (case and diacritics ignored). */
export function choice(attributeId: number, text: string, what: string): string {
  const def = ATTRIBUTE_BY_ID.get(attributeId)!
  const s = slugify(text)
  const hit = def.options?.find((o) => o.slug === s || slugify(o.name) === s)
  if (!hit) throw new Reject(`Parametr „${what}”: wartość „${text.slice(0, 60)}” nie ma odpowiednika w katalogu`)
  return hit.slug
}

/** Rooms 1–4 as they are, 5 and more as '5' (the catalogue's "5 i więcej"); bathrooms likewise from 3. */
export const roomsChoice = (n: number, what: string) => {
  if (!Number.isInteger(n) || n < 1) throw new Reject(`Parametr „${what}”: nieprawidłowa liczba pokoi „${n}”`)
  return String(Math.min(n, 5))
}
export const bathroomsChoice = (n: number, what: string) => {
  if (!Number.isInteger(n) || n < 1) throw new Reject(`Parametr „${what}”: nieprawidłowa liczba łazienek „${n}”`)
  return String(Math.min(n, 3))
}
/** Floor numbers: -1 basement, 0 ground floor, 1–10, above 10; or a word of the catalogue ('parter', 'poddasze'). */
export function floorChoice(text: string, what: string): string {
  const t = text.trim()
  if (/^-?\d+$/.test(t)) {
    const n = Number(t)
    if (n < 0) return 'suterena'
    if (n === 0) return 'parter'
    return n > 10 ? 'powyzej-10' : String(n)
  }
  return choice(9, t, what)
}

export function addExtra(d: Draft, slug: string) {
  const list = (d.attrs.get(16) as string[] | undefined) ?? []
  if (!list.includes(slug)) list.push(slug)
  d.attrs.set(16, list)
}

/** A child category of `parentId` named by the feed (slug or name), or a rejection. */
export function subcategory(parentId: number, text: string, what: string): number {
  const parent = CATEGORY_BY_ID.get(parentId)!
  const s = slugify(text)
  const hit = parent.childIds.map((id) => CATEGORY_BY_ID.get(id)!).find((c) => c.slug === s || slugify(c.name) === s || c.urlSlug === s)
  if (!hit) throw new Reject(`Parametr „${what}”: „${text.slice(0, 60)}” nie ma odpowiednika wśród kategorii „${parent.name}”`)
  return hit.id
}

/** The place: coordinates when the feed gives them, else the city (and district) from our gazetteer. */
function place(d: Draft): FeedOffer['location'] {
  const name = [d.street, d.district, d.city].filter(Boolean).join(', ')
  if (d.lat !== undefined && d.lon !== undefined && Number.isFinite(d.lat) && Number.isFinite(d.lon)
    && Math.abs(d.lat) <= 90 && Math.abs(d.lon) <= 180 && !(d.lat === 0 && d.lon === 0)) {
    if (!name) throw new Reject('Brak nazwy miejscowości')
    return { name: name.slice(0, 200), lat: d.lat, lon: d.lon }
  }
  if (!d.city) throw new Reject('Brak lokalizacji (miejscowość albo współrzędne)')
  const key = foldPolish(d.city)
  const city = CITIES.find((c) => foldPolish(c.name) === key)
  if (city) {
    const dist = d.district ? city.districts.find((x) => foldPolish(x.name) === foldPolish(d.district!)) : undefined
    return { name: name.slice(0, 200), lat: dist?.lat ?? city.lat, lon: dist?.lon ?? city.lon }
  }
  const hit = lookupPlaces(d.city, 5).find((p) => foldPolish(p.display_name.split(',')[0]!) === key)
  if (!hit) throw new Reject(`Nie rozpoznano miejscowości „${d.city.slice(0, 60)}”; podaj współrzędne`)
  return { name: name.slice(0, 200), lat: Number(hit.lat), lon: Number(hit.lon) }
}

/** Checks and completes a draft; throws Reject with the reason. */
export function finish(d: Draft): FeedOffer {
  if (!d.externalId) throw new Reject('Brak identyfikatora oferty')
  if (d.categoryId === undefined) throw new Reject('Brak kategorii')
  if (!d.offerType) throw new Reject('Brak rodzaju transakcji')
  const cat = CATEGORY_BY_ID.get(d.categoryId)!
  const allowed = cat.offerTypes as string[]
  if (!allowed.includes(d.offerType)) {
    throw new Reject(`Kategoria „${cat.name}” nie przyjmuje ofert typu „${offerTypeInfo(d.offerType).label}”`)
  }
  if (d.price === undefined) throw new Reject('Brak ceny')
  const description = (d.description ?? '').trim()
  if (!description) throw new Reject('Brak opisu oferty')
  const location = place(d)
  const attributes: FeedOffer['attributes'] = []
  for (const [id, raw] of [...d.attrs].sort((a, b) => a[0] - b[0])) {
    const def = ATTRIBUTE_BY_ID.get(id)!
    if (!attributeApplies(def, d.categoryId, d.offerType)) {
      d.warnings.push(`„${def.name}” nie dotyczy tej kategorii lub transakcji; pominięto`)
      continue
    }
    const r = normalizeAttributeValue(def, raw)
    if ('error' in r) throw new Reject(`${def.name}: ${r.error}`)
    if ((Array.isArray(r.value) && r.value.length === 0) || r.value === '') continue
    attributes.push({ id, value: r.value })
  }
  const title = (d.title?.trim() || `${cat.name} ${offerTypeInfo(d.offerType).phrase}, ${location.name.split(',').at(-1)!.trim()}`)
  return {
    externalId: d.externalId, categoryId: d.categoryId, offerType: d.offerType,
    title: title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1).trimEnd()}…` : title,
    description: description.slice(0, 17_000), price: d.price, location, attributes, photos: d.photos.slice(0, 100),
  }
}

/** Runs a format's mapping; a Reject becomes a rejected item, anything else is a bug and goes up. */
export function toItem(externalId: string, build: () => Draft): FeedItem {
  try {
    const d = build()
    return { kind: 'offer', externalId, offer: finish(d), warnings: d.warnings }
  } catch (err) {
    if (err instanceof Reject) return { kind: 'reject', externalId, reason: err.message }
    throw err
  }
}

export { ATTRIBUTE_BY_SLUG }
