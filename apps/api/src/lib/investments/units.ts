import { and, eq, sql } from 'drizzle-orm'
import { investments, investmentUnits, listingMeta, listings, type DbHandle, type UnitExtra } from '@portal/db'
import { INVESTMENT_MESSAGES as M, type UnitValues } from '@portal/contracts/investments'
import { isUniqueViolation } from '../accounts/lookup.ts'
import { fieldError } from '../http/errors.ts'
import { logListingChanges } from '../listings/changes.ts'
import { publishListing, recordPrice } from '../listings/lifecycle.ts'
import { listingColumns, newSlug, warsawDate } from '../listings/write.ts'
import { unitListingInput } from './unit-listing.ts'

/**
 * Writing a unit: its listing (a flat on the primary market at the investment's place) and its row in
 * investment_units. A new price goes to listing_price_history (never rewritten); a sold unit's listing ends, so
 * search drops it, while the unit, its listing and its history stay. Units do not expire after 30 days like other
 * listings: a developer's offer lasts while the unit is on sale (decision 059).
 */
export type InvestmentRow = typeof investments.$inferSelect
export type UnitResult = 'created' | 'updated' | 'unchanged'

/** Where the unit's listing should be for a unit status: sold → ended, else live. */
export const liveFor = (status: UnitValues['status']) => status !== 'sprzedane'

export function checkBuilding(inv: InvestmentRow, building: string, field: string) {
  if (inv.buildings.length ? !inv.buildings.includes(building) : building !== '') throw fieldError(field, M.building)
}

/** Extras with the day their price applies from: kept from before when the same thing costs the same, else today. */
export function datedExtras(next: UnitValues['extras'], before: UnitExtra[]): UnitExtra[] {
  const today = warsawDate(new Date())!
  return next.map((e) => {
    const same = before.find((b) => b.kind === e.kind && b.label === e.label && b.price === e.price)
    return { kind: e.kind, label: e.label, price: e.price, since: same?.since ?? today }
  })
}

async function insertUnitListing(tx: DbHandle, values: Omit<typeof listings.$inferInsert, 'slug'>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.db.transaction(async (sp) => (await sp.insert(listings).values({ ...values, slug: newSlug(values.title) }).returning())[0]!)
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err
    }
  }
}

export async function goLive(tx: DbHandle, listingId: number) {
  const [row] = await tx.db.select().from(listings).where(eq(listings.id, listingId))
  await publishListing(tx, row!, { quiet: true })
  await tx.db.update(listings).set({ expiresAt: null }).where(and(eq(listings.id, listingId), eq(listings.status, 'active')))
}

async function endUnitListing(tx: DbHandle, listingId: number) {
  await tx.db.update(listings).set({ status: 'ended', updatedAt: sql`now()` }).where(eq(listings.id, listingId))
  await tx.db.insert(listingMeta).values({ listingId, endedAt: new Date(), pendingActivation: false })
    .onConflictDoUpdate({ target: listingMeta.listingId, set: { endedAt: new Date(), pendingActivation: false } })
}

/** Nothing a unit's form or import row sets differs from what is stored (`extras` dated by datedExtras). */
export function unchangedUnit(known: KnownUnit, unit: UnitValues, title: string, extras: UnitExtra[]): boolean {
  return known.unit.building === unit.building && known.unit.unitNumber === unit.unit_number
    && known.unit.floor === unit.floor && known.unit.rooms === unit.rooms && known.unit.status === unit.status
    && JSON.stringify(known.unit.outdoor) === JSON.stringify(unit.outdoor) && JSON.stringify(known.unit.extras) === JSON.stringify(extras)
    && Number(known.listing.price) === unit.price && Number(known.listing.area) === unit.area && known.listing.title === title
}

/** A unit as stored: its investment_units row and its listing. */
export type KnownUnit = { unit: typeof investmentUnits.$inferSelect; listing: typeof listings.$inferSelect }

/** Every unit of an investment by listing id (an import reads them once instead of once per row). */
export async function knownUnits(tx: DbHandle, investmentId: number): Promise<Map<number, KnownUnit>> {
  const rows = await tx.db.select({ unit: investmentUnits, listing: listings }).from(investmentUnits)
    .innerJoin(listings, eq(listings.id, investmentUnits.listingId)).where(eq(investmentUnits.investmentId, investmentId))
  return new Map(rows.map((r) => [r.unit.listingId, r]))
}

/**
 * Creates a unit, or updates the unit `listingId` of this investment. Call inside a transaction. `field` prefixes 422
 * fields; `prefetched` is that unit as read in the same transaction (knownUnits), else it is read here.
 */
export async function saveUnit(
  tx: DbHandle, inv: InvestmentRow, unit: UnitValues, listingId?: number, field = '', prefetched?: KnownUnit,
): Promise<{ result: UnitResult; listingId: number }> {
  checkBuilding(inv, unit.building, `${field}building`)
  const columns = listingColumns(unitListingInput(inv, unit))
  if (listingId === undefined) {
    const row = await insertUnitListing(tx, { ...columns, userId: inv.userId, status: 'draft' })
    await tx.db.insert(listingMeta).values({ listingId: row.id })
    await recordPrice(tx, row.id, row.price)
    try {
      await tx.db.transaction(async (sp) => {
        await sp.insert(investmentUnits).values({
          listingId: row.id, investmentId: inv.id, building: unit.building, unitNumber: unit.unit_number, floor: unit.floor, rooms: unit.rooms,
          status: unit.status, outdoor: unit.outdoor, extras: datedExtras(unit.extras, []),
        })
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError(`${field}unit_number`, M.unitNumberTaken)
      throw err
    }
    if (liveFor(unit.status)) await goLive(tx, row.id)
    else await endUnitListing(tx, row.id)
    return { result: 'created', listingId: row.id }
  }
  const [known] = prefetched?.unit.listingId === listingId && prefetched.unit.investmentId === inv.id ? [prefetched]
    : await tx.db.select({ unit: investmentUnits, listing: listings }).from(investmentUnits)
      .innerJoin(listings, eq(listings.id, investmentUnits.listingId))
      .where(and(eq(investmentUnits.listingId, listingId), eq(investmentUnits.investmentId, inv.id))).limit(1)
  if (!known) throw fieldError(`${field}unit_number`, M.unitNotFound)
  const extras = datedExtras(unit.extras, known.unit.extras)
  if (unchangedUnit(known, unit, columns.title, extras)) return { result: 'unchanged', listingId }
  try {
    await tx.db.transaction(async (sp) => {
      await sp.update(investmentUnits).set({
        building: unit.building, unitNumber: unit.unit_number, floor: unit.floor, rooms: unit.rooms, status: unit.status,
        outdoor: unit.outdoor, extras, updatedAt: sql`now()`,
      }).where(eq(investmentUnits.listingId, listingId))
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(`${field}unit_number`, M.unitNumberTaken)
    throw err
  }
  await tx.db.update(listings).set({ ...columns, visibleFrom: known.listing.visibleFrom, updatedAt: sql`now()` }).where(eq(listings.id, listingId))
  await logListingChanges(tx, [listingId])
  if (Number(known.listing.price) !== unit.price) await recordPrice(tx, listingId, unit.price)
  const wasLive = known.listing.status !== 'ended'
  if (liveFor(unit.status) && !wasLive) {
    await tx.db.update(listings).set({ status: 'draft' }).where(eq(listings.id, listingId))
    await goLive(tx, listingId)
  } else if (!liveFor(unit.status) && wasLive) {
    await endUnitListing(tx, listingId)
  }
  return { result: 'updated', listingId }
}
