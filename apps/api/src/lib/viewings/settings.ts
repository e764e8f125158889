import { and, asc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm'
import { viewingBookings, viewingOpenDays, viewingSettings, type DbHandle } from '@portal/db'
import type { ViewingSettings, ViewingSettingsInput } from '@portal/contracts/viewings'
import { VIEWING_MESSAGES } from '@portal/contracts/viewings'
import { fieldError, notFound } from '../http/errors.ts'
import type { ListingRow } from '../listings/access.ts'
import { logListingChanges } from '../listings/changes.ts'
import { localParts, type Availability, type Busy, type OpenDay } from './slots.ts'

/** A listing's (or an investment's, decision 078) visiting hours and open days as the advertiser edits them (issue 28). */
export type SettingsRow = typeof viewingSettings.$inferSelect

/** Bookings that hold their time: not cancelled (a guest's unconfirmed one until it is released after an hour). */
export const holdsTime = ne(viewingBookings.status, 'cancelled')

/** Whose hours, open days and visits: a listing's, or an investment's (decisions 070, 078). */
export type PlaceKey = { listingId: number } | { investmentId: number }
const keyOf = (key: number | PlaceKey): PlaceKey => typeof key === 'number' ? { listingId: key } : key
const settingsWhere = (k: PlaceKey) => 'listingId' in k ? eq(viewingSettings.listingId, k.listingId) : eq(viewingSettings.investmentId, k.investmentId)

export async function settingsOf(db: DbHandle, key: number | PlaceKey): Promise<SettingsRow | null> {
  const [row] = await db.db.select().from(viewingSettings).where(settingsWhere(keyOf(key))).limit(1)
  return row ?? null
}

export const availabilityOf = (s: SettingsRow): Availability => ({ weekly: s.weekly, exceptions: s.exceptions, visitMinutes: s.visitMinutes })
export const openDaysWhere = (k: PlaceKey) => 'listingId' in k ? eq(viewingOpenDays.listingId, k.listingId) : eq(viewingOpenDays.investmentId, k.investmentId)
export const bookingsWhere = (k: PlaceKey) => 'listingId' in k ? eq(viewingBookings.listingId, k.listingId) : eq(viewingBookings.investmentId, k.investmentId)
const changed = (db: DbHandle, k: PlaceKey) => 'listingId' in k ? logListingChanges(db, [k.listingId]) : Promise.resolve()

/** Open days from now on, with their places taken. */
export async function openDaysOf(db: DbHandle, key: number | PlaceKey): Promise<OpenDay[]> {
  const k = keyOf(key)
  const rows = await db.db.select({
    id: viewingOpenDays.id, startsAt: viewingOpenDays.startsAt, endsAt: viewingOpenDays.endsAt, capacity: viewingOpenDays.capacity,
    taken: sql<number>`(select count(*) from viewing_bookings b where b.open_day_id = viewing_open_days.id and b.status <> 'cancelled')`.mapWith(Number),
  }).from(viewingOpenDays).where(and(openDaysWhere(k), gt(viewingOpenDays.endsAt, sql`now()`))).orderBy(asc(viewingOpenDays.startsAt))
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }))
}

/** Visits (not open days) that hold their time and have not ended; `except` leaves one booking out (moving it). */
export async function busyOf(db: DbHandle, key: number | PlaceKey, except?: number): Promise<Busy[]> {
  const rows = await db.db.select({ startsAt: viewingBookings.startsAt, endsAt: viewingBookings.endsAt }).from(viewingBookings)
    .where(and(bookingsWhere(keyOf(key)), holdsTime, sql`${viewingBookings.openDayId} is null`, gt(viewingBookings.endsAt, sql`now()`),
      ...(except ? [ne(viewingBookings.id, except)] : [])))
  return rows.map((r) => ({ startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }))
}

/** The hours and open days of a place as its editor shows them (without the place's own name and link). */
export async function hoursView(db: DbHandle, key: PlaceKey): Promise<Omit<ViewingSettings, 'listing'>> {
  const s = await settingsOf(db, key)
  const days = await openDaysOf(db, key)
  // Days gone by are not the advertiser's business any more; the next save leaves them out for good.
  const today = localParts(new Date()).date
  return {
    enabled: !!s, weekly: s?.weekly ?? [], exceptions: (s?.exceptions ?? []).filter((e) => e.date >= today), visit_minutes: s?.visitMinutes ?? 30, auto_confirm: s?.autoConfirm ?? false,
    open_days: days.map((d) => ({ id: d.id, starts_at: d.startsAt.toISOString(), ends_at: d.endsAt.toISOString(), capacity: d.capacity, taken: d.taken })),
  }
}

export async function settingsView(db: DbHandle, listing: ListingRow): Promise<ViewingSettings> {
  return { ...await hoursView(db, { listingId: listing.id }), listing: { id: listing.id, title: listing.title, slug: listing.slug } }
}

/** A day's ranges in order (the editor may list 16–19 before 9–12); the schema has refused overlapping ones. */
const byStart = <T extends { from: string }>(r: T[]) => [...r].sort((a, b) => a.from.localeCompare(b.from))

export async function saveSettings(db: DbHandle, key: number | PlaceKey, input: ViewingSettingsInput & { visit_minutes: number }) {
  const k = keyOf(key)
  // A changed day must lie ahead: Warsaw's today counts (its later hours can still be visited).
  const today = localParts(new Date()).date
  const past = input.exceptions.findIndex((e) => e.date < today)
  if (past >= 0) throw fieldError(`exceptions.${past}.date`, VIEWING_MESSAGES.exceptionPast)
  const values = {
    weekly: byStart(input.weekly.map((h) => ({ day: h.day, from: h.from, to: h.to }))).sort((a, b) => a.day - b.day),
    exceptions: [...input.exceptions].sort((a, b) => a.date.localeCompare(b.date)).map((e) => ({ date: e.date, ranges: byStart(e.ranges.map((r) => ({ from: r.from, to: r.to }))) })),
    visitMinutes: input.visit_minutes, autoConfirm: input.auto_confirm, updatedAt: new Date(),
  }
  const target = 'listingId' in k ? viewingSettings.listingId : viewingSettings.investmentId
  await db.db.insert(viewingSettings).values({ ...k, ...values }).onConflictDoUpdate({ target, set: values })
  await changed(db, k)
}

/** Whether the listing page offers 'Umów oglądanie': hours set, or an open day ahead. */
export async function takesViewings(db: DbHandle, listingId: number): Promise<boolean> {
  const r = await db.db.execute(sql`select exists (select 1 from viewing_settings where listing_id = ${listingId})
    or exists (select 1 from viewing_open_days where listing_id = ${listingId} and ends_at > now()) as yes`)
  return !!(r as unknown as { rows: { yes: boolean }[] }).rows[0]?.yes
}

/** Turning bookings off keeps the visits already booked (they are cancelled one by one, with a reason). */
export async function disableSettings(db: DbHandle, key: number | PlaceKey) {
  const k = keyOf(key)
  await db.db.delete(viewingSettings).where(settingsWhere(k))
  // The listing page shows or hides its button: cached copies of it are dropped through the change log.
  await changed(db, k)
}

export async function addOpenDay(db: DbHandle, key: number | PlaceKey, o: { starts_at: string; ends_at: string; capacity: number }) {
  const k = keyOf(key)
  const start = new Date(o.starts_at), end = new Date(o.ends_at)
  if (start.getTime() <= Date.now() || end <= start || end.getTime() - start.getTime() > 24 * 3600_000) throw fieldError('starts_at', VIEWING_MESSAGES.openDayInvalid)
  const [row] = await db.db.insert(viewingOpenDays).values({ ...k, startsAt: start, endsAt: end, capacity: o.capacity }).returning({ id: viewingOpenDays.id })
  await changed(db, k)
  return row!.id
}

/** An open day without visitors can be removed; one with visitors must have them cancelled first. */
export async function removeOpenDay(db: DbHandle, key: number | PlaceKey, idParam: string) {
  const k = keyOf(key)
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
