import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { listingMeta, listingModeration, listings, users, type DbHandle } from '@portal/db'
import { ADMIN_MESSAGES } from '@portal/contracts/admin'
import { HttpError } from '../http/errors.ts'
import { findListing, listingNotFound, type ListingRow } from '../listings/access.ts'
import { expiryFrom } from '../listings/lifecycle.ts'
import { inTransaction } from '../http/transaction.ts'
import { audit, type Actor } from '../admin/audit.ts'
import { listingApprovedMail, listingEndedByModeratorMail, listingRejectedMail } from '../../mail/moderation-templates.ts'
import type { Mail } from '../../mail/mailer.ts'
import { notify } from '../notifications/notifications.ts'
import { approvedNotice, rejectedNotice } from './notices.ts'

/**
 * The moderators' decisions on a queued listing (state machine in lib/listings/review.ts):
 *   approve: pending → active (30 days from now; an approved content edit keeps the running days); active stays.
 *   reject(note): pending/active/expired → rejected; the owner sees 'Odrzucone - {note}' and may edit, which queues
 *   it again. Every decision writes an audit row and tells the owner by mail and on the bell (lib/moderation/notices.ts).
 */
const snapshot = (l: Pick<ListingRow, 'status' | 'title' | 'expiresAt'>, m?: { state: string; note: string | null } | null) => ({
  status: l.status, title: l.title, expires_at: l.expiresAt ? new Date(l.expiresAt).toISOString() : null,
  moderation: m ? { state: m.state, note: m.note } : null,
})

async function ownerOf(db: DbHandle, userId: number) {
  const [o] = await db.db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1)
  return o!
}

async function queued(db: DbHandle, id: number) {
  const found = await findListing(db, String(id))
  if (!found) throw listingNotFound()
  const [m] = await db.db.select().from(listingModeration).where(eq(listingModeration.listingId, id)).limit(1)
  if (!m || m.state !== 'queued') throw new HttpError(409, 'conflict', ADMIN_MESSAGES.notQueued)
  return { listing: found.listing, m }
}

async function mailSafely(app: FastifyInstance, mail: Mail) {
  try {
    await app.mailer.send(mail)
  } catch (err) {
    app.log.error({ err, to: mail.to }, 'moderation mail could not be queued')
  }
}

export async function approveListing(app: FastifyInstance, actor: Actor, id: number) {
  const db = app.db
  const { listing, m } = await queued(db, id)
  const live = !listing.visibleFrom || new Date(listing.visibleFrom).getTime() <= Date.now()
  const after = await inTransaction(db, async (tx) => {
    let expiresAt = listing.expiresAt
    if (listing.status === 'pending') {
      const running = m.reason === 'edit' && listing.expiresAt && new Date(listing.expiresAt).getTime() > Date.now()
      expiresAt = running ? listing.expiresAt : expiryFrom(listing.visibleFrom)
      await tx.db.update(listings).set({ status: 'active', expiresAt, updatedAt: sql`now()` }).where(eq(listings.id, id))
      await tx.db.insert(listingMeta).values({ listingId: id, publishedAt: new Date() })
        .onConflictDoUpdate({ target: listingMeta.listingId, set: { publishedAt: sql`coalesce(${listingMeta.publishedAt}, now())` } })
    }
    await tx.db.update(listingModeration).set({ state: 'approved', note: null, decidedAt: new Date(), decidedBy: actor.id })
      .where(eq(listingModeration.listingId, id))
    const status = listing.status === 'pending' ? 'active' : listing.status
    const after = snapshot({ ...listing, status, expiresAt }, { state: 'approved', note: null })
    await audit(tx, actor, { action: 'listing.approve', targetType: 'listing', targetId: id, before: snapshot(listing, m), after })
    await notify(tx, listing.userId, approvedNotice(listing, live))
    return { status, state: 'approved', note: null }
  })
  // 'Już jest na portalu' only when approving put it there: a listing that was already visible (post-moderation,
  // an edit of a live one) was announced when it went live.
  if (listing.status !== 'pending') return { id, ...after }
  const owner = await ownerOf(db, listing.userId)
  await mailSafely(app, listingApprovedMail({ to: owner.email, name: owner.name, title: listing.title, url: `${app.env.PUBLIC_URL}/ogloszenia/${listing.slug}`, live }))
  return { id, ...after }
}

export async function rejectListing(app: FastifyInstance, actor: Actor, id: number, note: string) {
  const db = app.db
  const { listing, m } = await queued(db, id)
  await inTransaction(db, async (tx) => {
    await tx.db.update(listings).set({ status: 'rejected', updatedAt: sql`now()` }).where(eq(listings.id, id))
    await tx.db.update(listingModeration).set({ state: 'rejected', note, decidedAt: new Date(), decidedBy: actor.id })
      .where(eq(listingModeration.listingId, id))
    await audit(tx, actor, {
      action: 'listing.reject', targetType: 'listing', targetId: id, before: snapshot(listing, m),
      after: snapshot({ ...listing, status: 'rejected' }, { state: 'rejected', note }), note,
    })
    await notify(tx, listing.userId, rejectedNotice(listing, note))
  })
  const owner = await ownerOf(db, listing.userId)
  await mailSafely(app, listingRejectedMail({
    to: owner.email, name: owner.name, title: listing.title, note,
    editUrl: `${app.env.PUBLIC_URL}/moje-ogloszenia/edytuj-ogloszenie/${listing.slug}`,
  }))
  return { id, status: 'rejected', state: 'rejected', note }
}

/**
 * Ends a listing for a moderator (from the reports queue): status ended, and the moderation row says rejected with
 * the note, so the owner cannot simply renew it (renew checks `isModeratorEnded`).
 */
export async function endListingByModerator(tx: DbHandle, actor: Actor, listing: ListingRow, note: string | null) {
  const [m] = await tx.db.select().from(listingModeration).where(eq(listingModeration.listingId, listing.id)).limit(1)
  const text = note || 'Zakończone przez moderatora po zgłoszeniach.'
  await tx.db.update(listings).set({ status: 'ended', updatedAt: sql`now()` }).where(eq(listings.id, listing.id))
  await tx.db.insert(listingMeta).values({ listingId: listing.id, endedAt: new Date() })
    .onConflictDoUpdate({ target: listingMeta.listingId, set: { endedAt: new Date() } })
  await tx.db.insert(listingModeration).values({ listingId: listing.id, state: 'rejected', mode: m?.mode ?? 'post', reason: m?.reason ?? 'new', note: text, decidedAt: new Date(), decidedBy: actor.id })
    .onConflictDoUpdate({ target: listingModeration.listingId, set: { state: 'rejected', note: text, decidedAt: new Date(), decidedBy: actor.id } })
  await audit(tx, actor, {
    action: 'listing.end', targetType: 'listing', targetId: listing.id, before: snapshot(listing, m),
    after: snapshot({ ...listing, status: 'ended' }, { state: 'rejected', note: text }), note,
  })
}

export async function mailOwnerEnded(app: FastifyInstance, listing: ListingRow, note: string | null) {
  const owner = await ownerOf(app.db, listing.userId)
  await mailSafely(app, listingEndedByModeratorMail({ to: owner.email, name: owner.name, title: listing.title, note }))
}

export { mailSafely, ownerOf }

/** Queue size (for the dashboard and the admin menu badge). */
export async function queueCount(db: DbHandle): Promise<{ n: number; oldest: Date | null }> {
  const [r] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number), oldest: sql<Date | null>`min(${listingModeration.queuedAt})` })
    .from(listingModeration).innerJoin(listings, eq(listings.id, listingModeration.listingId))
    .where(and(eq(listingModeration.state, 'queued')))
  return { n: r?.n ?? 0, oldest: r?.oldest ? new Date(r.oldest) : null }
}

