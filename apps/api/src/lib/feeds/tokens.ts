import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { apiTokens, users, type DbHandle } from '@portal/db'
import type { ApiToken } from '@portal/contracts/feeds'

/**
 * Partner API tokens (decision 025): `ptk_` + 32 random bytes, shown once; only the SHA-256 is stored, so a leaked
 * database does not leak usable tokens. A revoked token or one of a deleted or blocked company stops working.
 */
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

export async function createToken(db: DbHandle, userId: number, name: string): Promise<{ row: typeof apiTokens.$inferSelect; token: string }> {
  const token = `ptk_${randomBytes(32).toString('base64url')}`
  const [row] = await db.db.insert(apiTokens).values({ userId, name, tokenHash: sha256(token), prefix: token.slice(0, 10) }).returning()
  return { row: row!, token }
}

export async function revokeToken(db: DbHandle, userId: number, id: number): Promise<boolean> {
  const rows = await db.db.update(apiTokens).set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))).returning({ id: apiTokens.id })
  return rows.length > 0
}

/** The company a bearer token belongs to, or null. */
export async function tokenOwner(db: DbHandle, token: string): Promise<number | null> {
  if (!/^ptk_[\w-]{43}$/.test(token)) return null
  const [row] = await db.db.select({ id: apiTokens.id, userId: apiTokens.userId }).from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt), isNull(users.deletedAt), isNull(users.blockedAt)))
    .limit(1)
  if (!row) return null
  await db.db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.id))
  return row.userId
}

export const toApiToken = (r: typeof apiTokens.$inferSelect): ApiToken => ({
  id: r.id, name: r.name, prefix: r.prefix, created_at: new Date(r.createdAt).toISOString(),
  last_used_at: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null,
  revoked_at: r.revokedAt ? new Date(r.revokedAt).toISOString() : null,
})

export async function listTokens(db: DbHandle, userId: number): Promise<ApiToken[]> {
  return (await db.db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.id))).map(toApiToken)
}
