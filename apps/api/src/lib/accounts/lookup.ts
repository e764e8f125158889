import { eq } from 'drizzle-orm'
import { users, type DbHandle } from '@portal/db'

/** Any row with the address, deleted ones included (citext: case-insensitive). */
export async function emailTaken(db: DbHandle, email: string): Promise<boolean> {
  const [row] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return !!row
}

export async function userByEmail(db: DbHandle, email: string) {
  const [row] = await db.db.select().from(users).where(eq(users.email, email)).limit(1)
  return row && !row.deletedAt ? row : null
}

export async function userById(db: DbHandle, id: number) {
  const [row] = await db.db.select().from(users).where(eq(users.id, id)).limit(1)
  return row && !row.deletedAt ? row : null
}

/** PostgreSQL unique_violation, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true
  }
  return false
}
