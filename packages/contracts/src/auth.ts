import { z } from 'zod'
import { AUTH_MESSAGES, EMAIL_RE, PASSWORD_RE, PHONE_RE, REGISTRATION_TYPES } from './plain/auth.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/auth.ts'

const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message })

const email = requiredString(AUTH_MESSAGES.emailRequired)
  .max(254, { error: AUTH_MESSAGES.emailInvalid })
  .regex(EMAIL_RE, { error: AUTH_MESSAGES.emailInvalid })
  .transform((v) => v.toLowerCase())

const password = z.string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .max(200, { error: AUTH_MESSAGES.passwordRule })
  .regex(PASSWORD_RE, { error: AUTH_MESSAGES.passwordRule })

const confirmation = z.string({ error: AUTH_MESSAGES.passwordConfirmationRequired })
  .min(1, { error: AUTH_MESSAGES.passwordConfirmationRequired })

const samePasswords = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password && v.password_confirmation && v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: AUTH_MESSAGES.passwordsDiffer })
  }
}

export const registerSchema = z.object({
  type: z.enum(REGISTRATION_TYPES, { error: AUTH_MESSAGES.typeRequired }),
  name: requiredString(AUTH_MESSAGES.nameRequired).max(120),
  email,
  phone: z.string().trim().max(30).regex(PHONE_RE, { error: AUTH_MESSAGES.phoneInvalid }).optional().or(z.literal('')),
  password,
  password_confirmation: confirmation,
  /** Proof-of-work captcha payload (ALTCHA); ignored when CAPTCHA=off. */
  captcha: z.string().max(4000).optional(),
}).superRefine(samePasswords)
export type RegisterInput = z.input<typeof registerSchema>

export const loginSchema = z.object({
  email: requiredString(AUTH_MESSAGES.emailRequired).max(254).transform((v) => v.toLowerCase()),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired }).max(200),
})

/** The reminder and activation-resend prompts (spec §5: 'Nieprawidłowy adres email!'). */
export const emailPromptSchema = z.object({
  email: z.string({ error: AUTH_MESSAGES.promptEmailInvalid }).trim()
    .regex(EMAIL_RE, { error: AUTH_MESSAGES.promptEmailInvalid }).transform((v) => v.toLowerCase()),
  captcha: z.string().max(4000).optional(),
})

export const tokenSchema = z.object({ token: z.string({ error: AUTH_MESSAGES.tokenInvalid }).min(10).max(200) })

export const setPasswordSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.tokenInvalid }).min(10).max(200),
  password,
  password_confirmation: confirmation,
}).superRefine(samePasswords)

export const changePasswordSchema = z.object({
  current_password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired }),
  password,
  password_confirmation: confirmation,
}).superRefine(samePasswords)
