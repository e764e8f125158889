import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { investments, investmentUnits, listings, type DbHandle, type PostalAddress } from '@portal/db'
import { INVESTMENT_MESSAGES as M, type investmentInputSchema, type UnitValues } from '@portal/contracts/investments'
import type { z } from 'zod'
import { slugify } from '@portal/db/seed/text'
import { isUniqueViolation } from '../accounts/lookup.ts'
import { fieldError, notFound } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'
import { logListingChanges } from '../listings/changes.ts'
import { listingColumns, resolvePlace } from '../listings/write.ts'
import { unitListingInput } from './unit-listing.ts'
import type { InvestmentRow } from './units.ts'

export type InvestmentValues = z.output<typeof investmentInputSchema>

/** The investment's columns from the form: the place resolved by the gazetteer as for listings. */
function columns(v: InvestmentValues) {
  const place = resolvePlace(v.location)
  const a = v.address
  const address: PostalAddress | null = a ? {
    voivodeship: place.voivodeship, county: a.county ?? null, commune: a.commune ?? null, city: place.city,
    street: a.street ?? null, number: a.number ?? null, unit: null, zip: a.zip ?? null,
  } : null
  return {
    name: v.name, description: v.description.trim(), lat: v.location.lat, lon: v.location.lon, locationName: v.location.name,
    city: place.city, citySlug: place.citySlug, district: place.district, voivodeship: place.voivodeship, address,
    status: v.status, completionDate: v.completion_date ?? null, buildings: [...new Set(v.buildings)], amenities: [...new Set(v.amenities)],
  }
}

/** 'zielone-tarasy-warszawa'; a random tail when that is taken. */
function slugFor(name: string, city: string, attempt: number) {
  const base = slugify(`${name} ${city}`, 70) || 'inwestycja'
  return attempt ? `${base}-${randomBytes(3).toString('hex')}` : base
}

export async function createInvestment(db: DbHandle, userId: number, v: InvestmentValues): Promise<InvestmentRow> {
  const cols = columns(v)
  for (let attempt = 0; ; attempt++) {
    try {
      return (await db.db.insert(investments).values({ ...cols, userId, slug: slugFor(cols.name, cols.city, attempt) }).returning())[0]!
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err
    }
  }
}

/** The owner's investment or 404 (another company's investment is not found, not forbidden). */
export async function ownInvestment(db: DbHandle, userId: number, id: number): Promise<InvestmentRow> {
  const [row] = await db.db.select().from(investments).where(and(eq(investments.id, id), eq(investments.userId, userId))).limit(1)
  if (!row) throw notFound(M.notFound)
  return row
}

/**
 * Edits the investment; its units' listings take the new name, place and description (titles and search text name
 * them). A building still used by a unit cannot be removed.
 */
export async function updateInvestment(db: DbHandle, inv: InvestmentRow, v: InvestmentValues): Promise<InvestmentRow> {
  const cols = columns(v)
  return inTransaction(db, async (tx) => {
    const [row] = await tx.db.update(investments).set({ ...cols, updatedAt: sql`now()` }).where(eq(investments.id, inv.id)).returning()
    const units = await tx.db.select({ unit: investmentUnits, listing: listings }).from(investmentUnits)
      .innerJoin(listings, eq(listings.id, investmentUnits.listingId)).where(eq(investmentUnits.investmentId, inv.id))
    const gone = units.find((u) => u.unit.building && !row!.buildings.includes(u.unit.building))
    if (gone) throw fieldError('buildings', M.buildingInUse.replace('{building}', gone.unit.building))
    const placeChanged = inv.name !== row!.name || inv.lat !== row!.lat || inv.lon !== row!.lon || inv.locationName !== row!.locationName || inv.description !== row!.description
    // Any edit (status, completion, amenities too) drops the investment's page from the page caches.
    if (!placeChanged) { await logInvestmentChange(tx.db, inv.id); return row! }
    for (const { unit, listing } of units) {
      const c = listingColumns(unitListingInput(row!, {
        building: unit.building, unit_number: unit.unitNumber, floor: unit.floor ?? 0, area: Number(listing.area ?? 0),
        rooms: unit.rooms ?? listing.rooms ?? 1, price: Number(listing.price), status: unit.status, outdoor: unit.outdoor as UnitValues['outdoor'], extras: unit.extras,
      }))
      await tx.db.update(listings).set({
        title: c.title, description: c.description, lat: c.lat, lon: c.lon, locationName: c.locationName, city: c.city,
        citySlug: c.citySlug, district: c.district, voivodeship: c.voivodeship, searchText: c.searchText, updatedAt: sql`now()`,
      }).where(eq(listings.id, listing.id))
    }
    await logListingChanges(tx, units.map((u) => u.listing.id))
    return row!
  })
}

type Executor = Pick<DbHandle['db'], 'execute'>

/**
 * Names every unit of the investment in the change log (one statement): the investment's page, which the page caches
 * keep under its units' listing ids (decision 082), is dropped on every instance, as are its units' pages.
 */
export async function logInvestmentChange(db: Executor, investmentId: number): Promise<void> {
  await db.execute(sql`INSERT INTO listing_changes (listing_id) SELECT listing_id FROM investment_units WHERE investment_id = ${investmentId}`)
}
