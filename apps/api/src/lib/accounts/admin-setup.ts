import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { users, type DbHandle } from '@portal/db'
import { PASSWORD_RE } from '@portal/contracts/auth'
import { hashPassword } from './password.ts'

/** What a production start without an administrator prints (issue 29 M5): a command, never a password. */
export const CREATE_ADMIN_COMMAND = 'npm run admin:create -- --email <adres e-mail> [--name "Imię Nazwisko"]'

/** Whether any live account holds the admin role. */
export async function hasAdmin(db: DbHandle): Promise<boolean> {
  const [row] = await db.db.select({ id: users.id }).from(users)
    .where(and(sql`'admin' = any(${users.roles})`, isNull(users.deletedAt))).limit(1)
  return !!row
}

/** A random password that meets the §5 rule (upper, lower, digit), for the first administrator. */
export function randomAdminPassword(): string {
  for (;;) {
    const p = randomBytes(15).toString('base64url')
    if (PASSWORD_RE.test(p)) return p
  }
}

/**
 * Makes `email` an administrator: creates the account (verified) or adds the role to an existing one. A password is
 * set when given, or when the account has none (then a random one, returned to be shown once); an existing password
 * is kept otherwise.
 */
export async function createAdmin(db: DbHandle, o: { email: string; name?: string; password?: string }): Promise<{ created: boolean; password: string | null }> {
  const email = o.email.trim().toLowerCase()
  if (o.password !== undefined && !PASSWORD_RE.test(o.password)) throw new Error('The password needs at least 6 characters with an uppercase letter, a lowercase letter and a digit.')
  const [existing] = await db.db.select().from(users).where(eq(users.email, email)).limit(1)
  const password = o.password ?? (existing?.passwordHash ? null : randomAdminPassword())
  const hash = password ? await hashPassword(password) : undefined
  if (!existing) {
    await db.db.insert(users).values({
      email, name: o.name ?? 'Administrator', type: 'user', roles: ['admin'], passwordHash: hash, emailVerifiedAt: new Date(),
    })
    return { created: true, password }
  }
  // A deleted account keeps its row and address (reference §8): it does not come back as an administrator.
  if (existing.deletedAt) throw new Error(`The account ${email} was deleted; choose another address.`)
  await db.db.update(users).set({
    roles: existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin'],
    emailVerifiedAt: existing.emailVerifiedAt ?? new Date(), blockedAt: null, updatedAt: sql`now()`,
    ...(hash ? { passwordHash: hash } : {}),
  }).where(eq(users.id, existing.id))
  return { created: false, password }
}
