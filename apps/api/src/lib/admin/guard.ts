import type { FastifyRequest } from 'fastify'
import { isAdmin, isStaff, ADMIN_MESSAGES } from '@portal/contracts/admin'
import { currentUser, forbidden, type UserRow } from '../accounts/guard.ts'
import { notFound } from '../http/errors.ts'

/**
 * The admin area's gate: roles admin and mod pass; everyone else — guests included — gets the same 404 as an
 * unknown address, so the area's existence is not revealed (issue 13). The role is read from the database on every
 * request, so a demoted moderator loses access at once.
 */
export async function requireStaff(request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(request)
  if (!user || !isStaff(user.roles)) throw notFound(`Nie znaleziono: ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`)
  return user
}

const staffOf = new WeakMap<FastifyRequest, UserRow>()

/**
 * For a whole route plugin: run as a preValidation hook, so a non-staff caller gets the 404 before the body is
 * validated (a 422 would reveal the address exists). Handlers then read the user with `staff(request)`.
 */
export async function staffHook(request: FastifyRequest): Promise<void> {
  staffOf.set(request, await requireStaff(request))
}

export function staff(request: FastifyRequest): UserRow {
  const user = staffOf.get(request)
  if (!user) throw new Error('staffHook did not run for this route')
  return user
}

/** Admin-only actions (role changes, category modes, content): a moderator knows the area, so 403, not 404. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = staff(request)
  if (!isAdmin(user.roles)) throw forbidden(ADMIN_MESSAGES.adminOnly)
  return user
}
