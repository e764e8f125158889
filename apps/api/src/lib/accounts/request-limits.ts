import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sessions, type DbHandle } from '@portal/db'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { HttpError } from '../http/errors.ts'
import { hit } from '../http/throttle.ts'

/**
 * Limits of the account requests anybody can make (decision 050; mutable so tests can lower them). Each holds back
 * the requester: per client address across e-mails (register, and the reset/activation requests, counted before
 * the address is looked up), per (address, requester) for the mails themselves, and per address for all requesters
 * together as the inbox's bound, which the address's owner never meets (a logged-in owner, or a client address with
 * a live session of that account).
 */
export const ACCOUNT_LIMITS = {
  registerPerIp: { max: 20, windowMs: 3600_000 },
  mailRequestsPerIp: { max: 10, windowMs: 3600_000 },
  mailPerAddressAndIp: { max: 3, windowMs: 3600_000 },
  mailPerAddress: { max: 10, windowMs: 3600_000 },
}

export type MailKind = 'reset' | 'activation'

/** Counts this request of the client address; 429 with Retry-After once it is over `limit` within the window. */
export async function limitPerClient(request: FastifyRequest, reply: FastifyReply, key: string, limit: { max: number; windowMs: number }) {
  const { count, resetAt } = await hit(request.server.db, key, limit.windowMs)
  if (count > limit.max) {
    reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))))
    throw new HttpError(429, 'too_many_requests', AUTH_MESSAGES.tooManyRequests)
  }
}

/** True when `ip` holds a live session of the account: its owner's own device, which no stranger can burn out. */
async function ownersAddress(db: DbHandle, userId: number, ip: string): Promise<boolean> {
  const rows = await db.db.select({ one: sql`1` }).from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.expiresAt, sql`now()`))).limit(1)
  return rows.length > 0
}

/**
 * Whether a reset or activation mail for `user` may go to its address now, and counts it when so. A stranger
 * asking again and again only uses up their own (address, requester) quota and, from many client addresses, the
 * per-address bound; the owner (logged in, or from a client address holding their session) skips that bound.
 */
export async function mayMail(db: DbHandle, kind: MailKind, user: { id: number; email: string }, ip: string, loggedInAs: number | null): Promise<boolean> {
  const L = ACCOUNT_LIMITS
  const pairKey = `mail:${kind}:${user.email}|${ip}`
  const addressKey = `mail:${kind}:${user.email}`
  // Count first and read the count back (one atomic upsert each): concurrent requests cannot all see room.
  if ((await hit(db, pairKey, L.mailPerAddressAndIp.windowMs)).count > L.mailPerAddressAndIp.max) return false
  const { count } = await hit(db, addressKey, L.mailPerAddress.windowMs)
  return count <= L.mailPerAddress.max || loggedInAs === user.id || await ownersAddress(db, user.id, ip)
}
