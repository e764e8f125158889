import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { authTokens, type DbHandle, type TokenPurpose } from '@portal/db'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { HttpError } from '../http/errors.ts'

/** E-mailed single-use tokens: 32 random bytes (base64url) in the link, only their SHA-256 in `auth_tokens`. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 48 * 3600_000,
  password_reset: 3600_000,
  agent_invite: 7 * 24 * 3600_000,
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

export async function issueToken(db: DbHandle, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.db.insert(authTokens).values({
    userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  })
  return token
}

export const tokenInvalid = () => new HttpError(400, 'token_invalid', AUTH_MESSAGES.tokenInvalid)
export const tokenExpired = () => new HttpError(400, 'token_expired', AUTH_MESSAGES.tokenExpired)

/**
 * Marks the token used and returns its user id. The update only succeeds while `used_at` is null, so two
 * concurrent requests with the same token cannot both pass. Unknown or used → token_invalid; late → token_expired.
 */
export async function consumeToken(db: DbHandle, token: string, purposes: TokenPurpose[]): Promise<number> {
  const hash = sha256(token)
  const [row] = await db.db.select().from(authTokens).where(eq(authTokens.tokenHash, hash)).limit(1)
  if (!row || !purposes.includes(row.purpose) || row.usedAt) throw tokenInvalid()
  if (new Date(row.expiresAt).getTime() <= Date.now()) throw tokenExpired()
  const used = await db.db.update(authTokens).set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt))).returning({ id: authTokens.id })
  if (!used.length) throw tokenInvalid()
  return row.userId
}

/** Voids the other open tokens of the purpose (a new reset link makes older ones useless). */
export async function voidTokens(db: DbHandle, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.db.update(authTokens).set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
}
