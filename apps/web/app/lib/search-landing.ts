// Category landing pages: /nieruchomosci/{property?}/{transaction}, /nieruchomosci/{property?}/{transaction?}/{location}
// (spec §2) and the services page. Unknown segments → null (the route answers 404).
import { categoryBySlug, CITIES, locativePhrase, OFFER_TYPES, type Category, type City } from '@portal/contracts/catalogue'
import { pricePagePath } from '@portal/contracts/plain/prices'

export interface Landing {
  category?: Category
  offer?: (typeof OFFER_TYPES)[number]
  city?: City
}

const cityFor = (slug: string) => CITIES.find((c) => c.slug === slug.toLowerCase())
const offerFor = (slug: string) => OFFER_TYPES.find((o) => o.slug === slug.toLowerCase())

/** Segments after /nieruchomosci: [property?, transaction?, location?] with the transaction required unless a location is given. */
export function parseLanding(segments: (string | undefined)[]): Landing | null {
  const seg = segments.filter((s): s is string => !!s)
  if (!seg.length || seg.length > 3) return null
  const out: Landing = {}
  let i = 0
  const category = categoryBySlug(seg[i])
  if (category && category.slug !== 'uslugi') {
    out.category = category
    i++
  }
  if (seg[i] && offerFor(seg[i]!)) out.offer = offerFor(seg[i++]!)
  if (seg[i]) {
    const city = cityFor(seg[i]!)
    if (!city) return null
    out.city = city
    i++
  }
  if (i !== seg.length) return null
  if (!out.offer && !out.city) return null
  // A category that is not offered for this transaction has no page.
  if (out.category && out.offer && !out.category.offerTypes.includes(out.offer.value)) return null
  return out
}

/** 'Mieszkania na sprzedaż Kraków', 'Nieruchomości na wynajem', 'Domy Gdańsk'. */
export function landingHeading(l: Landing): string {
  const parts = [l.category?.plural ?? 'Nieruchomości', l.offer?.phrase, l.city?.name].filter(Boolean)
  return parts.join(' ')
}

export function landingPath(l: Landing): string {
  return ['/nieruchomosci', l.category?.urlSlug, l.offer?.slug, l.city?.slug].filter(Boolean).join('/')
}

export interface Crumb {
  label: string
  to: string
}

/** Strona główna › Mieszkania › Na sprzedaż › Kraków (the last one is the page itself). */
export function landingCrumbs(l: Landing): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Strona główna', to: '/' }]
  const acc: Landing = {}
  if (l.category) {
    acc.category = l.category
    // A category page needs a transaction: link to its first offer type.
    const offer = l.offer ?? OFFER_TYPES.find((o) => l.category!.offerTypes.includes(o.value))
    crumbs.push({ label: l.category.plural, to: landingPath({ category: l.category, offer }) })
  }
  if (l.offer) {
    acc.offer = l.offer
    const phrase = l.offer.phrase
    crumbs.push({ label: phrase[0]!.toUpperCase() + phrase.slice(1), to: landingPath(acc) })
  }
  if (l.city) crumbs.push({ label: l.city.name, to: landingPath(l) })
  return crumbs
}

/** The search query of a landing page; the visitor's own filters (query string) come on top. */
export function landingParams(l: Landing, extra: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(extra)
  if (l.category && !p.get('kategoria')) p.set('kategoria', l.category.urlSlug)
  if (l.offer && !p.get('typ') && !p.get('ad-type')) p.set('typ', l.offer.slug)
  if (l.city && !p.get('lokalizacja[lat]') && !p.get('location[lat]')) {
    p.set('lokalizacja[lat]', String(l.city.lat))
    p.set('lokalizacja[lon]', String(l.city.lon))
    p.set('lokalizacja[nazwa]', l.city.name)
  }
  return p
}

export function landingDescription(l: Landing, total: number | null): string {
  const what = landingHeading(l)
  const where = l.city ? '' : ' w całej Polsce'
  const count = total ? ` — ${total.toLocaleString('pl-PL')} aktualnych ogłoszeń` : ''
  return `${what}${where}${count}. Ogłoszenia od właścicieli, agencji i deweloperów ze zdjęciami, cenami i mapą.`
}

/** The /szukaj heading: like a landing page when the query names a category, offer type or place, else the phrase. */
export function searchHeading(f: { typ: string; kategoria: string[]; phrase: string; location: { display_name: string } | null }): string {
  const category = f.kategoria.length === 1 ? categoryBySlug(f.kategoria[0]) : undefined
  const offer = OFFER_TYPES.find((o) => o.slug === f.typ)
  const place = f.location?.display_name
  // Wanted ads say so first, whatever else the query names: 'Szukam: mieszkania, Kraków'.
  if (f.typ === 'szukam' && (category || place)) {
    const head = `Szukam: ${[category?.plural.toLowerCase(), place].filter(Boolean).join(', ')}`
    return f.phrase ? `${head}: „${f.phrase}”` : head
  }
  if (category || offer || place) {
    const parts = [category?.plural ?? 'Nieruchomości', offer?.phrase, place].filter(Boolean)
    const head = parts.join(' ')
    return f.phrase ? `${head}: „${f.phrase}”` : head
  }
  if (f.typ === 'szukam') return f.phrase ? `Szukam: „${f.phrase}”` : 'Ogłoszenia „Szukam”'
  return f.phrase ? `Wyniki dla „${f.phrase}”` : 'Ogłoszenia nieruchomości'
}

/** A city's landing page of flats (or of all property) links to its price page (issue 26): 'Ceny mieszkań w Krakowie'. */
export function landingPriceLink(l: Landing): { href: string; label: string } | null {
  if (!l.city || (l.category && l.category.id !== 1)) return null
  return { href: pricePagePath(l.city.slug), label: `Ceny mieszkań ${locativePhrase(l.city)}` }
}
