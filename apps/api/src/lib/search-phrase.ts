import { CATEGORIES, CITIES, OFFER_TYPES, type OfferType } from '@portal/contracts/catalogue'
import { foldPolish } from '@portal/contracts/search'

/**
 * What a free-text phrase means: 'mieszkanie w Krakowie' is the category mieszkanie in the city Kraków, not the
 * substring 'mieszkanie w krakowie' (which no listing contains). City names are recognised in the nominative and
 * the locative ('Warszawie', 'we Wrocławiu'), districts of the catalogue cities by name, category and transaction
 * words in their common forms; prepositions are dropped and the remaining words must each occur in search_text.
 */
export interface PhraseMeaning {
  citySlugs: string[]
  /** District names (as stored in listings.district), each with the cities that have it. */
  districts: { name: string; citySlugs: string[] }[]
  categorySlugs: string[]
  offerType?: OfferType
  /** Folded words (and word stems) every one of which must occur in search_text. */
  words: string[]
}

type Entry =
  | { kind: 'city'; slug: string }
  | { kind: 'district'; name: string; citySlugs: string[]; generic: boolean }
  | { kind: 'category'; slug: string }
  | { kind: 'offer'; value: OfferType }

const PREPOSITIONS = new Set(['w', 'we', 'na', 'do', 'z', 'ze', 'i', 'oraz', 'pod', 'przy', 'ul', 'ul.', 'os', 'os.', 'okolice', 'okolicy', 'blisko', 'kolo'])
/** District names found in many cities mean nothing without a city ('centrum' may well be a word of the title). */
const GENERIC_DISTRICTS = new Set(['srodmiescie', 'centrum', 'stare miasto', 'nowe miasto'])

const CATEGORY_WORDS: Record<string, string[]> = {
  mieszkanie: ['mieszkanie', 'mieszkania', 'mieszkan', 'mieszkaniu'],
  dom: ['dom', 'domy', 'domu', 'domow'],
  dzialka: ['dzialka', 'dzialki', 'dzialek', 'grunt', 'grunty'],
  'lokal-uzytkowy': ['lokal', 'lokale', 'lokalu'],
  garaz: ['garaz', 'garaze', 'garazu'],
  pokoj: ['pokoj', 'pokoje'],
  parking: ['parking', 'parkingi'],
  magazyny: ['magazyn', 'magazyny', 'hala', 'hale'],
  biuro: ['biuro', 'biura'],
}
const OFFER_WORDS: Record<string, OfferType> = {
  sprzedaz: 'sell', sprzedam: 'sell', sprzedazy: 'sell', kupie: 'sell',
  wynajem: 'rent', wynajme: 'rent', wynajecia: 'rent', wynajecie: 'rent', najem: 'rent', wynajmu: 'rent',
  zamiana: 'exchange', zamiany: 'exchange', zamienie: 'exchange',
  oddam: 'for_free', oddania: 'for_free',
}

function buildDictionary(): Map<string, Entry> {
  const dict = new Map<string, Entry>()
  const districtCities = new Map<string, { name: string; citySlugs: string[] }>()
  for (const city of CITIES) {
    for (const d of city.districts) {
      const key = foldPolish(d.name)
      const e = districtCities.get(key) ?? { name: d.name, citySlugs: [] }
      e.citySlugs.push(city.slug)
      districtCities.set(key, e)
    }
  }
  for (const [key, e] of districtCities) {
    dict.set(key, { kind: 'district', ...e, generic: GENERIC_DISTRICTS.has(key) })
    if (key.includes('-')) dict.set(key.replace(/-/g, ' '), { kind: 'district', ...e, generic: GENERIC_DISTRICTS.has(key) })
  }
  for (const [slug, words] of Object.entries(CATEGORY_WORDS)) for (const w of words) dict.set(w, { kind: 'category', slug })
  for (const c of CATEGORIES) if (c.parentId === null) dict.set(foldPolish(c.plural), { kind: 'category', slug: c.slug })
  for (const [w, value] of Object.entries(OFFER_WORDS)) dict.set(w, { kind: 'offer', value })
  for (const t of OFFER_TYPES) dict.set(foldPolish(t.phrase), { kind: 'offer', value: t.value })
  // Cities last: a city name wins over a district of the same name.
  for (const city of CITIES) {
    for (const form of [city.name, city.locative, city.slug]) {
      const key = foldPolish(form)
      dict.set(key, { kind: 'city', slug: city.slug })
      if (key.includes('-')) dict.set(key.replace(/-/g, ' '), { kind: 'city', slug: city.slug })
    }
  }
  return dict
}

const DICT = buildDictionary()
const MAX_WORDS = 3

/** 'mieszkania' → 'mieszkani', 'balkonem' stays: a stem that still finds the other case endings. */
export function stem(word: string): string {
  if (word.length < 6 || /\d/.test(word)) return word
  return word.replace(/[aeiouy]{1,2}$/, '')
}

export function interpretPhrase(text: string): PhraseMeaning {
  const tokens = foldPolish(text).replace(/[^a-z0-9\- ]+/g, ' ').split(' ').filter(Boolean).slice(0, 20)
  const out: PhraseMeaning = { citySlugs: [], districts: [], categorySlugs: [], words: [] }
  const districts: Extract<Entry, { kind: 'district' }>[] = []
  let i = 0
  while (i < tokens.length) {
    let matched = false
    for (let n = Math.min(MAX_WORDS, tokens.length - i); n >= 1 && !matched; n--) {
      const key = tokens.slice(i, i + n).join(' ')
      const e = DICT.get(key)
      if (!e) continue
      matched = true
      i += n
      if (e.kind === 'city') { if (!out.citySlugs.includes(e.slug)) out.citySlugs.push(e.slug) }
      else if (e.kind === 'category') { if (!out.categorySlugs.includes(e.slug)) out.categorySlugs.push(e.slug) }
      else if (e.kind === 'offer') out.offerType ??= e.value
      else districts.push(e)
    }
    if (matched) continue
    const t = tokens[i++]!
    if (PREPOSITIONS.has(t) || t.length < 2 || t === '-') continue
    const w = stem(t)
    if (!out.words.includes(w)) out.words.push(w)
  }
  for (const d of districts) {
    const inCities = out.citySlugs.length ? d.citySlugs.filter((c) => out.citySlugs.includes(c)) : d.citySlugs
    // A generic name without a city, or a district of another city than the one named, stays a word.
    if (!inCities.length || (d.generic && !out.citySlugs.length)) out.words.push(foldPolish(d.name))
    else out.districts.push({ name: d.name, citySlugs: inCities })
  }
  return out
}
