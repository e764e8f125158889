import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { idArray, investmentFollows, investments, rowsOf, watchSettings, type DbHandle } from '@portal/db'
import type { FollowedInvestment, PriceChange } from '@portal/contracts/watch'
import { seedInvestmentSeen } from './detect.ts'

/** Following investments, the digest setting and a favourite's last price change (decision 067). */

/** Follows a public investment (idempotent): false when there is no such investment. */
export async function followInvestment(db: DbHandle, userId: number, investmentId: number): Promise<boolean> {
  const [inv] = await db.db.select({ id: investments.id }).from(investments).where(eq(investments.id, investmentId)).limit(1)
  if (!inv) return false
  await seedInvestmentSeen(db, investmentId)
  await db.db.insert(investmentFollows).values({ userId, investmentId }).onConflictDoNothing()
  return true
}

/** Stops following (also when not followed); the last follower leaving drops what the job saw of it. */
export async function unfollowInvestment(db: DbHandle, userId: number, investmentId: number): Promise<void> {
  await db.db.delete(investmentFollows).where(and(eq(investmentFollows.userId, userId), eq(investmentFollows.investmentId, investmentId)))
  await db.db.execute(sql`
    delete from watch_units_seen s using investment_units u
    where u.listing_id = s.listing_id and u.investment_id = ${investmentId}
      and not exists (select 1 from investment_follows f where f.investment_id = ${investmentId})`)
  await db.db.execute(sql`
    delete from watch_investments_seen where investment_id = ${investmentId}
      and not exists (select 1 from investment_follows f where f.investment_id = ${investmentId})`)
}

export async function isFollowing(db: DbHandle, userId: number, investmentId: number): Promise<boolean | null> {
  const [inv] = await db.db.select({ id: investments.id, follower: investmentFollows.userId }).from(investments)
    .leftJoin(investmentFollows, and(eq(investmentFollows.investmentId, investments.id), eq(investmentFollows.userId, userId)))
    .where(eq(investments.id, investmentId)).limit(1)
  return inv ? inv.follower !== null : null
}

/** The user's followed investments, newest follow first, with units on sale and the lowest price. */
export async function followedInvestments(db: DbHandle, userId: number): Promise<FollowedInvestment[]> {
  const rows = await db.db.select({
    id: investments.id, slug: investments.slug, name: investments.name, city: investments.city, locationName: investments.locationName,
    status: investments.status, followedAt: investmentFollows.createdAt,
  }).from(investmentFollows).innerJoin(investments, eq(investments.id, investmentFollows.investmentId))
    .where(eq(investmentFollows.userId, userId)).orderBy(desc(investmentFollows.createdAt), desc(investments.id)).limit(200)
  if (!rows.length) return []
  const stats = rowsOf(await db.db.execute(sql`
    select u.investment_id, count(*)::int as available, min(l.price) as price_from
    from investment_units u join listings l on l.id = u.listing_id
    where u.investment_id = any(${idArray(rows.map((r) => r.id))}) and u.status <> 'sprzedane'
    group by u.investment_id`))
  const byId = new Map(stats.map((s) => [Number(s.investment_id), s]))
  return rows.map((r) => {
    const s = byId.get(r.id)
    return {
      id: r.id, slug: r.slug, name: r.name, city: r.city, location_name: r.locationName, status: r.status,
      units_available: s ? Number(s.available) : 0, price_from: s?.price_from != null ? Number(s.price_from) : null,
      followed_at: new Date(r.followedAt).toISOString(),
    }
  })
}

export async function digestEnabled(db: DbHandle, userId: number): Promise<boolean> {
  const [row] = await db.db.select({ on: watchSettings.emailDigest }).from(watchSettings).where(eq(watchSettings.userId, userId)).limit(1)
  return row?.on ?? false
}

export async function setDigest(db: DbHandle, userId: number, on: boolean): Promise<void> {
  await db.db.insert(watchSettings).values({ userId, emailDigest: on })
    .onConflictDoUpdate({ target: watchSettings.userId, set: { emailDigest: on, updatedAt: sql`now()` } })
}

/** The last price change of each listing that has one (the newest history row against the row before it). */
export async function lastPriceChanges(db: DbHandle, listingIds: number[]): Promise<PriceChange[]> {
  if (!listingIds.length) return []
  const rows = rowsOf(await db.db.execute(sql`
    select ids.id as listing_id, prev.price as old_price, h.price as new_price, h.changed_at
    from unnest(${idArray(listingIds)}) as ids(id)
    cross join lateral (
      select id, price, changed_at from listing_price_history where listing_id = ids.id order by changed_at desc, id desc limit 1
    ) h
    cross join lateral (
      select p.price from listing_price_history p
      where p.listing_id = ids.id and (p.changed_at < h.changed_at or (p.changed_at = h.changed_at and p.id < h.id))
      order by p.changed_at desc, p.id desc limit 1
    ) prev
    where prev.price <> h.price`))
  return rows.map((r) => ({
    offer_id: Number(r.listing_id), old_price: Number(r.old_price), new_price: Number(r.new_price), at: new Date(r.changed_at as string).toISOString(),
  }))
}

/** The digest mail's one-click unsubscribe token ('wd_{user}.{mac}', signed with the app key; no table needed). */
export function digestToken(appKey: string, userId: number): string {
  return `wd_${userId}.${createHmac('sha256', appKey).update(`watch-digest:${userId}`).digest('base64url').slice(0, 32)}`
}

/** Turns the digest off for a valid token: false for anything else. */
export async function unsubscribeDigest(db: DbHandle, appKey: string, token: string): Promise<boolean> {
  const m = /^wd_(\d{1,10})\.[\w-]{32}$/.exec(token)
  if (!m) return false
  const want = Buffer.from(digestToken(appKey, Number(m[1])))
  const got = Buffer.from(token)
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false
  const [row] = await db.db.update(watchSettings).set({ emailDigest: false, updatedAt: sql`now()` })
    .where(eq(watchSettings.userId, Number(m[1]))).returning({ userId: watchSettings.userId })
  return !!row
}
