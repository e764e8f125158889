import type { FastifyInstance } from 'fastify'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { listingSuspensions, listings, sessions, users, type DbHandle } from '@portal/db'
import { ADMIN_MESSAGES, isAdmin, type AssignableRole } from '@portal/contracts/admin'
import { HttpError } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'
import { audit, type Actor } from '../admin/audit.ts'
import type { UserRow } from '../accounts/guard.ts'
import { accountBlockedMail, accountUnblockedMail } from '../../mail/moderation-templates.ts'
import { mailSafely } from './decisions.ts'

/**
 * Blocking (issue 13): the account cannot log in (its sessions end now), its listings leave every public read by
 * becoming 'suspended' (the status each had is kept in listing_suspensions), nothing is deleted. Unblocking
 * restores every listing's status. Moderators may block ordinary users; staff accounts only an admin.
 */
const VISIBLE_STATUSES = ['active', 'pending', 'awaiting_payment'] as const

const userSnapshot = (u: Pick<UserRow, 'roles' | 'blockedAt' | 'blockedReason'>) => ({
  roles: u.roles, blocked_at: u.blockedAt ? new Date(u.blockedAt).toISOString() : null, blocked_reason: u.blockedReason ?? null,
})

export async function userById(db: DbHandle, id: number): Promise<UserRow> {
  const [u] = await db.db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!u) throw new HttpError(404, 'not_found', 'Nie ma takiego użytkownika.')
  return u
}

function checkTarget(actor: UserRow, target: UserRow) {
  if (actor.id === target.id) throw new HttpError(409, 'conflict', ADMIN_MESSAGES.notYourself)
  const targetStaff = target.roles.includes('admin') || target.roles.includes('mod')
  if (targetStaff && !isAdmin(actor.roles)) throw new HttpError(403, 'forbidden', ADMIN_MESSAGES.staffProtected)
}

/** Suspends the user's visible listings; returns how many. Used by block and by the reports queue. */
export async function blockUser(app: FastifyInstance, actor: UserRow, targetId: number, reason: string | null): Promise<{ suspended: number }> {
  const target = await userById(app.db, targetId)
  checkTarget(actor, target)
  if (target.blockedAt) throw new HttpError(409, 'conflict', ADMIN_MESSAGES.alreadyBlocked)
  const suspended = await inTransaction(app.db, async (tx) => blockInTx(tx, actor, target, reason))
  await mailSafely(app, accountBlockedMail({ to: target.email, name: target.name, reason }))
  return { suspended }
}

export async function blockInTx(tx: DbHandle, actor: Actor, target: UserRow, reason: string | null): Promise<number> {
  const [blocked] = await tx.db.update(users).set({ blockedAt: new Date(), blockedReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, target.id)).returning()
  const rows = await tx.db.select({ id: listings.id, status: listings.status }).from(listings)
    .where(and(eq(listings.userId, target.id), inArray(listings.status, [...VISIBLE_STATUSES])))
  if (rows.length) {
    await tx.db.insert(listingSuspensions).values(rows.map((r) => ({ listingId: r.id, userId: target.id, previousStatus: r.status })))
      .onConflictDoNothing()
    await tx.db.update(listings).set({ status: 'suspended', updatedAt: sql`now()` }).where(inArray(listings.id, rows.map((r) => r.id)))
  }
  await tx.db.delete(sessions).where(eq(sessions.userId, target.id))
  await audit(tx, actor, {
    action: 'user.block', targetType: 'user', targetId: target.id, before: userSnapshot(target),
    after: { ...userSnapshot(blocked!), suspended_listings: rows.length }, note: reason,
  })
  return rows.length
}

export async function unblockUser(app: FastifyInstance, actor: UserRow, targetId: number): Promise<{ restored: number }> {
  const target = await userById(app.db, targetId)
  checkTarget(actor, target)
  if (!target.blockedAt) throw new HttpError(409, 'conflict', ADMIN_MESSAGES.notBlocked)
  const restored = await inTransaction(app.db, async (tx) => {
    const [after] = await tx.db.update(users).set({ blockedAt: null, blockedReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, target.id)).returning()
    const rows = await tx.db.select().from(listingSuspensions).where(eq(listingSuspensions.userId, target.id))
    for (const r of rows) {
      await tx.db.update(listings).set({ status: r.previousStatus as never, updatedAt: sql`now()` })
        .where(and(eq(listings.id, r.listingId), eq(listings.status, 'suspended')))
    }
    await tx.db.delete(listingSuspensions).where(eq(listingSuspensions.userId, target.id))
    await audit(tx, actor, {
      action: 'user.unblock', targetType: 'user', targetId: target.id, before: userSnapshot(target),
      after: { ...userSnapshot(after!), restored_listings: rows.length },
    })
    return rows.length
  })
  await mailSafely(app, accountUnblockedMail({ to: target.email, name: target.name }))
  return { restored }
}

/** Admin only (checked by the route): the staff role is replaced, other roles (company, agent) are kept. */
export async function setRole(db: DbHandle, actor: UserRow, targetId: number, role: AssignableRole): Promise<UserRow> {
  const target = await userById(db, targetId)
  if (actor.id === target.id) throw new HttpError(409, 'conflict', ADMIN_MESSAGES.notYourself)
  const kept = target.roles.filter((r) => r !== 'admin' && r !== 'mod' && r !== 'user')
  const roles = role === 'user' ? (kept.length ? kept : ['user']) : [...new Set([role, ...kept])]
  return inTransaction(db, async (tx) => {
    const [after] = await tx.db.update(users).set({ roles, updatedAt: sql`now()` }).where(eq(users.id, target.id)).returning()
    // A privilege change ends the account's sessions (a demoted moderator is out at once; a promoted one logs in anew).
    await tx.db.delete(sessions).where(eq(sessions.userId, target.id))
    await audit(tx, actor, { action: 'user.role', targetType: 'user', targetId: target.id, before: { roles: target.roles }, after: { roles: after!.roles } })
    return after!
  })
}
