import type { FastifyInstance } from 'fastify'
import { users } from '@portal/db'
import { CLIENT_MESSAGES } from '@portal/contracts/errors'
import type { z } from 'zod'
import type { offerUserSchema } from '@portal/contracts/offer'
import { HttpError } from './http-errors.ts'
import { hashPassword } from './password.ts'
import { activationMail } from '../mail/templates.ts'
import { issueToken } from '../routes/api/auth/tokens.ts'
import { emailTaken, isUniqueViolation } from '../routes/api/auth/lookup.ts'

/**
 * The listing form's user block (spec §3): a guest publishes while creating an account. Same rules as
 * POST /api/auth/register (messages, 400 email_already_exist, argon2id, role company for agencies/developers,
 * activation mail 'Dokończ proces rejestracji'); the account stays inactive until the mailed link is used.
 */
type GuestUser = z.output<typeof offerUserSchema>
const emailInUse = () => new HttpError(400, 'email_already_exist', CLIENT_MESSAGES.emailAlreadyExist)

export async function assertEmailFree(app: FastifyInstance, email: string): Promise<void> {
  if (await emailTaken(app.db, email)) throw emailInUse()
}

export async function createGuestAccount(app: FastifyInstance, u: GuestUser): Promise<number> {
  const type = u.account_type === 'private' ? 'user' : u.account_type
  const company = type !== 'user'
  try {
    const [row] = await app.db.db.insert(users).values({
      email: u.email,
      passwordHash: await hashPassword(u.password),
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

export async function sendGuestActivation(app: FastifyInstance, userId: number, u: GuestUser): Promise<void> {
  const token = await issueToken(app.db, userId, 'activation')
  await app.mailer.send(activationMail(u.email, u.name, `${app.env.PUBLIC_URL}/dokoncz-rejestracje?token=${token}`))
}
