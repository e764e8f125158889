/**
 * Genitive and locative of Polish place names ('z Krakowa', 'na Mokotowie', 'w Śródmieściu'), derived by rule from
 * the nominative so the search understands every catalogue city and district without a hand-written list of forms.
 * The rules cover the regular noun patterns and adjective + noun names ('Zielona Góra', 'Prądnik Biały'); names that
 * decline irregularly ('Wrocław' → 'Wrocławia', 'Wawer' → 'Wawrze') carry explicit forms in cities.ts
 * (IRREGULAR_PLACE_FORMS, by whole name or by word: 'Bytom' serves 'Nowy Bytom' too), which win.
 */
import { IRREGULAR_PLACE_FORMS, type City, type District, type PlaceForms } from './cities.ts'

export type { PlaceForms }

type Case = keyof PlaceForms
/** Hyphenated second parts that never decline: 'na Pradze-Północ'. */
const FIXED_PARTS = new Set(['północ', 'południe', 'wschód', 'zachód'])
/** Abbreviations ('Os.') and indeclinable endings ('Centrum', 'Maroko' is handled as a noun). */
const INDECLINABLE = /(\.|um)$/i
/** Adjectives that are unmistakable even beside another adjective-looking word. */
const SURE_ADJECTIVE = /(sk|ck|dzk)(i|a|ie)$/i

/** Locative endings of a feminine -a or neuter -o noun: the stem's last consonant softens before -e. */
const SOFTENED: [RegExp, string][] = [
  [/st$/, 'ście'], [/sł$/, 'śle'], [/zd$/, 'ździe'], [/sn$/, 'śnie'], [/zn$/, 'źnie'], [/ch$/, 'sze'],
  [/k$/, 'ce'], [/g$/, 'dze'], [/t$/, 'cie'], [/d$/, 'dzie'], [/s$/, 'sie'], [/z$/, 'zie'], [/n$/, 'nie'],
  [/m$/, 'mie'], [/b$/, 'bie'], [/p$/, 'pie'], [/w$/, 'wie'], [/f$/, 'fie'], [/ł$/, 'le'], [/r$/, 'rze'],
]
/** Locative of a masculine noun ending in a hard consonant (same softening, with -ie). */
const soften = (stem: string) => {
  for (const [re, end] of SOFTENED) if (re.test(stem)) return stem.replace(re, end)
  return `${stem}e`
}
const HARDENED = /(c|cz|sz|rz|ż|dz|dż|j|l)$/
const SOFT: Record<string, string> = { ń: 'ni', ś: 'si', ć: 'ci', ź: 'zi', dź: 'dzi' }

function nounForm(word: string, c: Case): string {
  const irregular = IRREGULAR_PLACE_FORMS[word]?.[c]
  if (irregular) return irregular
  const lower = word.toLowerCase()
  const keep = (s: string) => (word[0] === word[0]!.toUpperCase() ? s[0]!.toUpperCase() + s.slice(1) : s)
  const w = lower
  let out: string
  if (INDECLINABLE.test(w)) out = w
  else if (/(ce|ice|yce)$/.test(w) || /[^aeiouyąęó][yi]$/.test(w)) {
    // Plural names: Katowice, Kielce, Bielany, Włochy, Łagiewniki.
    // The genitive drops the ending and breaks a final consonant cluster with e: Szombierki → Szombierek.
    out = c === 'locative' ? w.replace(/[eyi]$/, 'ach') : w.replace(/[eyi]$/, '').replace(/([^aeiouyąęó])k$/, '$1ek')
  } else if (w.endsWith('a')) {
    const stem = w.slice(0, -1)
    if (/[^aeiouy]i$/.test(stem)) out = stem // Gdynia → Gdyni (both cases)
    else if (/[lj]$/.test(stem)) out = `${stem}i` // Wola → Woli
    else if (HARDENED.test(stem)) out = `${stem}y`
    else if (c === 'genitive') out = /[kg]$/.test(stem) ? `${stem}i` : `${stem}y`
    else out = soften(stem)
  } else if (w.endsWith('o')) {
    const stem = w.slice(0, -1)
    out = c === 'genitive' ? `${stem}a` : /(k|g|ch)$/.test(stem) ? `${stem}u` : soften(stem)
  } else if (w.endsWith('e')) {
    // Neuter: Opole, Zabrze, Śródmieście, Podgórze.
    const stem = w.slice(0, -1)
    out = c === 'genitive' ? `${stem}a` : `${stem}u`
  } else {
    // Masculine (consonant): Kraków, Gdańsk, Poznań, Żoliborz, Sosnowiec, Targówek.
    let stem = w.replace(/ów$/, 'ow').replace(/([^aeiouy])ek$/, '$1k').replace(/iec$/, 'c').replace(/([^aeiouy])ec$/, '$1c')
    const soft = Object.keys(SOFT).find((s) => stem.endsWith(s))
    if (soft) { stem = stem.slice(0, -soft.length) + SOFT[soft]; out = c === 'genitive' ? `${stem}a` : `${stem}u` }
    else if (c === 'genitive') out = `${stem}a`
    else if (/(k|g|ch)$/.test(stem) || HARDENED.test(stem)) out = `${stem}u`
    else out = stem.endsWith('ow') && w.endsWith('ów') ? `${stem}ie` : soften(stem)
  }
  return keep(out)
}

function adjectiveForm(word: string, c: Case): string {
  const w = word
  const velar = /[kg]$/
  if (/[yi]$/.test(w)) { // masculine: Biały, Wielkopolski
    const stem = w.slice(0, -1)
    return c === 'genitive' ? `${stem}${velar.test(stem) ? 'iego' : 'ego'}` : `${stem}${velar.test(stem) ? 'im' : 'ym'}`
  }
  if (w.endsWith('a')) { // feminine: Zielona, Śląska
    const stem = w.slice(0, -1)
    return `${stem}${velar.test(stem) ? 'iej' : 'ej'}`
  }
  if (w.endsWith('e')) { // neuter: Stare, Psie
    const stem = w.slice(0, -1).replace(/i$/, '')
    const soft = w.endsWith('ie') && !velar.test(stem)
    return c === 'genitive' ? `${stem}${velar.test(stem) || soft ? 'iego' : 'ego'}` : `${stem}${velar.test(stem) || soft ? 'im' : 'ym'}`
  }
  return w
}

const looksAdjective = (w: string) => /([^aeiouy]([yia]|e)|ie)$/i.test(w) && !/(ce)$/i.test(w)

/** Which words of a multi-word name are adjectives: '-ski/-cka' ones, else the first of two ('Nowa Huta'). */
function adjectiveMask(words: string[]): boolean[] {
  if (words.length === 1) return [false]
  const sure = words.map((w) => SURE_ADJECTIVE.test(w))
  if (sure.some(Boolean)) return sure
  // 'Prądnik Biały': a consonant-final noun first, the adjective after it; otherwise the adjective comes first.
  if (!/[aeiouy]$/i.test(words[0]!)) return words.map((w, i) => i > 0 && looksAdjective(w))
  return words.map((w, i) => i < words.length - 1 && looksAdjective(w))
}

function decline(name: string, c: Case): string {
  const irregular = IRREGULAR_PLACE_FORMS[name]?.[c]
  if (irregular) return irregular
  const parts = name.split('-')
  if (parts.length > 1) {
    // 'Praga-Północ' → 'Pradze-Północ', 'Bielsko-Biała' → 'Bielsku-Białej' (the second part as an adjective).
    if (parts.slice(1).every((p) => FIXED_PARTS.has(p.toLowerCase()))) return [decline(parts[0]!, c), ...parts.slice(1)].join('-')
    return parts.map((p, i) => (i > 0 && looksAdjective(p) && /[aeiy]$/i.test(p) && /a$/i.test(p) ? adjectiveForm(p, c) : decline(p, c))).join('-')
  }
  const words = name.split(' ')
  const adj = adjectiveMask(words)
  return words.map((w, i) => (adj[i] ? adjectiveForm(w, c) : nounForm(w, c))).join(' ')
}

/** The genitive and locative of a place name (irregular forms from the catalogue win). */
export function placeForms(name: string): PlaceForms {
  return { genitive: decline(name, 'genitive'), locative: decline(name, 'locative') }
}

/** A catalogue city's forms: its own locative ('we Wrocławiu' is written in the catalogue), the derived genitive. */
export const cityForms = (city: City): PlaceForms => ({ genitive: placeForms(city.name).genitive, locative: city.locative })
export const districtForms = (district: District): PlaceForms => placeForms(district.name)

/** 'Praga' for 'Praga-Północ' and 'Praga-Południe': the part a hyphenated district shares with its compass siblings. */
export function districtBase(name: string): string | undefined {
  const parts = name.split('-')
  return parts.length > 1 && parts.slice(1).every((p) => FIXED_PARTS.has(p.toLowerCase())) ? parts[0] : undefined
}
