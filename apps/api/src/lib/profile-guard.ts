import type { FastifyRequest } from 'fastify'
import { and, eq, isNull } from 'drizzle-orm'
import { users } from '@portal/db'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { isCompany, USER_MESSAGES } from '@portal/contracts/user'
import { HttpError } from './http-errors.ts'

export type UserRow = typeof users.$inferSelect

/** A 422 in the API's Laravel shape `{message, errors: {[field]: [message]}}` (goes through the error handler). */
export function fieldError(field: string, message: string): Error {
  const err = new Error(message) as Error & { validation: unknown[]; statusCode: number }
  err.validation = [{ instancePath: `/${field}`, message, keyword: 'custom', params: { field } }]
  err.statusCode = 422
  return err
}

export const unauthenticated = () => new HttpError(401, 'unauthenticated', AUTH_MESSAGES.unauthenticated)
export const forbidden = (message = 'Brak dostępu.') => new HttpError(403, 'forbidden', message)

/** The logged-in user (not deleted), or null for guests and sessions of removed accounts. */
export async function currentUser(request: FastifyRequest): Promise<UserRow | null> {
  const userId = request.session?.userId
  if (!userId) return null
  const [row] = await request.server.db.db.select().from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1)
  return row ?? null
}

/** The logged-in user or a 401 `{error:'unauthenticated'}`. */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(request)
  if (!user) throw unauthenticated()
  return user
}

/** Spec §6 'company' guard: role company or admin, else 403. */
export async function requireCompany(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request)
  if (!isCompany(user.roles)) throw forbidden(USER_MESSAGES.companyOnly)
  return user
}
