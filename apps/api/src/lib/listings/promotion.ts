import { asc, eq, sql } from 'drizzle-orm'
import {
  listingPromotions, promotionAddons, promotionPackages, type DbHandle, type PromotionChoice,
} from '@portal/db'
import { countLabel, DAY_FORMS } from '@portal/contracts/format'
import type { ListingRow } from './access.ts'

/**
 * A listing's promotion as the listings domain needs it: the price list (from the database), the choice made in
 * the form, and the bill that choice adds up to with what is already paid and in force subtracted (decision 023).
 * Payments (a higher layer) charge that bill; publishing asks it whether the listing has to wait for payment.
 */
export type PackageRow = typeof promotionPackages.$inferSelect
export type AddonRow = typeof promotionAddons.$inferSelect
export type PromotionRow = typeof listingPromotions.$inferSelect
export interface BillLine { key: string; name: string; quantity: number; gross: number }
export interface Bill { choice: PromotionChoice; items: BillLine[]; paid: BillLine[]; total: number }

/** The free package: listings without a paid one in force run on it. */
export const FREE_PACKAGE_ID = 1
/** The PILNE / OKAZJA attributes (catalogue ids 20 and 33): set only while the frame is paid. */
export const URGENT_ATTRIBUTE = 20
export const BARGAIN_ATTRIBUTE = 33

export async function priceList(db: DbHandle): Promise<{ packages: PackageRow[]; addons: AddonRow[] }> {
  const [packages, addons] = await Promise.all([
    db.db.select().from(promotionPackages).orderBy(asc(promotionPackages.position)),
    db.db.select().from(promotionAddons).orderBy(asc(promotionAddons.position)),
  ])
  return { packages, addons }
}

export async function promotionOf(db: DbHandle, listingId: number): Promise<PromotionRow | null> {
  const [row] = await db.db.select().from(listingPromotions).where(eq(listingPromotions.listingId, listingId))
  return row ?? null
}

export async function saveChoice(db: DbHandle, listingId: number, choice: PromotionChoice): Promise<void> {
  await ensurePromotionRow(db, listingId)
  await db.db.insert(listingPromotions).values({ listingId, choice })
    .onConflictDoUpdate({ target: listingPromotions.listingId, set: { choice, updatedAt: sql`now()` } })
}

const inForce = (d: Date | string | null | undefined) => !!d && new Date(d).getTime() > Date.now()

/**
 * The bill of a listing for a choice (the stored one unless given): the package unless that package is already in
 * force, each frame unless already in force, raises always (they are used up). Items in force are listed under `paid` (the bill page shows them subtracted).
 */
export async function billFor(db: DbHandle, listing: Pick<ListingRow, 'id' | 'visibleFrom'>, choice?: PromotionChoice): Promise<Bill> {
  const { packages, addons } = await priceList(db)
  const promo = await promotionOf(db, listing.id)
  const chosen: PromotionChoice = choice ?? promo?.choice ?? { package_id: FREE_PACKAGE_ID, addons: [] }
  const items: BillLine[] = []
  const paid: BillLine[] = []
  const pkg = packages.find((p) => p.id === chosen.package_id)
  if (pkg && pkg.price > 0) {
    const line = { key: `package:${pkg.slug}`, name: `Pakiet ${pkg.name} (${countLabel(pkg.durationDays, DAY_FORMS)})`, quantity: 1, gross: pkg.price }
    if (promo?.packageId === pkg.id && inForce(promo.packageEndsAt)) paid.push(line)
    else items.push(line)
  }
  for (const key of chosen.addons) {
    const a = addons.find((x) => x.key === key)
    if (!a || key === 'visible_from') continue
    const line = { key: a.key, name: a.name, quantity: 1, gross: a.price }
    const already = (key === 'urgent' && inForce(promo?.urgentUntil)) || (key === 'bargain' && inForce(promo?.bargainUntil))
    if (already) paid.push(line)
    else items.push(line)
  }
  // Publishing from a later date (the older system's visible_from_date price): on the bill by itself while the
  // date is ahead, paid once per listing.
  const later = addons.find((x) => x.key === 'visible_from')
  if (later && later.price > 0 && inForce(listing.visibleFrom)) {
    const line = { key: later.key, name: `${later.name} (${dayFmt.format(new Date(listing.visibleFrom!))})`, quantity: 1, gross: later.price }
    if (promo?.visibleFromPaidAt) paid.push(line)
    else items.push(line)
  }
  return { choice: chosen, items, paid, total: items.reduce((s, i) => s + i.gross * i.quantity, 0) }
}

const dayFmt = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' })

/** Whether publishing this listing waits for a payment (something on its bill is unpaid). */
export async function needsPayment(db: DbHandle, listing: Pick<ListingRow, 'id' | 'visibleFrom'>): Promise<boolean> {
  return (await billFor(db, listing)).total > 0
}

/**
 * The PILNE / OKAZJA flags and attributes are what was paid, not what the form says: a new listing starts without
 * them, an edit keeps the listing's current (paid) state. The frames are bought in the package step.
 */
export function keepPaidFlags<T extends { urgent?: boolean; bargain?: boolean; attributes?: { id: number; value: string | string[] }[] }>(
  columns: T, current: { urgent: boolean; bargain: boolean } | null,
): T {
  const urgent = current?.urgent ?? false
  const bargain = current?.bargain ?? false
  const attributes = (columns.attributes ?? []).filter((a) => a.id !== URGENT_ATTRIBUTE && a.id !== BARGAIN_ATTRIBUTE)
  if (urgent) attributes.push({ id: URGENT_ATTRIBUTE, value: 'true' })
  if (bargain) attributes.push({ id: BARGAIN_ATTRIBUTE, value: 'true' })
  return { ...columns, urgent, bargain, attributes }
}

/** "My listings": each listing's package, what is left of it, its frames, and whether it waits for payment. */
export async function ownerPromotions(db: DbHandle, rows: { id: number; status: string }[]) {
  const { packages, addons } = await priceList(db)
  const price = (k: string) => addons.find((a) => a.key === k)?.price ?? 0
  const promos = rows.length
    ? await db.db.select().from(listingPromotions).where(sql`${listingPromotions.listingId} in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`)
    : []
  const byId = new Map(promos.map((p) => [Number(p.listingId), p]))
  const out = new Map<number, {
    package: { id: number; name: string } | null; package_ends_at: string | null; refreshes_left: number; raises_left: number
    urgent: boolean; bargain: boolean; refresh_price: number; raise_price: number; to_pay: boolean
  }>()
  for (const r of rows) {
    const p = byId.get(r.id)
    const pkgInForce = p?.packageId && inForce(p.packageEndsAt) ? packages.find((x) => x.id === p.packageId) ?? null : null
    const pkg = pkgInForce ?? packages.find((x) => x.id === FREE_PACKAGE_ID) ?? null
    out.set(r.id, {
      package: pkg ? { id: pkg.id, name: pkg.name } : null,
      package_ends_at: pkgInForce && p?.packageEndsAt ? new Date(p.packageEndsAt).toISOString() : null,
      // The free package's refreshes: counted on the row from the first publication (see ensureFreeAllowance).
      refreshes_left: p?.refreshesLeft ?? (pkg?.id === FREE_PACKAGE_ID ? pkg.freeRefreshes : 0),
      raises_left: p?.raisesLeft ?? 0,
      urgent: inForce(p?.urgentUntil), bargain: inForce(p?.bargainUntil),
      refresh_price: price('refresh'), raise_price: price('raise_1'),
      to_pay: r.status === 'awaiting_payment',
    })
  }
  return out
}

/** The free package's allowance (one refresh) is written once, when a listing first gets a promotion row. */
export async function ensurePromotionRow(db: DbHandle, listingId: number): Promise<PromotionRow> {
  const { packages } = await priceList(db)
  const free = packages.find((p) => p.id === FREE_PACKAGE_ID)
  await db.db.insert(listingPromotions).values({ listingId, refreshesLeft: free?.freeRefreshes ?? 0, raisesLeft: free?.freeRaises ?? 0 })
    .onConflictDoNothing()
  return (await promotionOf(db, listingId))!
}
