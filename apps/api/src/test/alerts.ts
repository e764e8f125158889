import { eq } from 'drizzle-orm'
import { listings, savedSearches } from '@portal/db'
import { activateListing } from '../lib/listings/lifecycle.ts'
import type { AlertContext } from '../lib/saved-searches/alerts.ts'
import { insertListings, type createTestApp } from './helpers.ts'

/** Saved-search alert tests: a search due now, listings that went live a moment ago, the job's context. */
type T = Awaited<ReturnType<typeof createTestApp>>

/**
 * The search's window starts `ms` ago, and its alert is due: the run's 10 s commit lag then lets in listings
 * published since (see `publishListings`).
 */
export async function makeAlertDue(t: T, id: number, ms = 120_000) {
  const past = new Date(Date.now() - ms)
  await t.db.db.update(savedSearches).set({ checkedUntil: past, nextAlertAt: past, lastSeenAt: past }).where(eq(savedSearches.id, id))
}

/** Inserts the listings as drafts, activates them as moderation would, and dates their publication `seconds` back. */
export async function publishListings(t: T, rows: Parameters<typeof insertListings>[1], seconds = 60): Promise<number[]> {
  const ids = await insertListings(t.db, rows.map((r) => ({ status: 'draft', ...r })))
  for (const id of ids) {
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, id))
    await activateListing(t.db, l!)
  }
  await t.db.exec(`UPDATE listing_meta SET published_at = now() - interval '${seconds} seconds' WHERE listing_id IN (${ids.join(', ')})`)
  return ids
}

/** What the alerts job runs with, mailing through the app's mailer. */
export const alertContext = (t: T, publicUrl = 'https://portal.test') =>
  ({ db: t.db.db, index: t.app.searchIndex, publicUrl, send: (m) => t.app.mailer.send(m) }) satisfies AlertContext
