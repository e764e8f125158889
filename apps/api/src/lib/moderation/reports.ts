import type { FastifyInstance } from 'fastify'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { listings, reports, users, type DbHandle } from '@portal/db'
import { ADMIN_MESSAGES, type ReportAction, type ReportGroup } from '@portal/contracts/admin'
import { REPORT_REASON_LABELS } from '@portal/contracts/offer'
import { HttpError } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'
import { findListing, listingNotFound } from '../listings/access.ts'
import { audit } from '../admin/audit.ts'
import type { UserRow } from '../accounts/guard.ts'
import { ownerWarningMail, reporterToldMail, accountBlockedMail } from '../../mail/moderation-templates.ts'
import { endListingByModerator, mailOwnerEnded, mailSafely, ownerOf } from './decisions.ts'
import { blockInTx, userById } from './users.ts'
import { notify } from '../notifications/notifications.ts'
import { notifyReporters, ownerReportNotice } from './notices.ts'

/**
 * The reports queue: open reports grouped by listing (most reported first, then oldest), and one action per
 * listing that closes all its open reports — end the listing, warn or block the owner, or dismiss. Each reporter
 * with an account is told the outcome by mail and on the bell (a guest's report carries no address); an owner who
 * is warned or whose listing is ended hears on the bell too.
 */
export async function reportGroups(db: DbHandle, page: number, perPage: number) {
  const open = eq(reports.status, 'open')
  const [{ n }] = await db.db.select({ n: sql<number>`count(DISTINCT ${reports.listingId})`.mapWith(Number) }).from(reports).where(open)
  const groups = await db.db.select({
    listingId: reports.listingId, count: sql<number>`count(*)`.mapWith(Number),
    first: sql<string>`min(${reports.createdAt})`, last: sql<string>`max(${reports.createdAt})`,
  }).from(reports).where(open).groupBy(reports.listingId)
    .orderBy(desc(sql`count(*)`), sql`min(${reports.createdAt})`).limit(perPage).offset((page - 1) * perPage)
  const ids = groups.map((g) => g.listingId)
  const ls = ids.length ? await db.db.select({
    id: listings.id, slug: listings.slug, title: listings.title, status: listings.status, ownerId: users.id,
    ownerName: users.name, ownerEmail: users.email, blockedAt: users.blockedAt,
  }).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(inArray(listings.id, ids)) : []
  const rs = ids.length ? await db.db.select({
    id: reports.id, listingId: reports.listingId, reason: reports.reason, message: reports.message, createdAt: reports.createdAt,
    reporter: users.email,
  }).from(reports).leftJoin(users, eq(users.id, reports.reporterUserId))
    .where(and(open, inArray(reports.listingId, ids))).orderBy(desc(reports.createdAt)) : []
  const byId = new Map(ls.map((l) => [l.id, l]))
  const data: ReportGroup[] = groups.map((g) => {
    const l = byId.get(g.listingId)!
    return {
      listing: { id: l.id, slug: l.slug, title: l.title, status: l.status, owner_id: l.ownerId, owner_name: l.ownerName, owner_email: l.ownerEmail, owner_blocked: !!l.blockedAt },
      count: g.count, first_at: new Date(g.first).toISOString(), last_at: new Date(g.last).toISOString(),
      reports: rs.filter((r) => r.listingId === g.listingId).slice(0, 50).map((r) => ({
        id: r.id, reason: r.reason, reason_label: REPORT_REASON_LABELS[r.reason] ?? r.reason, message: r.message,
        created_at: new Date(r.createdAt).toISOString(), reporter: r.reporter ?? null,
      })),
    }
  })
  return { data, total: n, page, per_page: perPage, last_page: Math.max(1, Math.ceil(n / perPage)) }
}

export async function openReportCount(db: DbHandle): Promise<number> {
  const [r] = await db.db.select({ n: sql<number>`count(DISTINCT ${reports.listingId})`.mapWith(Number) }).from(reports).where(eq(reports.status, 'open'))
  return r?.n ?? 0
}

export async function actOnReports(app: FastifyInstance, actor: UserRow, listingId: number, action: ReportAction, note: string | null) {
  const found = await findListing(app.db, String(listingId))
  if (!found) throw listingNotFound()
  const { listing } = found
  const open = await app.db.db.select({ id: reports.id, reporterId: reports.reporterUserId }).from(reports)
    .where(and(eq(reports.listingId, listingId), eq(reports.status, 'open')))
  if (!open.length) throw new HttpError(409, 'conflict', ADMIN_MESSAGES.noOpenReports)
  const owner = await userById(app.db, listing.userId)
  if (action === 'block' && owner.id === actor.id) throw new HttpError(409, 'conflict', ADMIN_MESSAGES.notYourself)
  if (action === 'block' && (owner.roles.includes('admin') || owner.roles.includes('mod')) && !actor.roles.includes('admin')) {
    throw new HttpError(403, 'forbidden', ADMIN_MESSAGES.staffProtected)
  }
  const resolution = action === 'end' ? 'ended' : action === 'warn' ? 'warned' : action === 'block' ? 'blocked' : 'dismissed'
  await inTransaction(app.db, async (tx) => {
    if (action === 'end') await endListingByModerator(tx, actor, listing, note)
    if (action === 'block' && !owner.blockedAt) await blockInTx(tx, actor, owner, note)
    if (action === 'warn' || action === 'dismiss') {
      await audit(tx, actor, {
        action: action === 'warn' ? 'reports.warn' : 'reports.dismiss', targetType: 'listing', targetId: listingId,
        before: { open_reports: open.length }, after: { open_reports: 0, resolution }, note,
      })
    }
    await tx.db.update(reports).set({ status: action === 'dismiss' ? 'dismissed' : 'resolved', resolution, resolvedAt: new Date(), resolvedBy: actor.id })
      .where(inArray(reports.id, open.map((r) => r.id)))
    const ownerNotice = ownerReportNotice(listing, action, note)
    if (ownerNotice) await notify(tx, owner.id, ownerNotice)
    await notifyReporters(tx, open.map((r) => r.reporterId).filter((v): v is number => v != null), listing, action)
  })
  if (action === 'end') await mailOwnerEnded(app, listing, note)
  if (action === 'warn') {
    const o = await ownerOf(app.db, listing.userId)
    await mailSafely(app, ownerWarningMail({ to: o.email, name: o.name, title: listing.title, note }))
  }
  if (action === 'block' && !owner.blockedAt) await mailSafely(app, accountBlockedMail({ to: owner.email, name: owner.name, reason: note }))
  // Each reporter with an account hears the outcome once, however many reports they sent.
  const reporterIds = [...new Set(open.map((r) => r.reporterId).filter((v): v is number => v != null))]
  const reporters = reporterIds.length ? await app.db.db.select({ email: users.email, name: users.name }).from(users).where(inArray(users.id, reporterIds)) : []
  for (const r of reporters) await mailSafely(app, reporterToldMail({ to: r.email, name: r.name, title: listing.title, action }))
  return { resolved: open.length, told: reporters.length }
}
