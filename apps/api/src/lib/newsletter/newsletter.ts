import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { newsletterSubscriptions, users, type Db } from '@portal/db'

/**
 * Newsletter sign-ups with double opt-in (spec §4/§7/§8): POST {email} stores a pending row and mails a link to
 * /potwierdz-newsletter?token=; PATCH {token} activates it. Only the SHA-256 of the token is stored. Each row has an
 * unsubscribe token (`nl_…`) for the link in every newsletter mail (/wypisz?token=). A logged-in user's
 * PATCH /api/user/profile/newsletter keeps users.newsletter and the row of their address in step.
 *
 * For the admin's newsletter sending (issue 13): `activeSubscribers(db)` and `newsletterUnsubscribeUrl(base, token)`;
 * every newsletter mail must carry that link (templates.ts `build({… unsubscribe })` adds the List-Unsubscribe headers).
 */
export type NewsletterRow = typeof newsletterSubscriptions.$inferSelect

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
export const newUnsubscribeToken = () => `nl_${randomBytes(24).toString('base64url')}`
export const newsletterUnsubscribeUrl = (base: string, token: string) => `${base}/wypisz?token=${encodeURIComponent(token)}`

export async function findByEmail(db: Db, email: string): Promise<NewsletterRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).limit(1)
  return row
}

/** Starts (or restarts) a confirmation: the returned token goes into the mail. 'active' when already subscribed. */
export async function subscribe(db: Db, email: string, userId: number | null): Promise<{ status: 'active' } | { status: 'pending'; token: string; row: NewsletterRow }> {
  const existing = await findByEmail(db, email)
  if (existing?.status === 'active') return { status: 'active' }
  const token = newToken()
  const [row] = await db.insert(newsletterSubscriptions).values({
    email, status: 'pending', confirmTokenHash: sha256(token), unsubscribeToken: newUnsubscribeToken(), userId,
  }).onConflictDoUpdate({
    target: newsletterSubscriptions.email,
    set: { status: 'pending', confirmTokenHash: sha256(token), ...(userId ? { userId } : {}) },
  }).returning()
  return { status: 'pending', token, row: row! }
}

/** Confirms a pending sign-up; the row, or null for an unknown (or already used) token. */
export async function confirm(db: Db, token: string): Promise<NewsletterRow | null> {
  if (!token || token.length > 200) return null
  const [row] = await db.update(newsletterSubscriptions)
    .set({ status: 'active', confirmTokenHash: null, confirmedAt: sql`now()` })
    .where(eq(newsletterSubscriptions.confirmTokenHash, sha256(token))).returning()
  if (!row) return null
  await db.update(users).set({ newsletter: true }).where(eq(users.email, row.email))
  return row
}

/** The logged-in user's switch: their address is verified already, so no confirmation mail. */
export async function setForUser(db: Db, user: { id: number; email: string }, on: boolean): Promise<void> {
  if (on) {
    await db.insert(newsletterSubscriptions).values({
      email: user.email, status: 'active', unsubscribeToken: newUnsubscribeToken(), userId: user.id, confirmedAt: new Date(),
    }).onConflictDoUpdate({ target: newsletterSubscriptions.email, set: { status: 'active', confirmTokenHash: null, userId: user.id, confirmedAt: sql`now()` } })
  } else {
    await db.update(newsletterSubscriptions).set({ status: 'unsubscribed' }).where(eq(newsletterSubscriptions.email, user.email))
  }
}

/** One-click unsubscribe: the address, or null for an unknown token. */
export async function unsubscribe(db: Db, token: string): Promise<string | null> {
  const [row] = await db.update(newsletterSubscriptions).set({ status: 'unsubscribed' })
    .where(eq(newsletterSubscriptions.unsubscribeToken, token)).returning({ email: newsletterSubscriptions.email })
  if (!row) return null
  await db.update(users).set({ newsletter: false }).where(eq(users.email, row.email))
  return row.email
}

/** Active subscribers (address and unsubscribe token), for sending a newsletter. */
export async function activeSubscribers(db: Db): Promise<Array<{ email: string; unsubscribeToken: string }>> {
  return db.select({ email: newsletterSubscriptions.email, unsubscribeToken: newsletterSubscriptions.unsubscribeToken })
    .from(newsletterSubscriptions).where(and(eq(newsletterSubscriptions.status, 'active')))
}
