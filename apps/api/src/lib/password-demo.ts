import { and, asc, eq, isNull, like } from 'drizzle-orm'
import { users, type DbHandle } from '@portal/db'
import { hashPassword } from './password.ts'

/** Demo accounts that can log in with DEMO_PASSWORD (the demo seeder leaves every password empty). */
export const DEMO_PASSWORD = 'Demo1234'
export const DEMO_USER_EMAIL = 'jan.kowalski@example.pl'

/**
 * Makes sure a private demo user and the first demo agency can log in: creates jan.kowalski@example.pl when the
 * seed has none and sets the password of both if it is empty (a password set by hand is kept).
 * Returns the e-mails that can log in with DEMO_PASSWORD.
 */
export async function ensureDemoLogins(db: DbHandle): Promise<Array<{ email: string; type: string }>> {
  await db.db.insert(users).values({
    email: DEMO_USER_EMAIL, name: 'Jan Kowalski', phone: '+48 601 234 567', type: 'user', roles: ['user'],
    address: { city: 'Warszawa', street: 'ul. Marszałkowska 10', zip_code: '00-590', country: 'Polska' },
    emailVerifiedAt: new Date(),
  }).onConflictDoNothing()
  const [agency] = await db.db.select({ email: users.email }).from(users)
    .where(and(eq(users.type, 'agency'), like(users.email, 'biuro.%@example.com'), isNull(users.deletedAt)))
    .orderBy(asc(users.id)).limit(1)
  const emails = [DEMO_USER_EMAIL, ...(agency ? [agency.email] : [])]
  const out: Array<{ email: string; type: string }> = []
  for (const email of emails) {
    const [u] = await db.db.select({ id: users.id, hash: users.passwordHash, type: users.type, verified: users.emailVerifiedAt })
      .from(users).where(eq(users.email, email)).limit(1)
    if (!u) continue
    if (!u.hash) await db.db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: u.verified ?? new Date() }).where(eq(users.id, u.id))
    out.push({ email, type: u.type })
  }
  return out
}
