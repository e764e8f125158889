import type { FastifyReply } from 'fastify'
import type { DbHandle } from '@portal/db'
import { fieldError, HttpError } from '../http/errors.ts'
import { blockedFor, clear, hit } from '../http/throttle.ts'
import { verifyPassword } from './password.ts'

/** Wrong current passwords (change password, delete account) per user within the window, then 429. */
export const CURRENT_PASSWORD_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 }
export const TOO_MANY_PASSWORD_CHECKS = 'Zbyt wiele prób podania hasła. Spróbuj ponownie za kilka minut'

/**
 * Confirms the logged-in user's current password: a stolen session cannot guess it at argon2 speed. 422 on
 * `field` when wrong; 429 with Retry-After after CURRENT_PASSWORD_LIMIT.max wrong ones.
 */
export async function confirmCurrentPassword(db: DbHandle, reply: FastifyReply, user: { id: number; passwordHash: string | null },
  password: string, field: string, wrongMessage: string): Promise<void> {
  const key = `password-check:user:${user.id}`
  const wait = await blockedFor(db, key, CURRENT_PASSWORD_LIMIT.max)
  if (wait > 0) {
    reply.header('retry-after', String(wait))
    throw new HttpError(429, 'too_many_attempts', TOO_MANY_PASSWORD_CHECKS)
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await hit(db, key, CURRENT_PASSWORD_LIMIT.windowMs)
    throw fieldError(field, wrongMessage)
  }
  await clear(db, key)
}
