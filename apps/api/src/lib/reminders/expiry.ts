import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { listingExpiryReminders, listingMeta, listings, users, type Db } from '@portal/db'
import { expiryFrom, RENEWABLE } from '../listings/lifecycle.ts'
import { effectiveStatus } from '../listings/access.ts'
import { notifyListingEvent } from '../notifications/listing-events.ts'

/**
 * Expiry reminders (issue 9; the older system had one but never scheduled it): REMINDER_DAYS before a listing runs
 * out its owner gets a mail and a bell notification with a one-click renew link. The link's token is an HMAC of the
 * listing id and its current expiry, so it works without logging in, only for that expiry (after a renewal it is
 * spent) and cannot be made for another listing. One reminder per listing per expiry date.
 */
export const REMINDER_DAYS = 3

export function renewToken(appKey: string, listingId: number, expiresAt: Date): string {
  const mac = createHmac('sha256', appKey).update(`renew:${listingId}:${expiresAt.getTime()}`).digest('base64url').slice(0, 32)
  return `${listingId}.${mac}`
}

/** The listing id a token is for, if its signature matches the listing's current expiry; else null. */
export async function listingForToken(db: Db, appKey: string, token: string) {
  const m = /^(\d{1,15})\.([\w-]{32})$/.exec(token)
  if (!m) return null
  const [l] = await db.select().from(listings).where(eq(listings.id, Number(m[1]))).limit(1)
  if (!l?.expiresAt) return null
  const want = Buffer.from(renewToken(appKey, l.id, new Date(l.expiresAt)))
  const got = Buffer.from(token)
  return want.length === got.length && timingSafeEqual(want, got) ? l : null
}

/** Renews a listing (active again for 30 days from now), as the owner's renew does. False when it is not renewable. */
export async function renewListing(db: Db, l: typeof listings.$inferSelect): Promise<boolean> {
  if (!RENEWABLE.includes(effectiveStatus(l))) return false
  await db.update(listings).set({ status: 'active', expiresAt: expiryFrom(null), updatedAt: sql`now()` }).where(eq(listings.id, l.id))
  await db.update(listingMeta).set({ endedAt: null }).where(eq(listingMeta.listingId, l.id))
  return true
}

export interface DueReminder {
  listingId: number; slug: string; title: string; expiresAt: Date; email: string; name: string; userId: number
}

/** Active listings expiring within REMINDER_DAYS that were not reminded for this expiry yet. */
export async function dueReminders(db: Db, now = new Date(), limit = 1000): Promise<DueReminder[]> {
  const horizon = new Date(now.getTime() + REMINDER_DAYS * 24 * 3600_000)
  const rows = await db.select({
    listingId: listings.id, slug: listings.slug, title: listings.title, expiresAt: listings.expiresAt,
    email: users.email, name: users.name, userId: users.id,
  }).from(listings)
    .innerJoin(users, and(eq(users.id, listings.userId), isNull(users.deletedAt)))
    .leftJoin(listingExpiryReminders, eq(listingExpiryReminders.listingId, listings.id))
    .where(and(
      eq(listings.status, 'active'), gt(listings.expiresAt, now), lte(listings.expiresAt, horizon),
      or(isNull(listingExpiryReminders.listingId), sql`${listingExpiryReminders.expiresAt} <> ${listings.expiresAt}`),
    ))
    .limit(limit)
  return rows.map((r) => ({ ...r, expiresAt: new Date(r.expiresAt!) }))
}

/** Records the reminder (before mailing: a crash never sends it twice) and adds the bell notification. */
export async function markReminded(db: Db, r: DueReminder, days: number): Promise<void> {
  await db.insert(listingExpiryReminders).values({ listingId: r.listingId, expiresAt: r.expiresAt })
    .onConflictDoUpdate({ target: listingExpiryReminders.listingId, set: { expiresAt: r.expiresAt, sentAt: sql`now()` } })
  await notifyListingEvent(db, r.listingId, 'expiring', { days })
}
