import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, gt, gte, isNotNull, or, sql } from 'drizzle-orm'
import { listings, viewingBookings, viewingOpenDays, type DbHandle } from '@portal/db'
import { VIEWING_MESSAGES, type bookingInputSchema } from '@portal/contracts/viewings'
import { MESSAGE_MESSAGES } from '@portal/contracts/messages'
import type { z } from 'zod'
import { fieldError, HttpError, notFound } from '../http/errors.ts'
import { requireCaptcha } from '../http/captcha.ts'
import { blockedFor, hit } from '../http/throttle.ts'
import { currentUser, type UserRow } from '../accounts/guard.ts'
import type { ListingRow } from '../listings/access.ts'
import { advertiserPerson } from '../listings/read.ts'
import { displayName } from '../people/profile.ts'
import { announce, type BookingRow } from './announce.ts'
import { gridSlots, MIN_LEAD_MINUTES, HORIZON_DAYS } from './slots.ts'
import { availabilityOf, bookingsWhere, busyOf, openDaysWhere, settingsOf, type PlaceKey } from './settings.ts'
import { scheduleReminders } from './reminders.ts'

/**
 * Booking a visit and every later step (issue 28). The time is checked against the hours (422 past, outside,
 * overlapping) and then claimed by the insert itself: the unique indexes on active visits' starts and on open-day
 * seats make a second claim of the same time fail in the database, however many requests race (decision 054).
 */
export const VIEWING_LIMITS = {
  /** Active future bookings one address may hold for one listing, and bookings it may make per day. */
  perListing: 2,
  perDay: 5,
  perIp: { max: 20, windowMs: 3600_000 },
}
/** A guest's booking not confirmed by e-mail within this time is released. */
export const GUEST_HOLD_MS = 3600_000

type Input = z.output<typeof bookingInputSchema>

const uniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true
  return false
}

/** 422 unless `start` is one of the grid's times within the booking window and no other visit overlaps it. */
async function checkVisitTime(db: DbHandle, key: PlaceKey, start: Date, except?: number): Promise<Date> {
  if (start.getTime() < Date.now() + MIN_LEAD_MINUTES * 60_000) throw fieldError('start', VIEWING_MESSAGES.past)
  const outside = 'listingId' in key ? VIEWING_MESSAGES.outside : VIEWING_MESSAGES.outsideInvestment
  const s = await settingsOf(db, key)
  if (!s) throw fieldError('start', outside)
  if (start.getTime() > Date.now() + (HORIZON_DAYS + 1) * 86400_000) throw fieldError('start', outside)
  const slot = gridSlots(availabilityOf(s), start, start).find((x) => x.start.getTime() === start.getTime())
  if (!slot) throw fieldError('start', outside)
  const busy = await busyOf(db, key, except)
  if (busy.some((b) => b.startsAt < slot.end && start < b.endsAt)) throw fieldError('start', VIEWING_MESSAGES.overlapping)
  return slot.end
}

/** Guests' bookings never confirmed by e-mail give their time back. */
export async function releaseUnconfirmed(db: DbHandle) {
  await db.db.update(viewingBookings).set({ status: 'cancelled', cancelledBy: 'system', updatedAt: new Date() })
    .where(and(eq(viewingBookings.status, 'pending'), sql`${viewingBookings.verifiedAt} is null`, sql`${viewingBookings.createdAt} < ${new Date(Date.now() - GUEST_HOLD_MS)}`))
}

async function limits(request: FastifyRequest, reply: FastifyReply, key: PlaceKey, email: string) {
  const db = request.server.db
  const ipKey = `viewing:ip:${request.ip}`
  const wait = await blockedFor(db, ipKey, VIEWING_LIMITS.perIp.max)
  if (wait > 0) { reply.header('retry-after', String(wait)); throw new HttpError(429, 'too_many_requests', MESSAGE_MESSAGES.tooMany) }
  const [held] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(viewingBookings)
    .where(and(bookingsWhere(key), eq(viewingBookings.email, email), eq(viewingBookings.status, 'pending'), gt(viewingBookings.startsAt, sql`now()`)))
  if (held!.n >= VIEWING_LIMITS.perListing) throw new HttpError(429, 'too_many_requests', VIEWING_MESSAGES.tooManyListing)
  const [today] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(viewingBookings)
    .where(and(eq(viewingBookings.email, email), gte(viewingBookings.createdAt, new Date(Date.now() - 86400_000))))
  if (today!.n >= VIEWING_LIMITS.perDay) throw new HttpError(429, 'too_many_requests', VIEWING_MESSAGES.tooManyDay)
  return ipKey
}

/** Claims a seat of an open day: the lowest free number below its capacity, again on a lost race. */
async function claimSeat(db: DbHandle, key: PlaceKey, openDayId: number, start: Date, values: Omit<typeof viewingBookings.$inferInsert, 'startsAt' | 'endsAt'>) {
  const [day] = await db.db.select().from(viewingOpenDays).where(and(eq(viewingOpenDays.id, openDayId), openDaysWhere(key))).limit(1)
  if (!day || new Date(day.startsAt).getTime() !== start.getTime()) throw fieldError('start', VIEWING_MESSAGES.outside)
  const [mine] = await db.db.select({ id: viewingBookings.id }).from(viewingBookings)
    .where(and(eq(viewingBookings.openDayId, day.id), eq(viewingBookings.email, values.email), sql`status <> 'cancelled'`)).limit(1)
  if (mine) throw fieldError('start', VIEWING_MESSAGES.alreadyBooked)
  for (let attempt = 0; attempt < day.capacity; attempt++) {
    const taken = await db.db.select({ seat: viewingBookings.seat }).from(viewingBookings).where(and(eq(viewingBookings.openDayId, day.id), sql`status <> 'cancelled'`))
    const used = new Set(taken.map((t) => t.seat))
    let seat = 0
    while (used.has(seat)) seat++
    if (seat >= day.capacity) break
    try {
      const [row] = await db.db.insert(viewingBookings).values({ ...values, openDayId: day.id, seat, startsAt: day.startsAt, endsAt: day.endsAt }).returning()
      return row!
    } catch (err) {
      if (!uniqueViolation(err)) throw err
    }
  }
  throw fieldError('start', VIEWING_MESSAGES.full)
}

/** Whose place is booked: a listing (its agent or owner answers), or an investment (its developer; decisions 070, 078). */
export type Target = { listing: ListingRow } | { investment: { id: number; userId: number } }

/**
 * 'Umów oglądanie' (or an investment's open day): a logged-in person's booking is sent at once (pending, or
 * confirmed with automatic confirmation and on open days); a guest's waits for the e-mailed link (captcha first).
 * 429 over the limits.
 */
export async function book(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, target: Target, input: Input) {
  const user = await currentUser(request)
  const key: PlaceKey = 'listing' in target ? { listingId: target.listing.id } : { investmentId: target.investment.id }
  const ownerId = 'listing' in target ? (await advertiserPerson(app.db, target.listing)).id : target.investment.userId
  if (user && (user.id === ownerId || ('listing' in target && user.id === target.listing.userId))) throw new HttpError(403, 'forbidden', 'listing' in target ? VIEWING_MESSAGES.ownListing : VIEWING_MESSAGES.ownInvestment)
  if (!user) {
    if (!input.name) throw fieldError('name', MESSAGE_MESSAGES.nameRequired)
    if (!input.email) throw fieldError('email', MESSAGE_MESSAGES.emailRequired)
    if (!input.phone) throw fieldError('phone', 'Podaj numer telefonu.')
  }
  const email = user ? user.email.toLowerCase() : input.email!
  const ipKey = await limits(request, reply, key, email)
  if (!user) await requireCaptcha(request, input.captcha)
  await releaseUnconfirmed(app.db)
  const start = new Date(input.start)
  const settings = await settingsOf(app.db, key)
  const values = {
    listingId: null, investmentId: null, ...key, ownerId, userId: user?.id ?? null, name: user ? displayName(user) : input.name!, email,
    phone: (user ? user.phone : input.phone) || null, status: 'pending' as const, awaiting: 'owner' as const,
    verifiedAt: user ? new Date() : null, ip: request.ip,
  }
  let row: BookingRow
  if (input.open_day_id) {
    if (start.getTime() < Date.now()) throw fieldError('start', VIEWING_MESSAGES.past)
    row = await claimSeat(app.db, key, input.open_day_id, start, values)
  } else {
    const end = await checkVisitTime(app.db, key, start)
    try {
      ;[row] = await app.db.db.insert(viewingBookings).values({ ...values, startsAt: start, endsAt: end }).returning() as [BookingRow]
    } catch (err) {
      if (uniqueViolation(err)) throw fieldError('start', VIEWING_MESSAGES.overlapping)
      throw err
    }
  }
  await hit(app.db, ipKey, VIEWING_LIMITS.perIp.windowMs)
  if (!user) return { row, verify: true }
  return { row: await delivered(app, row, settings?.autoConfirm ?? false), verify: false }
}

/** A booking whose address is known: the advertiser hears of it (or it is confirmed at once), reminders are queued. */
export async function delivered(app: FastifyInstance, b: BookingRow, autoConfirm: boolean): Promise<BookingRow> {
  let row = b
  if (autoConfirm || b.openDayId) {
    ;[row] = await app.db.db.update(viewingBookings).set({ status: 'confirmed', updatedAt: new Date() }).where(eq(viewingBookings.id, b.id)).returning() as [BookingRow]
    await announce(app, row, 'confirmed', 'visitor')
  } else {
    await announce(app, row, 'requested', 'visitor')
  }
  await scheduleReminders(app, row)
  return row
}

/** The user's side of a booking they take part in (the agency sees its agents' visits); anyone else: 404. */
export async function userBooking(db: DbHandle, user: UserRow, idParam: string): Promise<{ b: BookingRow; side: 'owner' | 'visitor' }> {
  if (!/^\d{1,15}$/.test(idParam)) throw notFound(VIEWING_MESSAGES.notFound)
  const [row] = await db.db.select({ b: viewingBookings, listingUser: listings.userId }).from(viewingBookings)
    .leftJoin(listings, eq(listings.id, viewingBookings.listingId))
    .where(and(eq(viewingBookings.id, Number(idParam)), isNotNull(viewingBookings.verifiedAt),
      or(eq(viewingBookings.ownerId, user.id), eq(listings.userId, user.id), eq(viewingBookings.userId, user.id)))).limit(1)
  if (!row) throw notFound(VIEWING_MESSAGES.notFound)
  const side = row.b.ownerId === user.id || row.listingUser === user.id ? 'owner' : 'visitor'
  return { b: row.b, side }
}

const changeable = (b: BookingRow) => b.status !== 'cancelled' && new Date(b.endsAt).getTime() > Date.now()
const cannotChange = () => new HttpError(409, 'conflict', VIEWING_MESSAGES.cannotChange)

export async function confirmBooking(app: FastifyInstance, b: BookingRow, side: 'owner' | 'visitor') {
  if (!changeable(b)) throw cannotChange()
  if (b.status !== 'pending' || b.awaiting !== side) throw new HttpError(409, 'conflict', VIEWING_MESSAGES.notAwaitingYou)
  const [row] = await app.db.db.update(viewingBookings).set({ status: 'confirmed', sequence: sql`${viewingBookings.sequence} + 1`, updatedAt: new Date() })
    .where(and(eq(viewingBookings.id, b.id), eq(viewingBookings.status, 'pending'))).returning()
  if (!row) throw cannotChange()
  await announce(app, row, 'confirmed', side)
  return row
}

export async function cancelBooking(app: FastifyInstance, b: BookingRow, by: 'owner' | 'visitor' | 'system', reason: string) {
  if (!changeable(b)) throw cannotChange()
  const [row] = await app.db.db.update(viewingBookings).set({ status: 'cancelled', cancelledBy: by, reason, sequence: sql`${viewingBookings.sequence} + 1`, updatedAt: new Date() })
    .where(and(eq(viewingBookings.id, b.id), sql`status <> 'cancelled'`)).returning()
  if (!row) throw cannotChange()
  await announce(app, row, 'cancelled', by)
  return row
}

/** Another time with a reason: the booking moves (claiming the new time the same way) and waits for the other side. */
export async function proposeTime(app: FastifyInstance, b: BookingRow, side: 'owner' | 'visitor', startIso: string, reason: string) {
  if (!changeable(b)) throw cannotChange()
  if (b.openDayId) throw fieldError('start', 'Termin dnia otwartego nie może zostać zmieniony. Odwołaj wizytę i wybierz inny termin.')
  const start = new Date(startIso)
  const key: PlaceKey = b.listingId !== null ? { listingId: b.listingId } : { investmentId: b.investmentId! }
  const end = await checkVisitTime(app.db, key, start, b.id)
  let row: BookingRow | undefined
  try {
    ;[row] = await app.db.db.update(viewingBookings).set({
      startsAt: start, endsAt: end, status: 'pending', awaiting: side === 'owner' ? 'visitor' : 'owner', reason,
      sequence: sql`${viewingBookings.sequence} + 1`, reminded24At: null, reminded2At: null, updatedAt: new Date(),
    }).where(and(eq(viewingBookings.id, b.id), sql`status <> 'cancelled'`)).returning()
  } catch (err) {
    if (uniqueViolation(err)) throw fieldError('start', VIEWING_MESSAGES.overlapping)
    throw err
  }
  if (!row) throw cannotChange()
  await announce(app, row, 'proposed', side)
  await scheduleReminders(app, row)
  return row
}
