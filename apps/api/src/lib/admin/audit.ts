import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { adminAudit, type DbHandle } from '@portal/db'
import type { AuditEntry } from '@portal/contracts/admin'

export interface Actor { id: number; email: string }
export interface AuditInput {
  action: string
  targetType: string
  targetId?: string | number | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  note?: string | null
}

/** Writes one audit row; callers run it in the same transaction as the change it records. */
export async function audit(db: DbHandle, actor: Actor, e: AuditInput): Promise<void> {
  await db.db.insert(adminAudit).values({
    actorId: actor.id, actorEmail: actor.email, action: e.action, targetType: e.targetType,
    targetId: e.targetId == null ? null : String(e.targetId), before: e.before ?? null, after: e.after ?? null, note: e.note ?? null,
  })
}

type Row = typeof adminAudit.$inferSelect
export const toAuditEntry = (r: Row): AuditEntry => ({
  id: r.id, actor_id: r.actorId, actor_email: r.actorEmail, action: r.action, target_type: r.targetType,
  target_id: r.targetId, before: r.before ?? null, after: r.after ?? null, note: r.note,
  created_at: new Date(r.createdAt).toISOString(),
})

export interface AuditFilter { actor?: string; action?: string; target_type?: string; target_id?: string; from?: string; to?: string }

/** Newest first; actor matches an e-mail fragment or an id; from/to are Polish calendar days (to inclusive). */
export async function listAudit(db: DbHandle, f: AuditFilter, page: number, perPage: number) {
  const where: SQL[] = []
  if (f.actor) {
    const like = `%${f.actor.replace(/[%_\\]/g, '')}%`
    where.push(/^\d{1,9}$/.test(f.actor) ? or(eq(adminAudit.actorId, Number(f.actor)), ilike(adminAudit.actorEmail, like))! : ilike(adminAudit.actorEmail, like))
  }
  if (f.action) where.push(f.action.endsWith('.') ? ilike(adminAudit.action, `${f.action.replace(/[%_\\]/g, '')}%`) : eq(adminAudit.action, f.action))
  if (f.target_type) where.push(eq(adminAudit.targetType, f.target_type))
  if (f.target_id) where.push(eq(adminAudit.targetId, f.target_id))
  if (f.from) where.push(gte(adminAudit.createdAt, sql`(${f.from}::date)::timestamp AT TIME ZONE 'Europe/Warsaw'`))
  if (f.to) where.push(lt(adminAudit.createdAt, sql`((${f.to}::date + 1)::timestamp) AT TIME ZONE 'Europe/Warsaw'`))
  const cond = where.length ? and(...where) : undefined
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(adminAudit).where(cond)
  const rows = await db.db.select().from(adminAudit).where(cond).orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(perPage).offset((page - 1) * perPage)
  return { data: rows.map(toAuditEntry), total: n, page, per_page: perPage, last_page: Math.max(1, Math.ceil(n / perPage)) }
}
