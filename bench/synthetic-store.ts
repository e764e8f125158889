/**
 * An in-memory search index built from the demo generator alone, without a database: the listings `npm run seed`
 * would write (same generator, same seed), turned into index rows the way sync.ts's SELECT turns table rows into them
 * (advertiser, video/tour/plan and lease years are approximated). For engine-level benches and profiles
 * (bench/search-engine.ts --synthetic N, bench/index-snapshot.ts --synthetic N).
 */
import v8 from 'node:v8'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { generateListing, type GenerateContext } from '@portal/db/seed'
import { ADVERTISER_CODE, FLAG, MEDIA, MEDIA_ADVERTISER_SHIFT, Store, type IndexRow } from '../apps/api/src/lib/search/index/store.ts'

export function syntheticStore(n: number, seed = 1, now = Date.now()): Store {
  // User ids as ensureDemoUsers would give them; only the shape of the pool matters to the generator.
  let next = 1
  const ids = (k: number) => Array.from({ length: k }, () => next++)
  const users: GenerateContext['users'] = {
    privates: ids(2000),
    agencies: Array.from({ length: 40 }, (_, i) => ({ id: next++, name: `Agencja ${i}`, city: 'warszawa', agents: ids(5) })),
    developers: Array.from({ length: 20 }, (_, i) => ({ id: next++, name: `Deweloper ${i}`, city: 'krakow' })),
    hotels: ids(5),
  }
  const developers = new Set(users.developers.map((d) => d.id))
  const privates = new Set(users.privates)
  const ctx: GenerateContext = { seed, users, now }
  const store = new Store()
  for (let i = 0; i < n; i++) {
    const l = generateListing(ctx, i, i + 1)
    if (l.status !== 'active') continue
    const attr = (id: number) => { const a = l.attributes.find((x) => x.id === id); const v = a && String(a.value); return v && /^[0-9]{1,4}$/.test(v) ? Number(v) : null }
    const advertiser = privates.has(l.userId) ? ADVERTISER_CODE.private : developers.has(l.userId) ? ADVERTISER_CODE.developer : ADVERTISER_CODE.agency
    const row: IndexRow = {
      id: l.id, slug: l.slug, user_id: l.userId, category_id: l.categoryId, offer_type: l.offerType, seek: l.adType === 'seek',
      price: l.price, area: l.area, price_per_m2: l.pricePerM2, rooms: l.rooms, bathrooms: l.bathrooms, floor: l.floor,
      building_type: l.buildingType, market: l.market, condition: l.condition, ownership: l.ownership,
      rental_periods: l.rentalPeriods, extras: l.extras, nearby: l.nearby,
      flags: (l.negotiable ? FLAG.negotiable : 0) | (l.instalments ? FLAG.instalments : 0) | (l.urgent ? FLAG.urgent : 0)
        | (l.bargain ? FLAG.bargain : 0) | (l.billsIncluded ? FLAG.billsIncluded : 0) | (l.isPromoted ? FLAG.promoted : 0),
      promoted_until: l.promotedUntil ? l.promotedUntil.getTime() : null, visible_from: null, expires_at: l.expiresAt.getTime(),
      created_at: l.createdAt.getTime(), lat: l.lat, lon: l.lon, city_slug: l.citySlug, district: l.district || null,
      lease_years: l.ownership === 'leasehold' ? attr(32) : null, search_text: l.searchText, year_built: attr(18),
      media: (advertiser << MEDIA_ADVERTISER_SHIFT) | (l.plans.length ? MEDIA.plan : 0),
    }
    store.put(row)
  }
  return store.clustered()
}

/** syntheticStore(n), kept in `file` (v8-serialised StoreImage) after the first build: generating 1M takes minutes. */
export function cachedSyntheticStore(n: number, file?: string): Store {
  if (file && existsSync(file)) return Store.fromImage(v8.deserialize(readFileSync(file)) as ReturnType<Store['image']>)
  const store = syntheticStore(n)
  if (file) writeFileSync(file, v8.serialize(store.image()))
  return store
}
