import { and, eq, inArray, sql } from 'drizzle-orm'
import { investments, listingPhotos, listingPriceHistory, listings, users, type DbHandle } from '@portal/db'
import { CITY_BY_SLUG } from '@portal/contracts/catalogue/cities'
import { unitInputSchema, type UnitValues } from '@portal/contracts/investments'
import { createRng } from '@portal/db/seed/random'
import { inTransaction } from '../http/transaction.ts'
import { writeDisclosure } from './disclosure.ts'
import { createInvestment } from './investments.ts'
import { saveUnit } from './units.ts'

/**
 * Demo investments (issue 27): for the demo developers, a few investments of 20–300 units with some price history
 * (older prices written a few weeks back), and each developer's first open-data file. Runs once, on a database
 * whose demo developers have no investment yet; the same seed gives the same data.
 */
interface Plan {
  developer: number; name: string; city: string; district: string; status: 'w-przygotowaniu' | 'w-budowie' | 'gotowe'
  completion: string; buildings: string[]; units: number; ppm: number; amenities: string[]; street: string; zip: string
}

const PLANS: Plan[] = [
  { developer: 0, name: 'Wiślane Tarasy', city: 'warszawa', district: 'Żoliborz', status: 'w-budowie', completion: '2027-09-30', buildings: ['A', 'B', 'C'], units: 150, ppm: 18_500, amenities: ['garaz-podziemny', 'winda', 'plac-zabaw', 'zielen', 'monitoring', 'rowerownia'], street: 'ul. Gdańska', zip: '01-633' },
  { developer: 0, name: 'Park Bielany', city: 'warszawa', district: 'Bielany', status: 'gotowe', completion: '2026-06-30', buildings: [], units: 36, ppm: 15_900, amenities: ['winda', 'zielen', 'ochrona'], street: 'ul. Wólczyńska', zip: '01-919' },
  { developer: 1, name: 'Zielone Zakole', city: 'krakow', district: 'Podgórze', status: 'w-budowie', completion: '2027-03-31', buildings: ['1', '2'], units: 84, ppm: 16_200, amenities: ['garaz-podziemny', 'winda', 'zielen', 'silownia', 'ladowarki'], street: 'ul. Nadwiślańska', zip: '30-527' },
  { developer: 2, name: 'Odra Residence', city: 'wroclaw', district: 'Nadodrze', status: 'w-przygotowaniu', completion: '2028-12-31', buildings: ['I', 'II'], units: 48, ppm: 13_400, amenities: ['winda', 'rowerownia', 'lokale-uslugowe'], street: 'ul. Rydygiera', zip: '50-248' },
  { developer: 3, name: 'Bursztynowa Przystań', city: 'gdansk', district: 'Brzeźno', status: 'w-budowie', completion: '2027-06-30', buildings: ['A', 'B'], units: 64, ppm: 17_100, amenities: ['garaz-podziemny', 'winda', 'ochrona', 'monitoring'], street: 'ul. Pilotów', zip: '80-460' },
  { developer: 4, name: 'Osiedle Lipowe', city: 'poznan', district: 'Jeżyce', status: 'gotowe', completion: '2026-03-31', buildings: [], units: 24, ppm: 11_800, amenities: ['plac-zabaw', 'zielen', 'rowerownia'], street: 'ul. Lipowa', zip: '60-342' },
]

const DESCRIPTION = (p: Plan, city: string) => `${p.name} to kameralne osiedle w dzielnicy ${p.district} (${city}). `
  + `Mieszkania od kawalerek po czteropokojowe, z balkonami, ogródkami lub tarasami, w budynkach z cichą windą i halą garażową.\n\n`
  + `Na miejscu zieleń, plac zabaw i stojaki na rowery; w pobliżu szkoły, sklepy i przystanki. Ceny zawierają VAT; miejsca postojowe i komórki lokatorskie można dokupić.`

const DAY = 86_400_000

export async function seedDemoInvestments(db: DbHandle, publicUrl: string, seed = 1): Promise<{ investments: number; units: number }> {
  const devs = await db.db.select({ id: users.id, name: users.companyName }).from(users)
    .where(and(eq(users.type, 'developer'), sql`${users.email} LIKE 'sprzedaz.%'`)).orderBy(users.id)
  if (!devs.length) return { investments: 0, units: 0 }
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)::int` }).from(investments)
    .where(inArray(investments.userId, devs.map((d) => d.id))) as [{ n: number }]
  if (n > 0) return { investments: 0, units: 0 }
  const rng = createRng(seed + 27)
  let unitCount = 0
  let made = 0
  for (const p of PLANS) {
    const dev = devs[p.developer]
    const city = CITY_BY_SLUG.get(p.city)
    if (!dev || !city) continue
    const district = city.districts.find((x) => x.name === p.district)
    const lat = (district?.lat ?? city.lat) + rng.between(-0.004, 0.004)
    const lon = (district?.lon ?? city.lon) + rng.between(-0.004, 0.004)
    const inv = await createInvestment(db, dev.id, {
      name: p.name, description: DESCRIPTION(p, city.name), location: { lat, lon, name: district ? `${city.name}, ${district.name}` : city.name },
      address: { street: p.street, number: String(rng.int(2, 60)), zip: p.zip, county: `m. ${city.name}`, commune: city.name },
      status: p.status, completion_date: p.completion, buildings: p.buildings, amenities: p.amenities,
    })
    // Photos: the developer's own demo listings' first photos.
    const photos = await db.db.select({ key: listingPhotos.storageKey, width: listingPhotos.width, height: listingPhotos.height, placeholder: listingPhotos.placeholder })
      .from(listingPhotos).innerJoin(listings, eq(listings.id, listingPhotos.listingId))
      .where(and(eq(listings.userId, dev.id), eq(listingPhotos.kind, 'photo'))).orderBy(listingPhotos.listingId, listingPhotos.position).limit(40)
    const pick = photos.filter((_, i) => i % 5 === made % 5).slice(0, 6)
    if (pick.length) await db.db.update(investments).set({ photos: pick }).where(eq(investments.id, inv.id))

    const buildings = p.buildings.length ? p.buildings : ['']
    const perBuilding = Math.ceil(p.units / buildings.length)
    const history: { listingId: number; price: number; changedAt: Date }[] = []
    await inTransaction(db, async (tx) => {
      let left = p.units
      for (const b of buildings) {
        for (let i = 0; i < perBuilding && left > 0; i++, left--) {
          const floor = Math.floor(i / 6)
          const rooms = rng.weighted([1, 2, 3, 4], [2, 4, 3, 1])
          const area = Math.round((rooms === 1 ? rng.between(26, 36) : rooms === 2 ? rng.between(38, 54) : rooms === 3 ? rng.between(55, 74) : rng.between(75, 98)) * 10) / 10
          const ppm = p.ppm * (1 + floor * 0.012) * rng.between(0.95, 1.06)
          const price = Math.round((area * ppm) / 100) * 10_000
          const status = p.status === 'gotowe' ? rng.weighted(['dostepne', 'zarezerwowane', 'sprzedane'] as const, [4, 1, 5])
            : rng.weighted(['dostepne', 'zarezerwowane', 'sprzedane'] as const, [7, 1, 2])
          const outdoor: UnitValues['outdoor'] = floor === 0 ? ['ogrod'] : floor >= 5 && rng.chance(0.4) ? ['taras'] : ['balkon']
          const extras: UnitValues['extras'] = []
          if (rng.chance(0.5)) extras.push({ kind: 'parking', label: 'Miejsce w hali garażowej', price: rng.pick([45_000, 55_000, 60_000]) * 100 })
          if (rng.chance(0.3)) extras.push({ kind: 'storage', label: 'Komórka lokatorska', price: rng.pick([12_000, 15_000]) * 100 })
          const unit = unitInputSchema.parse({ building: b, unit_number: `${b ? '' : 'M'}${floor}.${(i % 6) + 1}`, floor, area, rooms, price, status, outdoor, extras })
          const { listingId } = await saveUnit(tx, inv, unit)
          unitCount++
          // Older prices: a third of the units were dearer or cheaper some weeks ago.
          if (rng.chance(0.35)) {
            const back = rng.int(20, 120)
            history.push({ listingId, price: Math.round((price * rng.between(0.96, 1.06)) / 100_000) * 100_000, changedAt: new Date(Date.now() - back * DAY) })
            if (rng.chance(0.4)) history.push({ listingId, price: Math.round((price * rng.between(0.9, 0.98)) / 100_000) * 100_000, changedAt: new Date(Date.now() - (back + rng.int(30, 90)) * DAY) })
          }
        }
      }
      if (history.length) await tx.db.insert(listingPriceHistory).values(history)
    })
    made++
  }
  for (const d of devs.slice(0, 5)) await writeDisclosure(db, publicUrl, d.id)
  return { investments: made, units: unitCount }
}
