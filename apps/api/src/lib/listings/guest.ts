import type { FastifyInstance } from 'fastify'
import { users, type DbHandle } from '@portal/db'
import { CLIENT_MESSAGES } from '@portal/contracts/errors'
import type { z } from 'zod'
import type { offerUserSchema } from '@portal/contracts/offer'
import { HttpError } from '../http/errors.ts'
import { activationMail } from '../../mail/templates.ts'
import { emailTaken, isUniqueViolation } from '../accounts/lookup.ts'

/**
 * The listing form's user block (spec §3): a guest publishes while creating an account. Same rules as
 * POST /api/auth/register (messages, 400 email_already_exist, argon2id, role company for agencies/developers,
 * activation mail 'Dokończ proces rejestracji'); the account stays inactive until the mailed link is used.
 * The account is created in the listing's transaction (routes/api/offers/write.ts); the mail goes after commit.
 */
type GuestUser = z.output<typeof offerUserSchema>
const emailInUse = () => new HttpError(400, 'email_already_exist', CLIENT_MESSAGES.emailAlreadyExist)

export async function assertEmailFree(app: FastifyInstance, email: string): Promise<void> {
  if (await emailTaken(app.db, email)) throw emailInUse()
}

/** Inserts the inactive account; `passwordHash` is computed by the caller (not while a transaction is open). */
export async function createGuestAccount(db: DbHandle, u: GuestUser, passwordHash: string): Promise<number> {
  const type = u.account_type === 'private' ? 'user' : u.account_type
  const company = type !== 'user'
  try {
    const [row] = await db.db.insert(users).values({
      email: u.email,
      passwordHash,
      name: u.name,
      phone: u.phone || null,
      type,
      roles: [company ? 'company' : 'user'],
      companyName: company ? u.name : null,
    }).returning({ id: users.id })
    return row!.id
  } catch (err) {
    if (isUniqueViolation(err)) throw emailInUse()
    throw err
  }
}

/** The activation mail for a token issued in the committed transaction. */
export async function sendGuestActivation(app: FastifyInstance, u: GuestUser, token: string): Promise<void> {
  await app.mailer.send(activationMail(u.email, u.name, `${app.env.PUBLIC_URL}/dokoncz-rejestracje?token=${token}`))
}
