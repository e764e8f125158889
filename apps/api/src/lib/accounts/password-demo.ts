import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm'
import { listings, rowsOf, users, type DbHandle } from '@portal/db'
import { hashPassword } from './password.ts'

/** Demo accounts that can log in with DEMO_PASSWORD (the demo seeder leaves every password empty). */
export const DEMO_PASSWORD = 'Demo1234'
export const DEMO_USER_EMAIL = 'jan.kowalski@example.pl'
/** The admin area's demo staff (issue 13): an administrator and a moderator. */
export const DEMO_ADMIN_EMAIL = 'admin@example.pl'
export const DEMO_MOD_EMAIL = 'moderator@example.pl'

/**
 * Makes sure a private demo user, the first demo agency and the demo admin and moderator can log in: creates
 * jan.kowalski@example.pl, admin@example.pl and moderator@example.pl when missing and sets each password if it is
 * empty (a password set by hand is kept; a role changed in the admin area is kept too).
 * Returns the e-mails that can log in with DEMO_PASSWORD.
 */
export async function ensureDemoLogins(db: DbHandle): Promise<Array<{ email: string; type: string }>> {
  const [jan] = await db.db.insert(users).values({
    email: DEMO_USER_EMAIL, name: 'Jan Kowalski', phone: '+48 601 234 567', type: 'user', roles: ['user'],
    address: { city: 'Warszawa', street: 'ul. Marszałkowska 10', zip_code: '00-590', country: 'Polska' },
    emailVerifiedAt: new Date(),
  }).onConflictDoNothing().returning({ id: users.id })
  if (jan) await handOverDemoListings(db, jan.id)
  await db.db.insert(users).values([
    { email: DEMO_ADMIN_EMAIL, name: 'Administrator Dazu', type: 'user', roles: ['admin'], emailVerifiedAt: new Date() },
    { email: DEMO_MOD_EMAIL, name: 'Moderator Dazu', type: 'user', roles: ['mod'], emailVerifiedAt: new Date() },
  ]).onConflictDoNothing()
  const [agency] = await db.db.select({ email: users.email }).from(users)
    .where(and(eq(users.type, 'agency'), like(users.email, 'biuro.%@example.com'), isNull(users.deletedAt)))
    .orderBy(asc(users.id)).limit(1)
  // Issue 27: a developer, to try 'Moje inwestycje' with the demo investments.
  const [developer] = await db.db.select({ email: users.email }).from(users)
    .where(and(eq(users.type, 'developer'), like(users.email, 'sprzedaz.%@example.pl'), isNull(users.deletedAt)))
    .orderBy(asc(users.id)).limit(1)
  const emails = [DEMO_USER_EMAIL, ...(agency ? [agency.email] : []), ...(developer ? [developer.email] : []), DEMO_ADMIN_EMAIL, DEMO_MOD_EMAIL]
  const out: Array<{ email: string; type: string }> = []
  for (const email of emails) {
    const [u] = await db.db.select({ id: users.id, hash: users.passwordHash, type: users.type, roles: users.roles, verified: users.emailVerifiedAt })
      .from(users).where(eq(users.email, email)).limit(1)
    if (!u) continue
    if (!u.hash) await db.db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: u.verified ?? new Date() }).where(eq(users.id, u.id))
    const staffRole = u.roles.find((r) => r === 'admin' || r === 'mod')
    out.push({ email, type: staffRole ?? u.type })
  }
  return out
}

/** How many of the demo data's listings the demo user gets when created (decision 046). */
export const DEMO_USER_LISTINGS = 3

/**
 * The demo user is created after the demo data, with nothing of their own: 'Moje ogłoszenia', its statistics and
 * the paid actions had nothing to show. When created, they take over a few live listings of private demo sellers in
 * Warsaw (their city), with photos, of different categories; the demo data has no messages or payments that these
 * would leave behind. Only then: a later start never takes more, whatever the person did with them.
 */
async function handOverDemoListings(db: DbHandle, userId: number): Promise<void> {
  const rows = await db.db.execute(sql`
    select distinct on (l.category_id) l.id from ${listings} l join ${users} u on u.id = l.user_id
    where l.status = 'active' and l.city_slug = 'warszawa' and l.ad_type = 'offer' and l.agent_id is null
      and u.type = 'user' and u.roles = array['user']::text[] and u.id <> ${userId}
      and exists (select 1 from listing_photos p where p.listing_id = l.id)
    order by l.category_id, l.id`)
  const chosen = rowsOf<{ id: number }>(rows).map((r) => Number(r.id)).slice(0, DEMO_USER_LISTINGS)
  if (chosen.length) await db.db.update(listings).set({ userId }).where(inArray(listings.id, chosen))
}
