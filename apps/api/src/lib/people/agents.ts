import { and, eq, isNull, sql } from 'drizzle-orm'
import { listings, users, type DbHandle } from '@portal/db'
import { AGENT_MESSAGES, AGENT_STATUS, profilePath, type Agent } from '@portal/contracts/people'
import { fieldError, notFound } from '../http/errors.ts'
import { avatarUrl } from '../accounts/profile.ts'
import type { UserRow } from '../accounts/guard.ts'
import { rowsOf } from '../search/sql.ts'
import { logListingChanges } from '../listings/changes.ts'
import { displayName } from './profile.ts'

/**
 * Agents of a company (users.agency_id = the company): invited by e-mail, active once they set a password. An agent's
 * listings belong to the company (listings.user_id) and name the agent (listings.agent_id), so removing the agent
 * leaves every listing with the company.
 */
export const isActiveAgent = (u: Pick<UserRow, 'emailVerifiedAt' | 'passwordHash'>) => !!(u.emailVerifiedAt && u.passwordHash)

export async function listAgents(db: DbHandle, companyId: number): Promise<Agent[]> {
  const rows = await db.db.select().from(users)
    .where(and(eq(users.agencyId, companyId), isNull(users.deletedAt))).orderBy(users.createdAt, users.id)
  if (!rows.length) return []
  const counts = rowsOf<{ agent_id: number; n: string | number }>(await db.db.execute(sql`
    select l.agent_id, count(*) as n from listings l where l.user_id = ${companyId} and l.agent_id is not null
      and l.status not in ('ended') group by l.agent_id`))
  const byId = new Map(counts.map((c) => [Number(c.agent_id), Number(c.n)]))
  return rows.map((r) => ({
    id: r.id, name: r.name, email: r.email, phone: r.phone, avatar: avatarUrl(r.avatar),
    status: isActiveAgent(r) ? AGENT_STATUS.active : AGENT_STATUS.inactive,
    created_at: new Date(r.createdAt).toISOString(), offers_count: byId.get(r.id) ?? 0, profile_url: profilePath(r.id, r.name),
  }))
}

/** The company's agent, or 404 (another company's agent is not revealed). */
export async function companyAgent(db: DbHandle, company: UserRow, idParam: string): Promise<UserRow> {
  if (!/^\d{1,9}$/.test(idParam)) throw notFound(AGENT_MESSAGES.notFound)
  const [row] = await db.db.select().from(users)
    .where(and(eq(users.id, Number(idParam)), eq(users.agencyId, company.id), isNull(users.deletedAt))).limit(1)
  if (!row) throw notFound(AGENT_MESSAGES.notFound)
  return row
}

/** A new, inactive agent account; 422 on `email` when the address has any account (deleted ones too). */
export async function createAgent(db: DbHandle, company: UserRow, input: { name: string; email: string; phone: string | null }): Promise<UserRow> {
  const [taken] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1)
  if (taken) throw fieldError('email', AGENT_MESSAGES.emailTaken)
  const rows = await db.db.insert(users).values({
    email: input.email, name: input.name, phone: input.phone, type: 'user', roles: ['agent'], agencyId: company.id,
    companyName: displayName(company), passwordHash: null, emailVerifiedAt: null,
    address: company.address?.city ? { city: company.address.city, street: null, zip_code: null, country: null } : null,
  }).onConflictDoNothing().returning()
  // A concurrent invitation of the same address won the unique index.
  if (!rows[0]) throw fieldError('email', AGENT_MESSAGES.emailTaken)
  return rows[0]
}

/**
 * Removes an agent: the listings naming them stay with the company (no longer naming anyone), listings the agent
 * owned themselves (before they joined, or made with the older model) move to the company; then the account goes.
 */
export async function removeAgent(db: DbHandle, company: UserRow, agent: UserRow): Promise<void> {
  const a = await db.db.update(listings).set({ agentId: null, updatedAt: sql`now()` }).where(eq(listings.agentId, agent.id)).returning({ id: listings.id })
  const b = await db.db.update(listings).set({ userId: company.id, updatedAt: sql`now()` }).where(eq(listings.userId, agent.id)).returning({ id: listings.id })
  // Agent and owner are not seen by the change-log triggers; their listings' cached pages name them.
  await logListingChanges(db, [...a, ...b].map((r) => r.id))
  await db.db.delete(users).where(and(eq(users.id, agent.id), eq(users.agencyId, company.id)))
}
