import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { savedSearchHits, savedSearches, users, type Db } from '@portal/db'
import { filtersQuery, savedSearchUrl } from '@portal/contracts/saved-searches'
import { formatArea, formatPrice, formatPricePerM2, plural } from '@portal/contracts/format'
import { photoUrl } from '@portal/contracts/listing'
import type { SearchIndex } from '../search/index/index.ts'
import { FIRST_PHOTO_JOIN, PHOTO_COLUMNS, SUMMARY_COLUMNS, rowsOf, summaryOf } from '../search/sql.ts'
import { notifyMany } from '../notifications/notifications.ts'
import { savedSearchAlertMail, type MailCard } from '../../mail/templates.ts'
import type { Mail } from '../../mail/mailer.ts'
import { createMatcher, listingsLiveBetween, type NewListing } from './match.ts'
import { nextAlertAfter } from './saved-searches.ts'

/**
 * Saved-search alerts (docs/decisions/022-saved-search-alerts.md). The `saved-search-alerts` job runs every minute on
 * one instance: the searches whose alert is due (period 0: every run, so within minutes of a listing going live;
 * else every `period` days) get the active listings that went live after their `checked_until`, matched with the
 * /api/search engine, minus what was already sent to them; each with matches gets one mail (up to 10 cards and
 * 'Zobacz wszystkie (N)') and a bell notification. Nothing is sent when nothing is new.
 */
export interface AlertContext {
  db: Db
  index?: SearchIndex
  publicUrl: string
  send: (mail: Mail) => Promise<unknown>
}

/** Listings that go live in the last few seconds may commit late: the window ends this far back. */
export const COMMIT_LAG_MS = 10_000
/** Due searches handled per run (the next run takes the rest). */
const BATCH = 20_000
export const CARDS_PER_MAIL = 10

export interface Alert { searchId: number; listingIds: number[] }

interface DueSearch {
  id: number; userId: number; filters: Record<string, string>; period: number; checkedUntil: Date
}

/** The due searches and, for each, the new matching listings not sent before (newest first). Reads only. */
export async function computeAlerts(db: Db, index: SearchIndex | undefined, until: Date): Promise<{ due: DueSearch[]; alerts: Alert[]; candidates: number }> {
  const due = await db.select({
    id: savedSearches.id, userId: savedSearches.userId, filters: savedSearches.filters, period: savedSearches.period,
    checkedUntil: savedSearches.checkedUntil,
  }).from(savedSearches)
    .innerJoin(users, and(eq(users.id, savedSearches.userId), isNull(users.deletedAt)))
    .where(and(eq(savedSearches.notification, true), lte(savedSearches.nextAlertAt, until)))
    .orderBy(asc(savedSearches.nextAlertAt)).limit(BATCH)
  if (!due.length) return { due, alerts: [], candidates: 0 }
  const since = new Date(Math.min(...due.map((d) => new Date(d.checkedUntil).getTime())))
  const fresh: NewListing[] = await listingsLiveBetween(db, since, until)
  if (!fresh.length) return { due, alerts: [], candidates: 0 }
  const freshIds = fresh.map((f) => f.id)
  const sent = new Set<string>()
  for (let i = 0; i < freshIds.length; i += 5000) {
    const rows = await db.select({ s: savedSearchHits.savedSearchId, l: savedSearchHits.listingId }).from(savedSearchHits)
      .where(inArray(savedSearchHits.listingId, freshIds.slice(i, i + 5000)))
    for (const r of rows) sent.add(`${r.s}:${r.l}`)
  }
  const byNewest = [...fresh].sort((a, b) => b.liveAt - a.liveAt || b.id - a.id)
  const match = await createMatcher(db, index, until.getTime())
  const alerts: Alert[] = []
  for (const s of due) {
    const after = new Date(s.checkedUntil).getTime()
    const ids = byNewest.filter((l) => l.liveAt > after && l.userId !== s.userId).map((l) => l.id)
    if (!ids.length) continue
    const found = new Set(await match(filtersQuery(s.filters), ids))
    const listingIds = ids.filter((id) => found.has(id) && !sent.has(`${s.id}:${id}`))
    if (listingIds.length) alerts.push({ searchId: s.id, listingIds })
  }
  return { due, alerts, candidates: fresh.length }
}

/** One run: compute, mail and notify, then move every due search's window on. Returns the number of mails. */
export async function runAlerts(ctx: AlertContext, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() - COMMIT_LAG_MS)
  const { due, alerts } = await computeAlerts(ctx.db, ctx.index, until)
  if (!due.length) return 0
  let mails = 0
  for (const a of alerts) {
    // Recorded first: a crash after this never mails the same listing twice (at most one alert is lost).
    const inserted = await ctx.db.insert(savedSearchHits).values(a.listingIds.map((listingId) => ({ savedSearchId: a.searchId, listingId })))
      .onConflictDoNothing().returning({ id: savedSearchHits.listingId })
    const ids = a.listingIds.filter((id) => inserted.some((r) => r.id === id))
    if (!ids.length) continue
    await deliver(ctx, a.searchId, ids)
    mails++
  }
  // Move every due search's window on (also those with nothing new); the next alert after its period.
  for (const d of due) {
    await ctx.db.update(savedSearches).set({
      checkedUntil: until,
      nextAlertAt: nextAlertAfter(now, d.period),
      ...(alerts.some((a) => a.searchId === d.id) ? { lastAlertAt: now } : {}),
    }).where(and(eq(savedSearches.id, d.id), eq(savedSearches.notification, true)))
  }
  return mails
}

async function deliver(ctx: AlertContext, searchId: number, ids: number[]): Promise<void> {
  const [s] = await ctx.db.select({
    name: savedSearches.name, filters: savedSearches.filters, token: savedSearches.unsubscribeToken,
    source: savedSearches.sourceListingId, userId: users.id, email: users.email, userName: users.name,
  }).from(savedSearches).innerJoin(users, eq(users.id, savedSearches.userId)).where(eq(savedSearches.id, searchId))
  if (!s) return
  const cards = await mailCards(ctx, ids.slice(0, CARDS_PER_MAIL))
  const base = ctx.publicUrl
  const allUrl = `${base}${savedSearchUrl(s.filters)}`
  await ctx.send(savedSearchAlertMail({
    to: s.email, name: s.userName, searchName: s.name, total: ids.length, cards, allUrl,
    unsubscribeUrl: `${base}/wypisz?token=${encodeURIComponent(s.token)}`, wanted: s.source !== null,
  }))
  await notifyMany(ctx.db, [{
    userId: s.userId, type: 'info',
    message: `${ids.length} ${plural(ids.length, ['nowe ogłoszenie', 'nowe ogłoszenia', 'nowych ogłoszeń'])} dla wyszukiwania „${s.name}”`,
    link: savedSearchUrl(s.filters),
  }])
}

async function mailCards(ctx: AlertContext, ids: number[]): Promise<MailCard[]> {
  if (!ids.length) return []
  const rows = rowsOf<Record<string, unknown>>(await ctx.db.execute(sql`select ${SUMMARY_COLUMNS}, false as promoted, ${PHOTO_COLUMNS}
    from listings l ${FIRST_PHOTO_JOIN} where l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`))
  const order = new Map(ids.map((id, i) => [id, i]))
  return rows.map((r) => ({ s: summaryOf(r), key: r.storage_key as string | null }))
    .sort((a, b) => order.get(a.s.id)! - order.get(b.s.id)!)
    .map(({ s, key }) => ({
      url: `${ctx.publicUrl}/ogloszenia/${s.slug}`,
      title: s.title,
      photo: key ? `${ctx.publicUrl}${photoUrl(key, 'sm')}` : null,
      price: formatPrice(s.price),
      pricePerM2: s.area ? formatPricePerM2(s.price, s.area) : null,
      area: s.area ? formatArea(s.area) : null,
      rooms: s.rooms ? `${s.rooms} ${plural(s.rooms, ['pokój', 'pokoje', 'pokoi'])}` : null,
      place: s.location_name,
    }))
}
