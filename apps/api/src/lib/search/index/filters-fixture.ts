import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { investmentUnits, investments, listingPhotos, listings, users, type DbHandle } from '@portal/db'
import { CATEGORIES, CITIES } from '@portal/contracts/catalogue'
import { ADDED_DAYS, ADVERTISERS, SEARCH_OPTIONS, SORTS, type SearchQuery } from '@portal/contracts/search'
import { insertListings } from '../../../test/helpers.ts'

/**
 * Test fixtures of issue 25's filters (filters-parity.test.ts, saved-searches/filters-alerts.test.ts): listings that
 * carry every new facet, owners of every kind, and random queries over the new filters (fast-check).
 */
const DAY = 86_400_000
const now = Date.now()

export function rng(seed: number) {
  let s = seed >>> 0
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 }
}

/** Listings spread over the new facets; one batch per owner. */
function randomListings(n: number, r: () => number) {
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
  const cities = CITIES.slice(0, 3)
  return Array.from({ length: n }, (_, i) => {
    const city = pick(cities)
    const area = r() < 0.85 ? Math.round(20 + r() * 150) : null
    const price = Math.round(100_000 + r() * 1_500_000) * 100
    const year = r()
    return {
      categoryId: pick(CATEGORIES.slice(0, 6)).id,
      offerType: pick(['sell', 'rent'] as const),
      price, area, pricePerM2: area ? Math.round(price / area) : null,
      floor: r() < 0.8 ? pick(SEARCH_OPTIONS.floor) : null,
      attributes: year < 0.7 ? [{ id: 18, value: String(1900 + Math.floor(r() * 125)) }] : year < 0.75 ? [{ id: 18, value: 'nowy' }] : [],
      links: { video: r() < 0.3 ? 'https://youtu.be/abcdefghijk' : r() < 0.1 ? '' : null, video_2: r() < 0.1 ? 'https://vimeo.com/123456' : null,
        walk_video: r() < 0.25 ? 'https://youtu.be/zyxwvutsrqp' : null },
      isPromoted: r() < 0.15,
      lat: city.lat + (r() - 0.5) * 0.3, lon: city.lon + (r() - 0.5) * 0.4, city: city.name, citySlug: city.slug, district: null,
      locationName: city.name,
      // Spread over the last 40 days, some within the last hours.
      createdAt: new Date(now - Math.floor(r() * (r() < 0.2 ? 2 : 40) * DAY)),
      title: `Ogłoszenie ${i}`,
    }
  })
}

const range = (lo: number, hi: number) => fc.record({ min: fc.option(fc.integer({ min: lo, max: hi }), { nil: undefined }),
  max: fc.option(fc.integer({ min: lo, max: hi }), { nil: undefined }) })
  .map((r) => (r.min !== undefined && r.max !== undefined && r.min > r.max ? { min: r.max, max: r.min } : r))
  .filter((r) => r.min !== undefined || r.max !== undefined)

/** A query using one to three of the new filters, with a few of the old ones beside them. */
export const NEW_KEYS = ['advertiser', 'addedDays', 'pricePerM2', 'yearBuilt', 'floorRange', 'withVideo', 'withTour', 'withPlan'] as const
const fullArb = fc.record({
  advertiser: fc.subarray([...ADVERTISERS], { minLength: 1 }),
  addedDays: fc.constantFrom(...ADDED_DAYS),
  pricePerM2: range(500, 30_000),
  yearBuilt: range(1890, 2030),
  floorRange: range(-1, 11),
  withVideo: fc.constant(true),
  withTour: fc.constant(true),
  withPlan: fc.constant(true),
  type: fc.constantFrom('sell' as const, 'rent' as const),
  categories: fc.constantFrom<string[]>(['mieszkanie'], ['dom'], ['mieszkanie', 'dom']),
  sort: fc.constantFrom(...SORTS),
  per_page: fc.constantFrom(5, 24),
  page: fc.constantFrom(1, 2),
}, { requiredKeys: ['per_page', ...NEW_KEYS] })
export const queryArb: fc.Arbitrary<SearchQuery> = fc.tuple(fullArb, fc.subarray([...NEW_KEYS], { minLength: 1, maxLength: 3 }))
  .map(([q, keep]) => { const out: SearchQuery = { ...q }; for (const k of NEW_KEYS) if (!keep.includes(k)) delete out[k]; return out })


/** 5 owners × 70 listings: a person, an agency, its agent, a developer and a hotel; floor plans on ~30 %. */
export async function seedFilterListings(db: DbHandle) {
  const r = rng(2511)
  // Owners of every kind: a person, an agency and its agent, a developer, a hotel (counted as a business).
  const kinds = ['user', 'agency', 'agent', 'developer', 'hotel'] as const
  let agency: number | undefined
  for (const kind of kinds) {
    const ids = await insertListings(db, randomListings(70, r))
    const [row] = await db.db.select({ userId: listings.userId }).from(listings).where(eq(listings.id, ids[0]!))
    const owner = row!.userId
    if (kind === 'agency') agency = owner
    await db.db.update(users).set(kind === 'agent' ? { type: 'user', agencyId: agency } : { type: kind }).where(eq(users.id, owner))
    // Floor plans on some of them.
    for (const id of ids.filter(() => r() < 0.3)) {
      await db.db.insert(listingPhotos).values({ listingId: id, kind: 'plan', position: 0, storageKey: `plan${id}`, width: 10, height: 10 })
    }
  }
}

/**
 * An investment of the first listing's owner whose units are these listings (investment_units, decision 059): the
 * `inwestycja` filter's fixture (decision 077). Returns its id and slug.
 */
export async function linkInvestment(db: DbHandle, name: string, ids: number[]): Promise<{ id: number; slug: string }> {
  const [owner] = await db.db.select({ userId: listings.userId }).from(listings).where(eq(listings.id, ids[0]!))
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const [inv] = await db.db.insert(investments).values({
    slug, userId: owner!.userId, name, lat: 52.2, lon: 21, locationName: 'Warszawa', city: 'Warszawa', citySlug: 'warszawa',
  }).returning({ id: investments.id, slug: investments.slug })
  await db.db.insert(investmentUnits).values(ids.map((listingId, i) => ({ listingId, investmentId: inv!.id, unitNumber: String(i + 1) })))
  return inv!
}
