import { and, asc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm'
import { viewingBookings, viewingOpenDays, viewingSettings, type DbHandle } from '@portal/db'
import type { ViewingSettings, ViewingSettingsInput } from '@portal/contracts/viewings'
import { VIEWING_MESSAGES } from '@portal/contracts/viewings'
import { fieldError, notFound } from '../http/errors.ts'
import type { ListingRow } from '../listings/access.ts'
import { logListingChanges } from '../listings/changes.ts'
import type { Availability, Busy, OpenDay } from './slots.ts'

/** A listing's visiting hours and open days as the advertiser edits them (issue 28). */
export type SettingsRow = typeof viewingSettings.$inferSelect

/** Bookings that hold their time: not cancelled (a guest's unconfirmed one until it is released after an hour). */
export const holdsTime = ne(viewingBookings.status, 'cancelled')

export async function settingsOf(db: DbHandle, listingId: number): Promise<SettingsRow | null> {
  const [row] = await db.db.select().from(viewingSettings).where(eq(viewingSettings.listingId, listingId)).limit(1)
  return row ?? null
}

export const availabilityOf = (s: SettingsRow): Availability => ({ weekly: s.weekly, exceptions: s.exceptions, visitMinutes: s.visitMinutes })

/** Whose open days and visits: a listing's, or an investment's (decision 070). */
export type PlaceKey = { listingId: number } | { investmentId: number }
export const openDaysWhere = (k: PlaceKey) => 'listingId' in k ? eq(viewingOpenDays.listingId, k.listingId) : eq(viewingOpenDays.investmentId, k.investmentId)
export const bookingsWhere = (k: PlaceKey) => 'listingId' in k ? eq(viewingBookings.listingId, k.listingId) : eq(viewingBookings.investmentId, k.investmentId)
const changed = (db: DbHandle, k: PlaceKey) => 'listingId' in k ? logListingChanges(db, [k.listingId]) : Promise.resolve()

/** Open days from now on, with their places taken. */
export async function openDaysOf(db: DbHandle, key: number | PlaceKey): Promise<OpenDay[]> {
  const k = typeof key === 'number' ? { listingId: key } : key
  const rows = await db.db.select({
    id: viewingOpenDays.id, startsAt: viewingOpenDays.startsAt, endsAt: viewingOpenDays.endsAt, capacity: viewingOpenDays.capacity,
    taken: sql<number>`(select count(*) from viewing_bookings b where b.open_day_id = viewing_open_days.id and b.status <> 'cancelled')`.mapWith(Number),
  }).from(viewingOpenDays).where(and(openDaysWhere(k), gt(viewingOpenDays.endsAt, sql`now()`))).orderBy(asc(viewingOpenDays.startsAt))
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }))
}

/** Visits (not open days) that hold their time and have not ended; `except` leaves one booking out (moving it). */
export async function busyOf(db: DbHandle, listingId: number, except?: number): Promise<Busy[]> {
  const rows = await db.db.select({ startsAt: viewingBookings.startsAt, endsAt: viewingBookings.endsAt }).from(viewingBookings)
    .where(and(eq(viewingBookings.listingId, listingId), holdsTime, sql`${viewingBookings.openDayId} is null`, gt(viewingBookings.endsAt, sql`now()`),
      ...(except ? [ne(viewingBookings.id, except)] : [])))
  return rows.map((r) => ({ startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }))
}

export async function settingsView(db: DbHandle, listing: ListingRow): Promise<ViewingSettings> {
  const s = await settingsOf(db, listing.id)
  const days = await openDaysOf(db, listing.id)
  return {
    enabled: !!s, weekly: s?.weekly ?? [], exceptions: s?.exceptions ?? [], visit_minutes: s?.visitMinutes ?? 30, auto_confirm: s?.autoConfirm ?? false,
    open_days: days.map((d) => ({ id: d.id, starts_at: d.startsAt.toISOString(), ends_at: d.endsAt.toISOString(), capacity: d.capacity, taken: d.taken })),
    listing: { id: listing.id, title: listing.title, slug: listing.slug },
  }
}

export async function saveSettings(db: DbHandle, listingId: number, input: ViewingSettingsInput & { visit_minutes: number }) {
  const values = {
    weekly: input.weekly.map((h) => ({ day: h.day, from: h.from, to: h.to })),
    exceptions: [...input.exceptions].sort((a, b) => a.date.localeCompare(b.date)),
    visitMinutes: input.visit_minutes, autoConfirm: input.auto_confirm, updatedAt: new Date(),
  }
  await db.db.insert(viewingSettings).values({ listingId, ...values }).onConflictDoUpdate({ target: viewingSettings.listingId, set: values })
  await logListingChanges(db, [listingId])
}

/** Whether the listing page offers 'Umów oglądanie': hours set, or an open day ahead. */
export async function takesViewings(db: DbHandle, listingId: number): Promise<boolean> {
  const r = await db.db.execute(sql`select exists (select 1 from viewing_settings where listing_id = ${listingId})
    or exists (select 1 from viewing_open_days where listing_id = ${listingId} and ends_at > now()) as yes`)
  return !!(r as unknown as { rows: { yes: boolean }[] }).rows[0]?.yes
}

/** Turning bookings off keeps the visits already booked (they are cancelled one by one, with a reason). */
export async function disableSettings(db: DbHandle, listingId: number) {
  await db.db.delete(viewingSettings).where(eq(viewingSettings.listingId, listingId))
  // The listing page shows or hides its button: cached copies of it are dropped through the change log.
  await logListingChanges(db, [listingId])
}

export async function addOpenDay(db: DbHandle, key: number | PlaceKey, o: { starts_at: string; ends_at: string; capacity: number }) {
  const k = typeof key === 'number' ? { listingId: key } : key
  const start = new Date(o.starts_at), end = new Date(o.ends_at)
  if (start.getTime() <= Date.now() || end <= start || end.getTime() - start.getTime() > 24 * 3600_000) throw fieldError('starts_at', VIEWING_MESSAGES.openDayInvalid)
  const [row] = await db.db.insert(viewingOpenDays).values({ ...k, startsAt: start, endsAt: end, capacity: o.capacity }).returning({ id: viewingOpenDays.id })
  await changed(db, k)
  return row!.id
}

/** An open day without visitors can be removed; one with visitors must have them cancelled first. */
export async function removeOpenDay(db: DbHandle, key: number | PlaceKey, idParam: string) {
  const k = typeof key === 'number' ? { listingId: key } : key
  if (!/^\d{1,15}$/.test(idParam)) throw notFound(VIEWING_MESSAGES.notFound)
  const [mine] = await db.db.select({ id: viewingOpenDays.id }).from(viewingOpenDays).where(and(eq(viewingOpenDays.id, Number(idParam)), openDaysWhere(k))).limit(1)
  if (!mine) throw notFound(VIEWING_MESSAGES.notFound)
  const [taken] = await db.db.select({ id: viewingBookings.id }).from(viewingBookings)
    .where(and(eq(viewingBookings.openDayId, Number(idParam)), holdsTime, isNotNull(viewingBookings.verifiedAt))).limit(1)
  if (taken) throw fieldError('open_day', 'Na ten dzień otwarty są już zapisane osoby: najpierw odwołaj ich wizyty w kalendarzu.')
  const done = await db.db.delete(viewingOpenDays).where(and(eq(viewingOpenDays.id, Number(idParam)), openDaysWhere(k))).returning({ id: viewingOpenDays.id })
  if (!done.length) throw notFound(VIEWING_MESSAGES.notFound)
  await changed(db, k)
}
