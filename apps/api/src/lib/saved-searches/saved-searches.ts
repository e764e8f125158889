import { randomBytes } from 'node:crypto'
import { placeById } from '@portal/contracts/catalogue/regions'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { savedSearches, type Db } from '@portal/db'
import {
  filtersQuery, savedSearchName, savedSearchParams, savedSearchUrl, type SavedSearch,
} from '@portal/contracts/saved-searches'
import type { SearchIndex } from '../search/index/index.ts'
import { createMatcher, listingsLiveBetween } from './match.ts'
import { findSearchInvestment } from '../search/investment.ts'

/** 'województwo mazowieckie', 'Mokotów (Warszawa)' for a place of `lokalizacje` (decision 069). */
const placeLabel = (id: string) => placeById(id)?.label ?? id

/** The names of the investments these searches follow (`inwestycja`, decision 077), by the id they keep. */
async function investmentNames(db: Db, filters: Record<string, string>[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const f of filters) {
    const id = filtersQuery(f).investment
    if (id && !out.has(id)) { const inv = await findSearchInvestment(db, id); if (inv) out.set(id, inv.name) }
  }
  return out
}

/** A user's saved searches (`/api/favorite-filters`); wanted-ad searches (source_listing_id) are not listed. */
export type SavedSearchRow = typeof savedSearches.$inferSelect

export const newUnsubscribeToken = () => `ss_${randomBytes(24).toString('base64url')}`
const DAY_MS = 24 * 3600_000

/** When the next alert is due: at once for period 0, else one period after `from`. */
export const nextAlertAfter = (from: Date, period: number) => new Date(from.getTime() + period * DAY_MS)

export async function createSavedSearch(db: Db, userId: number, v: {
  filters: Record<string, string>; period: number; notification: boolean; name?: string
}): Promise<SavedSearchRow> {
  const now = new Date()
  const q = filtersQuery(v.filters)
  const investment = q.investment ? (await investmentNames(db, [v.filters])).get(q.investment) : undefined
  const [row] = await db.insert(savedSearches).values({
    userId, filters: v.filters, period: v.period, notification: v.notification,
    name: v.name || savedSearchName(q, placeLabel, investment),
    unsubscribeToken: newUnsubscribeToken(),
    checkedUntil: now, lastSeenAt: now,
    nextAlertAt: v.notification ? nextAlertAfter(now, v.period) : null,
  }).returning()
  return row!
}

export async function findOwn(db: Db, userId: number, id: number): Promise<SavedSearchRow | undefined> {
  const [row] = await db.select().from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId), isNull(savedSearches.sourceListingId))).limit(1)
  return row
}

/** Switching alerts on starts counting from now (no mail about what was published while they were off). */
export async function updateSavedSearch(db: Db, row: SavedSearchRow, v: {
  notification?: boolean; period?: number; name?: string; seen?: boolean
}): Promise<void> {
  const notification = v.notification ?? row.notification
  const period = v.period ?? row.period
  const now = new Date()
  const turnedOn = notification && !row.notification
  const set: Partial<typeof savedSearches.$inferInsert> = { notification, period }
  if (v.name) set.name = v.name
  if (v.seen) set.lastSeenAt = now
  if (!notification) set.nextAlertAt = null
  else if (turnedOn) { set.checkedUntil = now; set.nextAlertAt = nextAlertAfter(now, period) }
  else if (period !== row.period) set.nextAlertAt = nextAlertAfter(row.lastAlertAt ?? row.createdAt, period)
  await db.update(savedSearches).set(set).where(eq(savedSearches.id, row.id))
}

export async function deleteSavedSearch(db: Db, id: number): Promise<void> {
  await db.delete(savedSearches).where(eq(savedSearches.id, id))
}

/** One-click unsubscribe from a mail: alerts off. The search's name, or null for an unknown token. */
export async function unsubscribeSavedSearch(db: Db, token: string): Promise<string | null> {
  const [row] = await db.update(savedSearches).set({ notification: false, nextAlertAt: null })
    .where(eq(savedSearches.unsubscribeToken, token)).returning({ name: savedSearches.name })
  return row?.name ?? null
}

/** Newest new-listing window the list counts over (older visits count up to this many days back). */
const NEW_COUNT_DAYS = 30

/** The user's saved searches, newest first, each with the number of matching listings published since last seen. */
export async function listSavedSearches(db: Db, index: SearchIndex | undefined, userId: number, page: number, perPage: number): Promise<{ data: SavedSearch[]; total: number }> {
  const where = and(eq(savedSearches.userId, userId), isNull(savedSearches.sourceListingId))
  const [rows, counted] = await Promise.all([
    db.select().from(savedSearches).where(where).orderBy(desc(savedSearches.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(savedSearches).where(where),
  ])
  const [counts, investments] = await Promise.all([newCounts(db, index, userId, rows), investmentNames(db, rows.map((r) => r.filters))])
  return {
    total: Number(counted[0]?.n ?? 0),
    data: rows.map((r) => ({
      id: r.id, name: r.name, filters: r.filters, params: savedSearchParams(filtersQuery(r.filters), placeLabel, investments.get(filtersQuery(r.filters).investment ?? '')),
      period: r.period, notification: r.notification, email_notifications: r.notification,
      url: savedSearchUrl(r.filters), new_count: counts.get(r.id) ?? 0, created_at: new Date(r.createdAt).toISOString(),
    })),
  }
}

/** Matching listings live since each search's last visit (the same engine as the alerts); the user's own excluded. */
async function newCounts(db: Db, index: SearchIndex | undefined, userId: number, rows: SavedSearchRow[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (!rows.length) return out
  const now = new Date()
  const floor = now.getTime() - NEW_COUNT_DAYS * DAY_MS
  const since = new Date(Math.max(floor, Math.min(...rows.map((r) => new Date(r.lastSeenAt).getTime()))))
  const fresh = (await listingsLiveBetween(db, since, now)).filter((l) => l.userId !== userId)
  if (!fresh.length) return out
  const match = await createMatcher(db, index, now.getTime())
  for (const r of rows) {
    const seen = new Date(r.lastSeenAt).getTime()
    const ids = fresh.filter((l) => l.liveAt > seen).map((l) => l.id)
    out.set(r.id, ids.length ? (await match(filtersQuery(r.filters), ids)).length : 0)
  }
  return out
}

export const touchSeen = (db: Db, id: number) => db.update(savedSearches).set({ lastSeenAt: sql`now()` }).where(eq(savedSearches.id, id))
