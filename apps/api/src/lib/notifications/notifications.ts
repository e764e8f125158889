import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { notifications, type Db, type DbHandle } from '@portal/db'

/**
 * The bell (spec §2/§4/§7): notifications other domains create with `notify`, read by the user through
 * /api/user/notifications. Only unread ones are listed; reading one (or all) hides it.
 *
 *   import { notify } from '../notifications/notifications.ts'
 *   await notify(db, userId, { type: 'info', message: 'Nowa wiadomość od Jan Kowalski', link: '/wiadomosci/12' })
 *
 * `db` may be a transaction (inTransaction's handle): the notification then exists only if the change commits.
 * Messages are Polish, short (one line in a 300 px box) and should name the thing (listing title, sender).
 */
export type NotificationType = 'info' | 'warning'
export interface NewNotification {
  type?: NotificationType
  message: string
  /** A site path ('/ogloszenia/slug') or an absolute URL; opened in a new tab from the bell. */
  link?: string | null
}

export const NOTIFICATIONS_PER_PAGE = 10

/** Accepts a DbHandle (or inTransaction's) or a bare Drizzle database/transaction. */
export const dbOf = (db: DbHandle | Db): Db => ('driver' in db && 'exec' in db ? (db as DbHandle).db : db as Db)

/** Creates a bell notification for the user; returns its id. */
export async function notify(db: DbHandle | Db, userId: number, n: NewNotification): Promise<number> {
  const [row] = await dbOf(db).insert(notifications).values({
    userId, type: n.type ?? 'info', message: n.message.slice(0, 500), link: n.link ?? null,
  }).returning({ id: notifications.id })
  return row!.id
}

/** The same notification for many users at once (one insert). */
export async function notifyMany(db: DbHandle | Db, items: Array<{ userId: number } & NewNotification>): Promise<void> {
  if (!items.length) return
  await dbOf(db).insert(notifications).values(items.map((n) => ({
    userId: n.userId, type: n.type ?? 'info', message: n.message.slice(0, 500), link: n.link ?? null,
  })))
}

export interface NotificationView { id: number; type: NotificationType; message: string; link: string | null; created_at: string }

/** Unread notifications, newest first, one page; with the unread total. */
export async function unreadPage(db: Db, userId: number, page = 1, perPage = NOTIFICATIONS_PER_PAGE): Promise<{ data: NotificationView[]; total: number }> {
  const where = and(eq(notifications.userId, userId), isNull(notifications.readAt))
  const [rows, counted] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(where),
  ])
  return {
    total: Number(counted[0]?.n ?? 0),
    data: rows.map((r) => ({ id: r.id, type: r.type, message: r.message, link: r.link, created_at: new Date(r.createdAt).toISOString() })),
  }
}

/** Marks every unread notification of the user read; returns how many. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))).returning({ id: notifications.id })
  return rows.length
}

/** Marks one of the user's notifications read: false when it is not theirs or does not exist (already read is fine). */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ readAt: notifications.readAt }).from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId))).limit(1)
  if (!row) return false
  if (!row.readAt) await db.update(notifications).set({ readAt: sql`now()` }).where(eq(notifications.id, id))
  return true
}
