// Category landing pages: /nieruchomosci/{property?}/{transaction}, /nieruchomosci/{property?}/{transaction?}/{location}
// (spec §2) and the services page. Unknown segments → null (the route answers 404).
import { categoryBySlug, CITIES, locativePhrase, OFFER_TYPES, type Category, type City } from '@portal/contracts/catalogue'
import { pricePagePath } from '@portal/contracts/plain/prices'
import { VOIVODESHIP_BY_SLUG, voivodeshipLocative, type Voivodeship } from '@portal/contracts/catalogue/voivodeships'

export interface Landing {
  category?: Category
  offer?: (typeof OFFER_TYPES)[number]
  city?: City
  /** A voivodeship in place of a city (decision 069): its listings by boundary (`lokalizacje`). */
  voivodeship?: Voivodeship
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
    const voivodeship = VOIVODESHIP_BY_SLUG.get(seg[i]!.toLowerCase())
    if (!city && !voivodeship) return null
    if (city) out.city = city
    else out.voivodeship = voivodeship
    i++
  }
  if (i !== seg.length) return null
  if (!out.offer && !out.city && !out.voivodeship) return null
  // A category that is not offered for this transaction has no page.
  if (out.category && out.offer && !out.category.offerTypes.includes(out.offer.value)) return null
  return out
}

/** 'Mieszkania na sprzedaż Kraków', 'Nieruchomości na wynajem', 'Domy Gdańsk', 'Mieszkania na sprzedaż w województwie mazowieckim'. */
export function landingHeading(l: Landing): string {
  const parts = [l.category?.plural ?? 'Nieruchomości', l.offer?.phrase, l.city?.name, l.voivodeship && voivodeshipLocative(l.voivodeship)]
  return parts.filter(Boolean).join(' ')
}

export function landingPath(l: Landing): string {
  return ['/nieruchomosci', l.category?.urlSlug, l.offer?.slug, l.city?.slug ?? l.voivodeship?.slug].filter(Boolean).join('/')
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
  if (l.voivodeship) crumbs.push({ label: `Województwo ${l.voivodeship.name}`, to: landingPath(l) })
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
  if (l.voivodeship && !p.get('lokalizacje') && !p.get('locations') && !p.get('lokalizacja[lat]')) p.set('lokalizacje', l.voivodeship.slug)
  return p
}

export function landingDescription(l: Landing, total: number | null): string {
  const what = landingHeading(l)
  const where = l.city || l.voivodeship ? '' : ' w całej Polsce'
  const count = total ? ` — ${total.toLocaleString('pl-PL')} aktualnych ogłoszeń` : ''
  return `${what}${where}${count}. Ogłoszenia od właścicieli, agencji i deweloperów ze zdjęciami, cenami i mapą.`
}

/** 'Mokotów, Ursynów, Wilanów (Warszawa)': districts of one city named once with it. */
export function placesPhrase(labels: string[]): string {
  const out: { names: string[]; city?: string }[] = []
  for (const label of labels) {
    const m = /^(.*) \((.+)\)$/.exec(label)
    const last = out.at(-1)
    if (m && last?.city === m[2]) last.names.push(m[1]!)
    else out.push(m ? { names: [m[1]!], city: m[2] } : { names: [label] })
  }
  return out.map((g) => (g.city ? `${g.names.join(', ')} (${g.city})` : g.names[0])).join(', ')
}

/** The /szukaj heading: like a landing page when the query names a category, offer type or place, else the phrase. */
export function searchHeading(f: { typ: string; kategoria: string[]; phrase: string; location: { display_name: string } | null;
  lokalizacje?: { id: string; label: string }[]; inwestycja?: { label: string } | null }): string {
  const category = f.kategoria.length === 1 ? categoryBySlug(f.kategoria[0]) : undefined
  const offer = OFFER_TYPES.find((o) => o.slug === f.typ)
  // An investment's units (decision 077): 'Lokale w inwestycji Zielone Tarasy', 'Mieszkania na sprzedaż w inwestycji …'.
  if (f.inwestycja && f.typ !== 'szukam') {
    const head = [category?.plural ?? 'Lokale', offer?.phrase, `w inwestycji ${f.inwestycja.label}`].filter(Boolean).join(' ')
    return f.phrase ? `${head}: „${f.phrase}”` : head
  }
  // Several places (decision 069): one voivodeship in the locative ('w województwie mazowieckim'), else their names.
  const places = f.lokalizacje ?? []
  const one = places.length === 1 ? VOIVODESHIP_BY_SLUG.get(places[0]!.id) : undefined
  const place = one ? voivodeshipLocative(one) : places.length ? placesPhrase(places.map((x) => x.label)) : f.location?.display_name
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
