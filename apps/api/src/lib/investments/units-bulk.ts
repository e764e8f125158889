import { inArray, sql } from 'drizzle-orm'
import { idArray, investmentUnits, listingMeta, listingModeration, listingPriceHistory, listings, type DbHandle } from '@portal/db'
import { INVESTMENT_MESSAGES as M, type UnitValues } from '@portal/contracts/investments'
import { isUniqueViolation } from '../accounts/lookup.ts'
import { fieldError } from '../http/errors.ts'
import { publishTarget } from '../listings/lifecycle.ts'
import { moderationModeFor } from '../listings/review.ts'
import { listingColumns, newSlug } from '../listings/write.ts'
import { checkBuilding, datedExtras, goLive, liveFor, unchangedUnit, type InvestmentRow, type KnownUnit } from './units.ts'
import { unitListingInput } from './unit-listing.ts'

/**
 * Creating many units at once (an import; decision 074): the rows `saveUnit` leaves for a new unit, written with a
 * few multi-row INSERTs instead of about fifteen statements per unit. Call inside the import's transaction.
 *
 * Per unit `saveUnit` inserts a draft listing, its listing_meta, its first price, its investment_units row, then
 * publishes it quietly (no bell) — active with publishedAt, or 'pending' under pre-moderation, or 'awaiting_payment'
 * when the free package costs something — queues it for review and clears expires_at; a sold unit's listing ends
 * instead. Here each listing is inserted in that final state, so the same rows result in listings, listing_meta,
 * listing_moderation, listing_price_history and investment_units. The change-log trigger names each listing once
 * (the per-unit path names it once per UPDATE); the search index and page caches read the listing either way.
 * What decides the final state (the category's moderation mode, the bill of a listing without a promotion) is the
 * same for every unit of an import, so it is asked once.
 */
const CHUNK = 250

const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK))

/** Slugs not used yet: drawn like newSlug, and drawn again for the rare one the table (or this batch) already has. */
async function freshSlugs(tx: DbHandle, titles: string[]): Promise<string[]> {
  const slugs = titles.map(newSlug)
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = new Set<string>()
    for (const part of chunks(slugs)) {
      for (const r of await tx.db.select({ slug: listings.slug }).from(listings).where(inArray(listings.slug, part))) taken.add(r.slug)
    }
    const seen = new Set<string>()
    let again = false
    slugs.forEach((s, i) => {
      if (taken.has(s) || seen.has(s)) { slugs[i] = newSlug(titles[i]!); again = true }
      seen.add(slugs[i]!)
    })
    if (!again) return slugs
  }
  return slugs
}

export async function createUnits(tx: DbHandle, inv: InvestmentRow, units: UnitValues[]): Promise<number[]> {
  if (!units.length) return []
  units.forEach((u) => checkBuilding(inv, u.building, 'building'))
  const columns = units.map((u) => listingColumns(unitListingInput(inv, u)))
  const mode = await moderationModeFor(tx, columns[0]!.categoryId)
  const targets = new Map<string, 'active' | 'awaiting_payment'>()
  for (const c of columns) {
    const key = String(c.visibleFrom ?? '')
    // A listing that has just been inserted has no promotion row: its bill is the free package's, whatever its id.
    if (!targets.has(key)) targets.set(key, await publishTarget(tx, { id: 0, visibleFrom: c.visibleFrom ?? null }))
  }
  const statusOf = (i: number) => {
    if (!liveFor(units[i]!.status)) return 'ended' as const
    if (targets.get(String(columns[i]!.visibleFrom ?? '')) === 'awaiting_payment') return 'awaiting_payment' as const
    return mode === 'pre' ? 'pending' as const : 'active' as const
  }
  const slugs = await freshSlugs(tx, columns.map((c) => c.title))
  const ids: number[] = []
  for (const part of chunks(columns.map((c, i) => ({ c, i })))) {
    // No expiry: activateListing's 30 days are cleared at once for units (decision 059); other states never had one.
    const rows = await tx.db.insert(listings).values(part.map(({ c, i }) => ({ ...c, userId: inv.userId, status: statusOf(i), slug: slugs[i]!, expiresAt: null })))
      .returning({ id: listings.id, slug: listings.slug })
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]))
    for (const { i } of part) ids[i] = bySlug.get(slugs[i]!)!
  }
  const now = new Date()
  const all = units.map((u, i) => ({ u, i, id: ids[i]!, status: statusOf(i) }))
  for (const part of chunks(all)) {
    await tx.db.insert(listingMeta).values(part.map(({ id, status }) => {
      if (status === 'ended') return { listingId: id, endedAt: now, pendingActivation: false }
      if (status === 'active') return { listingId: id, pendingActivation: false, creatorSessionId: null, publishedAt: now }
      if (status === 'pending') return { listingId: id, pendingActivation: false, creatorSessionId: null }
      return { listingId: id }
    }))
    await tx.db.insert(listingPriceHistory).values(part.map(({ u, id }) => ({ listingId: id, price: u.price })))
    try {
      await tx.db.transaction(async (sp) => {
        await sp.insert(investmentUnits).values(part.map(({ u, id }) => ({
          listingId: id, investmentId: inv.id, building: u.building, unitNumber: u.unit_number, floor: u.floor, rooms: u.rooms,
          status: u.status, outdoor: u.outdoor, extras: datedExtras(u.extras, []),
        })))
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('unit_number', M.unitNumberTaken)
      throw err
    }
    const queued = part.filter(({ status }) => status === 'active' || status === 'pending')
    if (queued.length) {
      await tx.db.insert(listingModeration).values(queued.map(({ id }) => ({
        listingId: id, state: 'queued' as const, mode, reason: 'new' as const, queuedAt: now, decidedAt: null, decidedBy: null, note: null,
      })))
    }
  }
  return ids
}

/**
 * Updating many known units at once (an import; decision 082): what `saveUnit` does to a changed unit, as a few
 * set-based statements over all changed rows instead of about seven per row. The rows travel as one jsonb parameter
 * (jsonb_to_recordset), so no statement grows with the file. Per changed unit: its investment_units row, its
 * listing's columns, a new price recorded in listing_price_history (dated now(), as saveUnit does; never rewritten),
 * its id named in listing_changes (the search index and page caches re-read it; the listings trigger names it too),
 * a sold unit's listing ended. A sold unit put on sale again goes live through saveUnit's goLive (moderation, bills):
 * rare, one by one. Call inside the import's transaction.
 */
export async function updateUnits(tx: DbHandle, inv: InvestmentRow, rows: { unit: UnitValues; known: KnownUnit }[]): Promise<{ updated: number; unchanged: number }> {
  rows.forEach((r) => checkBuilding(inv, r.unit.building, 'building'))
  const changed = rows.flatMap(({ unit, known }) => {
    const columns = listingColumns(unitListingInput(inv, unit))
    const extras = datedExtras(unit.extras, known.unit.extras)
    return unchangedUnit(known, unit, columns.title, extras) ? [] : [{ unit, known, columns, extras }]
  })
  if (!changed.length) return { updated: 0, unchanged: rows.length }
  const unitRows = changed.map(({ unit, known, extras }) => ({
    listing_id: known.unit.listingId, building: unit.building, unit_number: unit.unit_number, floor: unit.floor, rooms: unit.rooms,
    status: unit.status, outdoor: unit.outdoor, extras,
  }))
  try {
    await tx.db.transaction(async (sp) => {
      await sp.execute(sql`UPDATE investment_units u SET building = v.building, unit_number = v.unit_number, floor = v.floor, rooms = v.rooms,
          status = v.status, outdoor = v.outdoor, extras = v.extras, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(unitRows)}::jsonb)
          AS v(listing_id bigint, building text, unit_number text, floor smallint, rooms smallint, status text, outdoor text[], extras jsonb)
        WHERE u.listing_id = v.listing_id AND u.investment_id = ${inv.id}`)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('unit_number', M.unitNumberTaken)
    throw err
  }
  const listingRows = changed.map(({ known, columns: c }) => ({
    id: known.listing.id, title: c.title, description: c.description, price: c.price, area: c.area, price_per_m2: c.pricePerM2,
    rooms: c.rooms, floor: c.floor, extras: c.extras, attributes: c.attributes, search_text: c.searchText, lat: c.lat, lon: c.lon,
    location_name: c.locationName, city: c.city, city_slug: c.citySlug, district: c.district, voivodeship: c.voivodeship,
  }))
  await tx.db.execute(sql`UPDATE listings l SET title = v.title, description = v.description, price = v.price, area = v.area,
      price_per_m2 = v.price_per_m2, rooms = v.rooms, floor = v.floor, extras = v.extras, attributes = v.attributes, search_text = v.search_text,
      lat = v.lat, lon = v.lon, location_name = v.location_name, city = v.city, city_slug = v.city_slug, district = v.district,
      voivodeship = v.voivodeship, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(listingRows)}::jsonb)
      AS v(id bigint, title text, description text, price bigint, area numeric, price_per_m2 bigint, rooms smallint, floor text, extras text[],
        attributes jsonb, search_text text, lat float8, lon float8, location_name text, city text, city_slug text, district text, voivodeship text)
    WHERE l.id = v.id`)
  const ids = changed.map((c) => c.known.listing.id)
  await tx.db.execute(sql`INSERT INTO listing_changes (listing_id) SELECT unnest(${idArray(ids)})`)
  const repriced = changed.filter((c) => Number(c.known.listing.price) !== c.unit.price)
  if (repriced.length) {
    await tx.db.execute(sql`INSERT INTO listing_price_history (listing_id, price)
      SELECT v.id, v.price FROM jsonb_to_recordset(${JSON.stringify(repriced.map((c) => ({ id: c.known.listing.id, price: c.unit.price })))}::jsonb)
        AS v(id bigint, price bigint)`)
  }
  const ending = changed.filter((c) => !liveFor(c.unit.status) && c.known.listing.status !== 'ended').map((c) => c.known.listing.id)
  if (ending.length) {
    await tx.db.execute(sql`UPDATE listings SET status = 'ended', updated_at = now() WHERE id = any(${idArray(ending)})`)
    await tx.db.execute(sql`INSERT INTO listing_meta (listing_id, ended_at, pending_activation) SELECT unnest(${idArray(ending)}), now(), false
      ON CONFLICT (listing_id) DO UPDATE SET ended_at = excluded.ended_at, pending_activation = false`)
  }
  for (const c of changed.filter((x) => liveFor(x.unit.status) && x.known.listing.status === 'ended')) {
    await tx.db.update(listings).set({ status: 'draft' }).where(inArray(listings.id, [c.known.listing.id]))
    await goLive(tx, c.known.listing.id)
  }
  return { updated: changed.length, unchanged: rows.length - changed.length }
}
