import { and, asc, eq, isNotNull, isNull, like, sql } from 'drizzle-orm'
import { investments, listings, users, viewingBookings, viewingOpenDays, viewingSettings, type DbHandle, type ViewingHours } from '@portal/db'
import { DateTime } from 'luxon'
import { DEMO_USER_EMAIL } from '../accounts/password-demo.ts'
import { displayName } from '../people/profile.ts'
import { logListingChanges } from '../listings/changes.ts'
import { gridSlots, ZONE, type Availability } from './slots.ts'

/**
 * Demo visits (issue 28), so 'Kalendarz' and 'Umów oglądanie' have something to show on `npm start`: hours on the
 * demo user's listings and on a few of the first demo agency's, an open day, and bookings of the demo user in every
 * state (waiting, confirmed, another time proposed, cancelled) as the advertiser and as the visitor, and an open day
 * of the first investment. Written once,
 * on a database without any visiting hours yet; the times are laid from now, on the listings' grids.
 */
const WEEKDAYS: ViewingHours[] = [1, 2, 3, 4, 5].map((day) => ({ day, from: '17:00', to: '19:00' }))
const WEEKEND: ViewingHours[] = [{ day: 6, from: '10:00', to: '14:00' }]

type Row = typeof viewingBookings.$inferInsert

export async function seedDemoViewings(db: DbHandle, now = new Date()): Promise<{ listings: number; bookings: number }> {
  const [any] = await db.db.select({ id: viewingSettings.listingId }).from(viewingSettings).where(isNotNull(viewingSettings.listingId)).limit(1)
  if (any) return { listings: 0, bookings: 0 }
  const [jan] = await db.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL)).limit(1)
  const [agency] = await db.db.select({ id: users.id }).from(users)
    .where(and(eq(users.type, 'agency'), like(users.email, 'biuro.%@example.com'), isNull(users.deletedAt))).orderBy(asc(users.id)).limit(1)
  if (!jan || !agency) return { listings: 0, bookings: 0 }
  const pick = (owner: number, n: number) => db.db.select({ id: listings.id, userId: listings.userId, agentId: listings.agentId }).from(listings)
    .where(and(eq(listings.userId, owner), eq(listings.status, 'active'), eq(listings.adType, 'offer'))).orderBy(asc(listings.id)).limit(n)
  const own = await pick(jan.id, 3)
  const agencyListings = await pick(agency.id, 4)
  const visitors = await db.db.select().from(users)
    .where(and(eq(users.type, 'user'), like(users.email, '%@example.pl'), sql`${users.roles} = array['user']::text[]`, sql`${users.id} <> ${jan.id}`))
    .orderBy(asc(users.id)).limit(6)
  if (!own.length || agencyListings.length < 2 || visitors.length < 4) return { listings: 0, bookings: 0 }

  const hours = (i: number): Availability => ({ weekly: i % 2 ? [...WEEKDAYS, ...WEEKEND] : WEEKDAYS.slice(0, 3).concat(WEEKEND), exceptions: [], visitMinutes: 30 })
  const chosen = [...own, ...agencyListings]
  await db.db.insert(viewingSettings).values(chosen.map((l, i) => {
    const a = hours(i)
    return { listingId: l.id, weekly: a.weekly, exceptions: [], visitMinutes: a.visitMinutes, autoConfirm: i === own.length }
  }))
  // The grid from tomorrow on: every booking below takes its own time on its listing.
  const tomorrow = DateTime.fromJSDate(now, { zone: ZONE }).plus({ days: 1 }).startOf('day').toJSDate()
  const horizon = new Date(tomorrow.getTime() + 14 * 86_400_000)
  const slotsOf = (i: number) => gridSlots(hours(i), tomorrow, horizon)
  const ownerOf = (l: (typeof chosen)[number]) => l.agentId ?? l.userId
  const rows: Row[] = []
  const verified = new Date(now.getTime() - 86_400_000)
  const visit = (li: number, slot: number, v: { userId: number | null; name: string; email: string; phone: string | null }, state: Partial<Row>) => {
    const l = chosen[li]!
    const s = slotsOf(li)[slot]!
    rows.push({
      listingId: l.id, ownerId: ownerOf(l), userId: v.userId, name: v.name, email: v.email, phone: v.phone, startsAt: s.start, endsAt: s.end,
      status: 'pending', awaiting: 'owner', verifiedAt: verified, createdAt: verified, updatedAt: verified, ...state,
    })
  }
  const person = (u: (typeof visitors)[number]) => ({ userId: u.id, name: displayName(u), email: u.email, phone: u.phone })
  const guest = { userId: null, name: 'Katarzyna Wróbel', email: 'k.wrobel@example.com', phone: '+48 604 318 275' }
  const asVisitor = { userId: jan.id, name: displayName(jan), email: jan.email, phone: jan.phone }

  // The demo user as the advertiser (their first listing).
  visit(0, 1, person(visitors[0]!), {})
  visit(0, 4, person(visitors[1]!), { status: 'confirmed', sequence: 1 })
  visit(0, 7, person(visitors[2]!), { awaiting: 'visitor', sequence: 1, reason: 'O tej porze jestem w pracy, proponuję późniejszą godzinę.' })
  visit(0, 10, guest, { status: 'confirmed', sequence: 1 })
  visit(0, 12, person(visitors[3]!), { status: 'cancelled', cancelledBy: 'visitor', sequence: 1, reason: 'Znalazłem już mieszkanie.' })
  if (own.length > 1) visit(1, 2, person(visitors[4] ?? visitors[0]!), {})
  // The demo user as the visitor, at the agency.
  const a0 = own.length
  visit(a0, 3, asVisitor, { status: 'confirmed', sequence: 1 })
  visit(a0 + 1, 5, asVisitor, {})
  visit(a0 + 1, 9, asVisitor, { awaiting: 'visitor', sequence: 1, reason: 'Agent jest wtedy na innym spotkaniu. Czy pasuje ta godzina?' })
  if (agencyListings.length > 2) visit(a0 + 2, 6, asVisitor, { status: 'cancelled', cancelledBy: 'owner', sequence: 1, reason: 'Mieszkanie zostało już zarezerwowane.' })
  if (agencyListings.length > 3) visit(a0 + 3, 2, person(visitors[5] ?? visitors[1]!), { status: 'confirmed', sequence: 1 })

  // An open day on the agency's first listing: next Saturday 11:00–13:00, 8 places, the demo user in one of them.
  const saturday = DateTime.fromJSDate(tomorrow, { zone: ZONE }).plus({ days: 7 }).set({ weekday: 6, hour: 11, minute: 0 })
  const [openDay] = await db.db.insert(viewingOpenDays).values({
    listingId: chosen[a0]!.id, startsAt: saturday.toJSDate(), endsAt: saturday.plus({ hours: 2 }).toJSDate(), capacity: 8,
  }).returning({ id: viewingOpenDays.id })
  const od = { listingId: chosen[a0]!.id, ownerId: ownerOf(chosen[a0]!), startsAt: saturday.toJSDate(), endsAt: saturday.plus({ hours: 2 }).toJSDate(), openDayId: openDay!.id, verifiedAt: verified }
  rows.push({ ...od, ...asVisitor, seat: 0, status: 'confirmed', awaiting: 'owner' })
  rows.push({ ...od, ...person(visitors[2]!), seat: 1, status: 'confirmed', awaiting: 'owner' })
  rows.push({ ...od, ...guest, seat: 2, status: 'confirmed', awaiting: 'owner' })

  // An open day of the first demo investment (decision 070): next Sunday 10:00–14:00, 30 places, the demo user in one.
  const [inv] = await db.db.select({ id: investments.id, userId: investments.userId }).from(investments).orderBy(asc(investments.id)).limit(1)
  if (inv) {
    const sunday = saturday.plus({ days: 1 }).set({ hour: 10 })
    const span = { startsAt: sunday.toJSDate(), endsAt: sunday.plus({ hours: 4 }).toJSDate() }
    const [invDay] = await db.db.insert(viewingOpenDays).values({ investmentId: inv.id, ...span, capacity: 30 }).returning({ id: viewingOpenDays.id })
    const base = { investmentId: inv.id, ownerId: inv.userId, ...span, openDayId: invDay!.id, verifiedAt: verified, status: 'confirmed' as const, awaiting: 'owner' as const }
    rows.push({ ...base, ...asVisitor, seat: 0 }, { ...base, ...person(visitors[3]!), seat: 1 })
  }

  await db.db.insert(viewingBookings).values(rows)
  await logListingChanges(db, chosen.map((l) => l.id))
  return { listings: chosen.length, bookings: rows.length }
}


/**
 * Weekly hours of the first two demo investments (decision 078), so 'Umów oglądanie' on their pages lists times:
 * weekdays in two ranges, Saturday morning, and a changed day next week with two other ranges. Written once, on a
 * database where no investment has hours yet (a database seeded before 078 gets them on its next start).
 */
export async function seedDemoInvestmentHours(db: DbHandle, now = new Date()): Promise<number> {
  const [any] = await db.db.select({ id: viewingSettings.investmentId }).from(viewingSettings).where(isNotNull(viewingSettings.investmentId)).limit(1)
  if (any) return 0
  const first = await db.db.select({ id: investments.id }).from(investments).orderBy(asc(investments.id)).limit(2)
  if (!first.length) return 0
  const weekly: ViewingHours[] = [
    ...[1, 2, 3, 4, 5].flatMap((day) => [{ day, from: '10:00', to: '13:00' }, { day, from: '15:00', to: '18:00' }]),
    { day: 6, from: '10:00', to: '14:00' },
  ]
  const changed = DateTime.fromJSDate(now, { zone: ZONE }).plus({ weeks: 1 }).set({ weekday: 3 }).toISODate()!
  const exceptions = [{ date: changed, ranges: [{ from: '09:00', to: '11:00' }, { from: '17:00', to: '20:00' }] }]
  await db.db.insert(viewingSettings).values(first.map((inv, i) => ({ investmentId: inv.id, weekly, exceptions, visitMinutes: 60, autoConfirm: i === 0 })))
  return first.length
}
