import { and, eq, ne, or, sql } from 'drizzle-orm'
import { listingMeta, listings, rowsOf, type DbHandle } from '@portal/db'
import type { ListingStats } from '@portal/contracts/stats'
import type { ListingRow } from '../listings/access.ts'
import { publicListingCondition, promotedCondition } from '../listings/summary.ts'

const MAX_DAYS = 365
const DAY_MS = 86_400_000
const warsawDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(d)

/**
 * 'Zobacz statystyki' (issue 13): per day of the listing's life — unique views, phone reveals, messages,
 * favourites added (still saved) and its position in the default order (promoted first, then newest) of its
 * category and offer type in its city; the current position; and its views per day against similar listings
 * (same category, offer type and city, live now).
 */
export async function listingStats(db: DbHandle, l: ListingRow): Promise<ListingStats> {
  const [meta] = await db.db.select({ publishedAt: listingMeta.publishedAt }).from(listingMeta).where(eq(listingMeta.listingId, l.id))
  const start = new Date(meta?.publishedAt ?? l.createdAt)
  const endInstant = new Date(Math.min(Date.now(), l.expiresAt && l.status !== 'active' ? new Date(l.expiresAt).getTime() : Date.now()))
  const from = warsawDay(new Date(Math.max(start.getTime(), endInstant.getTime() - (MAX_DAYS - 1) * DAY_MS)))
  const to = warsawDay(endInstant < start ? start : endInstant)
  const id = l.id

  const [views, phones, contacts, favs, positions] = await Promise.all([
    db.db.execute(sql`select day::text as day, count(*)::int as n from listing_views where listing_id = ${id} and day between ${from}::date and ${to}::date group by day`),
    db.db.execute(sql`select day::text as day, phone_reveals as n from listing_daily_stats where listing_id = ${id} and day between ${from}::date and ${to}::date`),
    db.db.execute(sql`select ((created_at at time zone 'Europe/Warsaw')::date)::text as day, count(*)::int as n from messages where listing_id = ${id} group by 1`),
    db.db.execute(sql`select ((created_at at time zone 'Europe/Warsaw')::date)::text as day, count(*)::int as n from favorites where listing_id = ${id} group by 1`),
    // Position on each day: 1 + the listings of the same category, offer type and city published after this one and
    // still running at that day's end (the default order is newest first; promotion history is not kept).
    db.db.execute(sql`select d::date::text as day, 1 + (
        select count(*) from listings c
        where c.category_id = ${l.categoryId} and c.offer_type = ${l.offerType} and c.city_slug = ${l.citySlug}
          and c.id <> ${id} and c.status <> 'draft' and c.created_at > ${new Date(l.createdAt).toISOString()}::timestamptz
          and c.created_at < ((d::date + 1)::timestamp at time zone 'Europe/Warsaw')
          and (c.expires_at is null or c.expires_at > ((d::date + 1)::timestamp at time zone 'Europe/Warsaw'))
      )::int as n
      from generate_series(${from}::date, ${to}::date, interval '1 day') d`),
  ])
  const map = (r: unknown) => new Map(rowsOf(r).map((x) => [String(x.day), Number(x.n)]))
  const v = map(views), p = map(phones), c = map(contacts), f = map(favs), pos = map(positions)
  const days: ListingStats['days'] = []
  for (let t = Date.parse(`${from}T12:00:00Z`); warsawDay(new Date(t)) <= to; t += DAY_MS) {
    const day = warsawDay(new Date(t))
    days.push({ day, views: v.get(day) ?? 0, phone: p.get(day) ?? 0, contacts: c.get(day) ?? 0, favourites: f.get(day) ?? 0, position: pos.get(day) ?? null })
  }
  const sum = (k: 'views' | 'phone' | 'contacts' | 'favourites') => days.reduce((a, d) => a + d[k], 0)
  // Totals over the whole life (the series may be cut to the last year).
  const [allViews] = rowsOf(await db.db.execute(sql`select count(*)::int as n from listing_views where listing_id = ${id}`))
  const [allPhones] = rowsOf(await db.db.execute(sql`select coalesce(sum(phone_reveals), 0)::int as n from listing_daily_stats where listing_id = ${id}`))

  const same = and(eq(listings.categoryId, l.categoryId), eq(listings.offerType, l.offerType), eq(listings.citySlug, l.citySlug))!
  const live = publicListingCondition()
  const isPromoted = !!(l.isPromoted && (!l.promotedUntil || new Date(l.promotedUntil).getTime() > Date.now()))
  const createdIso = new Date(l.createdAt).toISOString()
  const ahead = isPromoted
    ? and(promotedCondition(), or(sql`${listings.createdAt} > ${createdIso}::timestamptz`, and(eq(listings.createdAt, sql`${createdIso}::timestamptz`), sql`${listings.id} > ${id}`)))
    : or(promotedCondition(), sql`${listings.createdAt} > ${createdIso}::timestamptz`, and(eq(listings.createdAt, sql`${createdIso}::timestamptz`), sql`${listings.id} > ${id}`))
  const [{ of }] = await db.db.select({ of: sql<number>`count(*)`.mapWith(Number) }).from(listings).where(and(same, live))
  const [{ before }] = await db.db.select({ before: sql<number>`count(*)`.mapWith(Number) }).from(listings).where(and(same, live, ne(listings.id, id), ahead))
  const isLive = l.status === 'active' && (!l.expiresAt || new Date(l.expiresAt).getTime() > Date.now()) && (!l.visibleFrom || new Date(l.visibleFrom).getTime() <= Date.now())

  // Views per day of similar live listings: each one's counter over the days since it was published.
  const [sim] = rowsOf(await db.db.execute(sql`
    select count(*)::int as n, coalesce(avg(listings.views / greatest(1, extract(epoch from (now() - coalesce(m.published_at, listings.created_at))) / 86400.0)), 0)::float8 as rate
    from listings left join listing_meta m on m.listing_id = listings.id
    where ${and(same, live, ne(listings.id, id))}`))
  const ownDays = Math.max(1, (endInstant.getTime() - start.getTime()) / DAY_MS)
  const ownRate = Math.max(l.views, Number(allViews?.n ?? 0)) / ownDays
  const simRate = Number(sim?.rate ?? 0)
  const similar = Number(sim?.n ?? 0)

  return {
    listing: { id, slug: l.slug, title: l.title, city: l.city, status: l.status, published_at: start.toISOString() },
    days,
    // The listing's counter (it counts the same unique daily visits, and also those from before per-day rows existed).
    totals: { views: Math.max(l.views, Number(allViews?.n ?? 0)), phone: Number(allPhones?.n ?? 0), contacts: sum('contacts'), favourites: sum('favourites') },
    position: isLive ? { current: before + 1, of } : null,
    comparison: similar > 0 && simRate > 0 ? { ratio: Math.round((ownRate / simRate) * 100) / 100, similar, own_per_day: Math.round(ownRate * 10) / 10, similar_per_day: Math.round(simRate * 10) / 10 } : null,
  }
}
