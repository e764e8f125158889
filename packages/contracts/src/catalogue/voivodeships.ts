/**
 * The 16 voivodeships (TERC code, URL slug, name) with the cases their titles need: 'w województwie mazowieckim',
 * 'województwa mazowieckiego' (decision 069). Every name is an adjective in -ie, so the cases follow one rule.
 */
export interface Voivodeship { code: string; slug: string; name: string; locative: string; genitive: string }

const NAMES: [string, string][] = [
  ['02', 'dolnośląskie'], ['04', 'kujawsko-pomorskie'], ['06', 'lubelskie'], ['08', 'lubuskie'], ['10', 'łódzkie'],
  ['12', 'małopolskie'], ['14', 'mazowieckie'], ['16', 'opolskie'], ['18', 'podkarpackie'], ['20', 'podlaskie'],
  ['22', 'pomorskie'], ['24', 'śląskie'], ['26', 'świętokrzyskie'], ['28', 'warmińsko-mazurskie'], ['30', 'wielkopolskie'],
  ['32', 'zachodniopomorskie'],
]

/** 'łódzkie' → 'lodzkie' (URL slugs of places). */
export const placeSlug = (name: string) => name.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/\p{Diacritic}/gu, '')
  .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

export const VOIVODESHIPS: Voivodeship[] = NAMES.map(([code, name]) => ({
  code, slug: placeSlug(name), name, locative: `${name.slice(0, -2)}im`, genitive: `${name.slice(0, -2)}iego`,
}))
export const VOIVODESHIP_BY_SLUG = new Map(VOIVODESHIPS.map((v) => [v.slug, v]))
export const VOIVODESHIP_BY_CODE = new Map(VOIVODESHIPS.map((v) => [v.code, v]))
/** 'w województwie mazowieckim' */
export const voivodeshipLocative = (v: Voivodeship) => `w województwie ${v.locative}`
