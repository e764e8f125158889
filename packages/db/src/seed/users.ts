import { CITIES, CITY_BY_SLUG } from '@portal/contracts/catalogue'
import type { Address, UserType } from '../schema/users.ts'
import { createRng, type Rng } from './random.ts'
import { slugify } from './text.ts'
import {
  AGENCIES, AGENCY_SERVICES, DEVELOPER_SERVICES, DEVELOPERS, FEMALE_FIRST, HOTEL, HOTEL_SERVICES, LANGUAGES, MALE_FIRST,
  STREETS, SURNAMES,
} from './names.ts'

/** A demo user before insertion; `agencyKey` links an agent to its company's `key`. */
export interface DemoUser {
  key: string
  name: string
  email: string
  phone: string
  nip: string | null
  type: UserType
  roles: string[]
  address: Address
  companyName: string | null
  services: string[]
  languages: string[]
  description: string | null
  newsletter: boolean
  agencyKey: string | null
  /** Home city slug: companies list mostly there. */
  city: string
}

/** Every demo account's e-mail ends with one of these (the seeder recognises its own users by them). */
export const DEMO_EMAIL_DOMAINS = ['example.pl', 'example.com'] as const

const phone = (rng: Rng) => `+48 ${rng.pick(['5', '6', '7', '8'])}${rng.int(0, 9)}${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(100, 999)}`

/** A NIP with a valid checksum (weights 6,5,7,2,3,4,5,6,7; mod 11 ≠ 10). */
function nip(rng: Rng): string {
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7]
  for (;;) {
    const digits = Array.from({ length: 9 }, (_, i) => (i === 0 ? rng.int(1, 9) : rng.int(0, 9)))
    const check = digits.reduce((s, d, i) => s + d * w[i]!, 0) % 11
    if (check !== 10) return [...digits, check].join('')
  }
}

function address(rng: Rng, citySlug: string): Address {
  const city = CITY_BY_SLUG.get(citySlug)!
  const zip = `${rng.int(0, 9)}${rng.int(0, 9)}-${String(rng.int(0, 999)).padStart(3, '0')}`
  return { city: city.name, street: `ul. ${rng.pick(STREETS)} ${rng.int(1, 120)}${rng.chance(0.3) ? `/${rng.int(1, 60)}` : ''}`, zip_code: zip, country: 'Polska' }
}

function person(rng: Rng): { first: string; last: string } {
  const female = rng.chance(0.5)
  const [m, f] = rng.pick(SURNAMES)
  return { first: rng.pick(female ? FEMALE_FIRST : MALE_FIRST), last: female ? f : m }
}

const CITY_WEIGHTS_FOR_PEOPLE = CITIES.map((c, i) => (i < 6 ? 4 : 1))

export function generateUsers(seed: number): DemoUser[] {
  const rng = createRng(seed ^ 0x5eed0001)
  const users: DemoUser[] = []
  const emails = new Set<string>()
  const email = (local: string, domain: string) => {
    let e = `${local}@${domain}`
    for (let n = 2; emails.has(e); n++) e = `${local}${n}@${domain}`
    emails.add(e)
    return e
  }

  for (let i = 0; i < 40; i++) {
    const p = person(rng)
    const city = rng.weighted(CITIES, CITY_WEIGHTS_FOR_PEOPLE).slug
    users.push({
      key: `user-${i}`, name: `${p.first} ${p.last}`, email: email(slugify(`${p.first}.${p.last}`).replace(/-/g, '.'), rng.pick(DEMO_EMAIL_DOMAINS)),
      phone: phone(rng), nip: null, type: 'user', roles: ['user'], address: address(rng, city), companyName: null,
      services: [], languages: rng.chance(0.3) ? ['polski', rng.pick(LANGUAGES.slice(1))] : [], description: null,
      newsletter: rng.chance(0.4), agencyKey: null, city,
    })
  }

  AGENCIES.forEach((a, i) => {
    const key = `agency-${i}`
    const slug = slugify(a.name)
    const city = CITY_BY_SLUG.get(a.city)!
    users.push({
      key, name: a.name, email: email(`biuro.${slug}`, 'example.com'), phone: phone(rng), nip: nip(rng), type: 'agency',
      roles: ['company'], address: address(rng, a.city), companyName: a.name,
      services: rng.some(AGENCY_SERVICES, rng.int(3, 5)), languages: ['polski', ...rng.some(LANGUAGES.slice(1), rng.int(1, 3))],
      description: `${a.name} to biuro nieruchomości działające ${city.locative.startsWith('W') ? 'we' : 'w'} ${city.locative} od ${rng.int(1995, 2016)} roku. `
        + `Pomagamy w sprzedaży, kupnie i wynajmie mieszkań, domów oraz lokali użytkowych.\n\n`
        + `Każdą transakcję prowadzi licencjonowany pośrednik, a klienci otrzymują pełne wsparcie: od wyceny i sesji zdjęciowej, przez negocjacje, aż po podpisanie aktu notarialnego.`,
      newsletter: true, agencyKey: null, city: a.city,
    })
    const agents = rng.int(2, 4)
    for (let j = 0; j < agents; j++) {
      const p = person(rng)
      users.push({
        key: `${key}-agent-${j}`, name: `${p.first} ${p.last}`,
        email: email(slugify(`${p.first}.${p.last}`).replace(/-/g, '.'), 'example.com'), phone: phone(rng), nip: null,
        type: 'user', roles: ['agent'], address: address(rng, a.city), companyName: a.name, services: [],
        languages: ['polski', ...rng.some(LANGUAGES.slice(1), rng.int(0, 2))],
        description: `Agent nieruchomości w biurze ${a.name}. Specjalizuję się w ${rng.pick(['mieszkaniach z rynku wtórnego', 'domach i działkach', 'wynajmie długoterminowym', 'lokalach użytkowych'])}.`,
        newsletter: false, agencyKey: key, city: a.city,
      })
    }
  })

  DEVELOPERS.forEach((d, i) => {
    const city = CITY_BY_SLUG.get(d.city)!
    users.push({
      key: `developer-${i}`, name: d.name, email: email(`sprzedaz.${slugify(d.name)}`, 'example.pl'), phone: phone(rng), nip: nip(rng),
      type: 'developer', roles: ['company'], address: address(rng, d.city), companyName: d.name,
      services: rng.some(DEVELOPER_SERVICES, rng.int(2, 4)), languages: ['polski', 'angielski'],
      description: `${d.name} buduje nowoczesne osiedla mieszkaniowe ${city.locative.startsWith('W') ? 'we' : 'w'} ${city.locative} i okolicach. `
        + `Oddaliśmy już ${rng.int(8, 40) * 100} mieszkań.\n\nStawiamy na energooszczędne budynki, zieleń między blokami i wygodne garaże podziemne. Mieszkania oferujemy w stanie deweloperskim lub wykończone pod klucz.`,
      newsletter: true, agencyKey: null, city: d.city,
    })
  })

  users.push({
    key: 'hotel-0', name: HOTEL.name, email: email(`rezerwacje.${slugify(HOTEL.name)}`, 'example.pl'), phone: phone(rng), nip: nip(rng),
    type: 'hotel', roles: ['company'], address: address(rng, HOTEL.city), companyName: HOTEL.name,
    services: HOTEL_SERVICES, languages: ['polski', 'angielski', 'niemiecki'],
    description: `${HOTEL.name} to kameralny, rodzinny pensjonat kilka minut spacerem od plaży w Gdyni Orłowie.\n\n`
      + `Oferujemy 14 pokoi z łazienkami, domowe śniadania i parking dla gości. Sprzedajemy i wynajmujemy również obiekty noclegowe na Wybrzeżu.`,
    newsletter: false, agencyKey: null, city: HOTEL.city,
  })
  return users
}

/** Inserted demo users, grouped the way the listing generator picks owners. */
export interface UserPool {
  privates: number[]
  agencies: { id: number; name: string; city: string; agents: number[] }[]
  developers: { id: number; name: string; city: string }[]
  hotels: number[]
}
