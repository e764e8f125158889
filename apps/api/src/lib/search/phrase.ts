import { CATEGORIES, CITIES, OFFER_TYPES, cityForms, districtBase, districtForms, placeForms, type OfferType } from '@portal/contracts/catalogue'
import { foldPolish } from '@portal/contracts/search'

/**
 * What a free-text phrase means: 'mieszkanie w Krakowie' is the category mieszkanie in the city Kraków, not the
 * substring 'mieszkanie w krakowie' (which no listing contains). Cities and the districts of the catalogue cities are
 * recognised in the nominative, genitive and locative ('z Krakowa', 'we Wrocławiu', 'na Mokotowie', 'na Pradze' for
 * both Praga districts), the forms derived from the catalogue (contracts catalogue/inflection.ts); category and
 * transaction words in their common forms; prepositions are dropped and the remaining words must each occur in
 * search_text.
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
  /** `word`: what the phrase must contain instead when no named city has the district (its folded nominative). */
  | { kind: 'district'; districts: { name: string; citySlugs: string[] }[]; generic: boolean; word: string }
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

/** A dictionary key as phrases are tokenised: folded, punctuation ('Os.') as spaces. */
const keyOf = (form: string) => foldPolish(form).replace(/[^a-z0-9\- ]+/g, ' ').replace(/\s+/g, ' ').trim()

function buildDictionary(): Map<string, Entry> {
  const dict = new Map<string, Entry>()
  const put = (form: string, e: Entry) => {
    const key = keyOf(form)
    if (!key) return
    dict.set(key, e)
    if (key.includes('-')) dict.set(key.replace(/-/g, ' '), e)
  }
  // Districts by name (a name may belong to several cities), and 'Praga' for Praga-Północ and Praga-Południe.
  const districtCities = new Map<string, { name: string; citySlugs: string[]; forms: string[] }>()
  const bases = new Map<string, { districts: Map<string, { name: string; citySlugs: string[] }>; forms: string[] }>()
  for (const city of CITIES) {
    for (const d of city.districts) {
      const key = keyOf(d.name)
      const { genitive, locative } = districtForms(d)
      const e = districtCities.get(key) ?? { name: d.name, citySlugs: [], forms: [d.name, genitive, locative] }
      e.citySlugs.push(city.slug)
      districtCities.set(key, e)
      const base = districtBase(d.name)
      if (base) {
        const b = bases.get(keyOf(base)) ?? { districts: new Map(), forms: [base, ...Object.values(placeForms(base))] }
        b.districts.set(key, e)
        bases.set(keyOf(base), b)
      }
    }
  }
  for (const b of bases.values()) {
    const districts = [...b.districts.values()].map(({ name, citySlugs }) => ({ name, citySlugs }))
    const e: Entry = { kind: 'district', districts, generic: false, word: foldPolish(b.forms[0]!) }
    for (const form of b.forms) put(form, e)
  }
  for (const [key, { name, citySlugs, forms }] of districtCities) {
    for (const form of forms) put(form, { kind: 'district', districts: [{ name, citySlugs }], generic: GENERIC_DISTRICTS.has(key), word: foldPolish(name) })
  }
  for (const [slug, words] of Object.entries(CATEGORY_WORDS)) for (const w of words) dict.set(w, { kind: 'category', slug })
  for (const c of CATEGORIES) if (c.parentId === null) dict.set(foldPolish(c.plural), { kind: 'category', slug: c.slug })
  for (const [w, value] of Object.entries(OFFER_WORDS)) dict.set(w, { kind: 'offer', value })
  for (const t of OFFER_TYPES) dict.set(foldPolish(t.phrase), { kind: 'offer', value: t.value })
  // Cities last: a city name wins over a district of the same name.
  for (const city of CITIES) {
    const { genitive, locative } = cityForms(city)
    for (const form of [city.name, locative, genitive, city.slug]) put(form, { kind: 'city', slug: city.slug })
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
  for (const e of districts) {
    const found: PhraseMeaning['districts'] = []
    for (const d of e.districts) {
      const inCities = out.citySlugs.length ? d.citySlugs.filter((c) => out.citySlugs.includes(c)) : d.citySlugs
      if (inCities.length) found.push({ name: d.name, citySlugs: inCities })
    }
    // A generic name without a city, or a district of another city than the one named, stays a word (its nominative).
    if (!found.length || (e.generic && !out.citySlugs.length)) {
      if (!out.words.includes(e.word)) out.words.push(e.word)
    } else for (const d of found) if (!out.districts.some((x) => x.name === d.name)) out.districts.push(d)
  }
  return out
}
