// Texts of the listing page and "my listings": Polish dates, expiry with plurals, paragraphs, key facts, JSON-LD.
// Pure, so the server render and the browser print the same and the unit tests need no DOM.
import { DAY_FORMS, formatNumber, formatPrice, plural } from '@portal/contracts/format'
import type { PublicOffer } from '@portal/contracts/offer'

const dateFmt = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' })
const shortDateFmt = new Intl.DateTimeFormat('pl-PL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Warsaw' })

/** '12 marca 2026' */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d)
}
/** '12.03.2026' */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : shortDateFmt.format(d)
}

export const HOUR_FORMS = ['godzinę', 'godziny', 'godzin'] as const
export const MINUTE_FORMS = ['minutę', 'minuty', 'minut'] as const

/** 'wygasa za 12 dni', 'wygasa za 1 dzień', 'wygasa za 5 godzin', 'wygasło' (reference §10). */
export function expiryLabel(expiresAt: string | null | undefined, now: number = Date.now()): string | null {
  if (!expiresAt) return null
  const ms = new Date(expiresAt).getTime() - now
  if (Number.isNaN(ms)) return null
  if (ms <= 0) return 'wygasło'
  const days = Math.floor(ms / 86_400_000)
  if (days >= 1) return `wygasa za ${days} ${plural(days, DAY_FORMS)}`
  const hours = Math.floor(ms / 3_600_000)
  if (hours >= 1) return `wygasa za ${hours} ${plural(hours, HOUR_FORMS)}`
  const minutes = Math.max(1, Math.floor(ms / 60_000))
  return `wygasa za ${minutes} ${plural(minutes, MINUTE_FORMS)}`
}

/** Description → paragraphs: blank lines split paragraphs, single line breaks stay inside one (rendered as <br>). */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.split('\n').map((l) => l.trimEnd()))
    .filter((lines) => lines.some((l) => l.trim()))
}

type Attr = PublicOffer['attributes'][number]

export function attrLabel(attrs: readonly Attr[], id: number): string | null {
  return attrs.find((a) => a.id === id)?.label ?? null
}

export const VIEW_FORMS = ['wyświetlenie', 'wyświetlenia', 'wyświetleń'] as const
export const FAV_FORMS = ['osoba obserwuje', 'osoby obserwują', 'osób obserwuje'] as const

export function countText(n: number, forms: readonly [string, string, string]): string {
  return `${formatNumber(n)} ${plural(n, forms)}`
}

/** Price history, oldest first, with the change against the previous entry (in grosze). */
export function priceChanges(history: readonly { price: number; changed_at: string }[]) {
  const sorted = [...history].sort((a, b) => a.changed_at.localeCompare(b.changed_at))
  return sorted.map((h, i) => ({ ...h, delta: i === 0 ? 0 : h.price - sorted[i - 1]!.price }))
}

export function deltaLabel(delta: number): string {
  if (!delta) return ''
  return `${delta > 0 ? '+' : '−'}${formatPrice(Math.abs(delta))}`
}

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`
}

/** schema.org RealEstateListing with an Offer (price in PLN, availability). */
/**
 * The seller as the search's 'ogloszeniodawca' sees it (advertiser.kind): a private person, or the company, an
 * agent's listing being its agency's (a person's name there would read as a private sale).
 */
export function sellerJsonLd(a: PublicOffer['advertiser'], origin: string) {
  if (a.agency) return { '@type': 'RealEstateAgent', name: a.agency.name, url: absoluteUrl(origin, a.agency.profile_url) }
  if (a.kind === 'private' && a.type !== 'hotel') return { '@type': 'Person', name: a.name }
  return { '@type': a.kind === 'agency' ? 'RealEstateAgent' : 'Organization', name: a.company_name ?? a.name, url: absoluteUrl(origin, a.profile_url) }
}

export function listingJsonLd(o: PublicOffer, origin: string) {
  const url = absoluteUrl(origin, `/ogloszenia/${o.slug}`)
  const images = o.photos.slice(0, 6).map((p) => absoluteUrl(origin, p.url))
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: o.title,
    description: o.description.slice(0, 500),
    url,
    datePosted: o.created_at,
    ...(images.length ? { image: images } : {}),
    contentLocation: {
      '@type': 'Place',
      name: o.location.name,
      address: { '@type': 'PostalAddress', addressLocality: o.city, ...(o.voivodeship ? { addressRegion: o.voivodeship } : {}), addressCountry: 'PL' },
      geo: { '@type': 'GeoCoordinates', latitude: o.location.lat, longitude: o.location.lon },
    },
    ...(o.area ? { floorSize: { '@type': 'QuantitativeValue', value: o.area, unitCode: 'MTK' } } : {}),
    ...(o.rooms ? { numberOfRooms: o.rooms } : {}),
    offers: {
      '@type': 'Offer',
      price: (o.price / 100).toFixed(2),
      priceCurrency: 'PLN',
      availability: o.status === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
      ...(o.offer_type === 'rent' ? { businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut' } : {}),
      seller: sellerJsonLd(o.advertiser, origin),
    },
  }
}

/**
 * JSON for an inline <script> (JSON-LD; decision 036's script loader): '<' escaped so a title cannot close the script
 * element, and the line separators JavaScript does not allow in a string.
 */
export function jsonLdString(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** A short description for meta tags: first 155 characters of the text, on a word boundary. */
export function metaDescription(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`
}
