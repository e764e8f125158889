import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { adminAudit, listings, reports, users, type DbHandle } from '@portal/db'
import type { AdminUser, AdminUserDetail } from '@portal/contracts/admin'
import { toAuditEntry } from './audit.ts'

type UserRow = typeof users.$inferSelect
const listingCount = sql<number>`(SELECT count(*) FROM "listings" l WHERE l."user_id" = "users"."id")`.mapWith(Number)

const toAdminUser = (u: UserRow, n: number): AdminUser => ({
  id: u.id, name: u.name, email: u.email, type: u.type, roles: u.roles, created_at: new Date(u.createdAt).toISOString(),
  blocked_at: u.blockedAt ? new Date(u.blockedAt).toISOString() : null, blocked_reason: u.blockedReason ?? null,
  verified: !!u.emailVerifiedAt, listings: n,
})

/** Search by e-mail, name, phone fragment or exact id; filter by role and blocked; newest accounts first. */
export async function searchUsers(db: DbHandle, f: { q?: string; role?: string; blocked?: '1' | '0' }, page: number, perPage: number) {
  const where: SQL[] = [isNull(users.deletedAt)]
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, '')}%`
    const text = or(ilike(users.email, like), ilike(users.name, like), ilike(users.phone, like))!
    where.push(/^\d{1,9}$/.test(f.q) ? or(eq(users.id, Number(f.q)), text)! : text)
  }
  if (f.role) where.push(sql`${f.role} = ANY(${users.roles})`)
  if (f.blocked === '1') where.push(isNotNull(users.blockedAt))
  if (f.blocked === '0') where.push(isNull(users.blockedAt))
  const cond = and(...where)
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(cond)
  const rows = await db.db.select({ u: users, n: listingCount }).from(users).where(cond)
    .orderBy(desc(users.createdAt), desc(users.id)).limit(perPage).offset((page - 1) * perPage)
  return { data: rows.map((r) => toAdminUser(r.u, r.n)), total: n, page, per_page: perPage, last_page: Math.max(1, Math.ceil(n / perPage)) }
}

export async function userDetail(db: DbHandle, id: number): Promise<AdminUserDetail | null> {
  const [row] = await db.db.select({ u: users, n: listingCount }).from(users).where(eq(users.id, id)).limit(1)
  if (!row) return null
  const byStatus = await db.db.select({ status: listings.status, n: sql<number>`count(*)`.mapWith(Number) }).from(listings)
    .where(eq(listings.userId, id)).groupBy(listings.status)
  const [{ open }] = await db.db.select({ open: sql<number>`count(*)`.mapWith(Number) }).from(reports)
    .innerJoin(listings, eq(listings.id, reports.listingId)).where(and(eq(listings.userId, id), eq(reports.status, 'open')))
  const recent = await db.db.select({ id: listings.id, slug: listings.slug, title: listings.title, status: listings.status, createdAt: listings.createdAt })
    .from(listings).where(eq(listings.userId, id)).orderBy(desc(listings.createdAt)).limit(10)
  const log = await db.db.select().from(adminAudit).where(and(eq(adminAudit.targetType, 'user'), eq(adminAudit.targetId, String(id))))
    .orderBy(desc(adminAudit.createdAt)).limit(20)
  return {
    ...toAdminUser(row.u, row.n), phone: row.u.phone,
    listings_by_status: Object.fromEntries(byStatus.map((s) => [s.status, s.n])),
    open_reports: open,
    recent_listings: recent.map((l) => ({ id: l.id, slug: l.slug, title: l.title, status: l.status, created_at: new Date(l.createdAt).toISOString() })),
    audit: log.map(toAuditEntry),
  }
}
