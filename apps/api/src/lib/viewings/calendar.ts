import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { investments, listings, users, viewingBookings, viewingFeeds, type DbHandle } from '@portal/db'
import type { Viewing } from '@portal/contracts/viewings'
import type { UserRow } from '../accounts/guard.ts'
import { displayName } from '../people/profile.ts'
import type { BookingRow } from './announce.ts'
import { icsEvent } from './announce.ts'
import { calendar } from './ics.ts'
import { investmentPlace, listingPlace, type Place } from './place.ts'

/**
 * 'Kalendarz' (issue 28): the visits of a person, as the advertiser (their own and, for an agency, its agents'
 * listings) or as the visitor, and the same as a subscribed .ics feed behind a secret address.
 */
const ownerCond = (user: UserRow): SQL => or(eq(viewingBookings.ownerId, user.id), eq(listings.userId, user.id))!

/** The place columns of a visit: its listing, or its investment (left joins, decision 070). */
const placeCols = {
  listingTitle: listings.title, listingSlug: listings.slug, listingCity: listings.city, listingDistrict: listings.district,
  invName: investments.name, invSlug: investments.slug, invCity: investments.city, invDistrict: investments.district,
}
type PlaceCols = { [K in keyof typeof placeCols]: string | null }
const placeOf = (b: BookingRow, r: PlaceCols): Place => b.listingId !== null
  ? listingPlace({ id: b.listingId, title: r.listingTitle!, slug: r.listingSlug!, city: r.listingCity!, district: r.listingDistrict })
  : investmentPlace({ id: b.investmentId!, name: r.invName!, slug: r.invSlug!, city: r.invCity!, district: r.invDistrict })

export async function listViewings(db: DbHandle, user: UserRow, q: { role: 'owner' | 'visitor'; listing?: number; investment?: number; from?: string; to?: string }) {
  const whose = and(isNotNull(viewingBookings.verifiedAt), q.role === 'owner' ? ownerCond(user) : eq(viewingBookings.userId, user.id))!
  const conds: SQL[] = [whose]
  if (q.listing) conds.push(eq(viewingBookings.listingId, q.listing))
  if (q.investment) conds.push(eq(viewingBookings.investmentId, q.investment))
  if (q.from) conds.push(gte(viewingBookings.endsAt, new Date(q.from)))
  if (q.to) conds.push(lt(viewingBookings.startsAt, new Date(q.to)))
  const rows = await db.db.select({ b: viewingBookings, ...placeCols }).from(viewingBookings)
    .leftJoin(listings, eq(listings.id, viewingBookings.listingId)).leftJoin(investments, eq(investments.id, viewingBookings.investmentId))
    .where(and(...conds)).orderBy(asc(viewingBookings.startsAt)).limit(500)
  const ownerIds = [...new Set(rows.map((r) => r.b.ownerId))]
  const owners = ownerIds.length ? await db.db.select().from(users).where(inArray(users.id, ownerIds)) : []
  const ownerBy = new Map(owners.map((o) => [o.id, o]))
  const data: Viewing[] = rows.map((r) => viewingView(r.b, placeOf(r.b, r), q.role, ownerBy.get(r.b.ownerId)))
  const [ls, inv] = await Promise.all([
    db.db.selectDistinct({ id: listings.id, title: listings.title }).from(viewingBookings)
      .innerJoin(listings, eq(listings.id, viewingBookings.listingId)).where(whose).orderBy(asc(listings.title)).limit(200),
    // ownerCond names listings.userId: the join is there for it (an investment's visits carry their owner).
    db.db.selectDistinct({ id: investments.id, title: investments.name }).from(viewingBookings)
      .innerJoin(investments, eq(investments.id, viewingBookings.investmentId))
      .leftJoin(listings, eq(listings.id, viewingBookings.listingId)).where(whose).orderBy(asc(investments.name)).limit(200),
  ])
  return { data, listings: ls, investments: inv }
}

export function viewingView(b: BookingRow, place: Place, role: 'owner' | 'visitor', owner?: UserRow): Viewing {
  return {
    place: place.kind, href: place.path, listing: { id: place.id, title: place.title, slug: place.slug },
    id: b.id, status: b.status, awaiting: b.awaiting, role, start: new Date(b.startsAt).toISOString(), end: new Date(b.endsAt).toISOString(),
    open_day: b.openDayId !== null, reason: b.reason,
    person: role === 'owner' ? { name: b.name, email: b.email, phone: b.phone } : { name: owner ? displayName(owner) : place.who.nom.charAt(0).toUpperCase() + place.who.nom.slice(1), email: null, phone: null },
    thread_id: role === 'owner' || b.userId ? b.threadId : null,
  }
}

/** The feed's secret address: made on first use, replaced by reset (the old address stops working at once). */
export async function feedToken(db: DbHandle, userId: number, reset = false): Promise<string> {
  if (!reset) {
    const [row] = await db.db.select().from(viewingFeeds).where(eq(viewingFeeds.userId, userId)).limit(1)
    if (row) return row.token
  }
  const token = randomBytes(24).toString('base64url')
  await db.db.insert(viewingFeeds).values({ userId, token }).onConflictDoUpdate({ target: viewingFeeds.userId, set: { token, createdAt: new Date() } })
  return token
}

/** The .ics of a feed token (null: no such address): visits as advertiser and as visitor, from 30 days back. */
export async function feedCalendar(app: FastifyInstance, token: string): Promise<string | null> {
  const [feed] = await app.db.db.select().from(viewingFeeds).where(eq(viewingFeeds.token, token)).limit(1)
  if (!feed) return null
  const [user] = await app.db.db.select().from(users).where(eq(users.id, feed.userId)).limit(1)
  if (!user || user.deletedAt) return null
  const rows = await app.db.db.select({ b: viewingBookings, ...placeCols }).from(viewingBookings)
    .leftJoin(listings, eq(listings.id, viewingBookings.listingId)).leftJoin(investments, eq(investments.id, viewingBookings.investmentId))
    .where(and(isNotNull(viewingBookings.verifiedAt), gte(viewingBookings.startsAt, sql`now() - interval '30 days'`),
      or(ownerCond(user), eq(viewingBookings.userId, user.id))))
    .orderBy(asc(viewingBookings.startsAt)).limit(1000)
  const ownerIds = [...new Set(rows.map((r) => r.b.ownerId))]
  const owners = ownerIds.length ? await app.db.db.select().from(users).where(inArray(users.id, ownerIds)) : []
  const ownerBy = new Map(owners.map((o) => [o.id, o]))
  const events = rows.map((r) => r.b).map((b, i) => icsEvent(app, b, placeOf(b, rows[i]!), ownerBy.get(b.ownerId)!, b.userId === user.id && b.ownerId !== user.id ? 'visitor' : 'owner'))
  return calendar(events, { name: 'Dazu – oglądania' })
}
