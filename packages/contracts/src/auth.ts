import { z } from 'zod'

/** Polish validation messages of spec §5, shared by the register dialog and the API's 422 answers. */
export const AUTH_MESSAGES = {
  typeRequired: 'Wybierz kim jesteś?',
  emailRequired: 'Email jest wymagany',
  emailInvalid: 'Niepoprawny adres email',
  nameRequired: 'Nazwa firmy lub imię jest wymagane',
  passwordRequired: 'Wpisz hasło',
  passwordRule: 'Hasło musi mieć minimum 6 znaków, 1 wielką literę i cyfrę',
  passwordConfirmationRequired: 'Powtórz hasło',
  passwordsDiffer: 'Hasła muszą być takie same',
  termsRequired: 'Akceptacja regulaminu jest wymagana',
  promptEmailInvalid: 'Nieprawidłowy adres email!',
  phoneInvalid: 'Niepoprawny numer telefonu',
  registerFormInvalid: 'Proszę, popraw formularz rejestracji',
  registered: 'Gratulacje. Prosimy aktywować konto. Kliknij w link wysłany na emaila.',
  badCredentials: 'Błędny email lub hasło',
  notVerified: 'Konto nie zostało zweryfikowane!',
  currentPasswordWrong: 'Niepoprawne hasło',
  tokenInvalid: 'Link jest nieprawidłowy lub został już użyty',
  tokenExpired: 'Link wygasł. Wyślij go ponownie',
  tooManyAttempts: 'Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut',
  captcha: 'Potwierdź, że nie jesteś robotem',
  emailAlreadyExist: 'Ten adres email jest już używany przez inne konto',
  unauthenticated: 'Zaloguj się, aby mieć dostęp do tej strony',
} as const

export const REGISTRATION_TYPES = ['user', 'agency', 'developer'] as const
export type RegistrationType = (typeof REGISTRATION_TYPES)[number]
export const REGISTRATION_TYPE_LABELS: Record<RegistrationType, string> = {
  user: 'Osoba prywatna',
  agency: 'Agencja nieruchomości',
  developer: 'Deweloper',
}

/** Spec §5: at least 6 characters with an uppercase letter, a lowercase letter and a digit. */
export const PASSWORD_RE = /^(?=.*\p{Lu})(?=.*\p{Ll})(?=.*\d).{6,}$/u
/** Pragmatic e-mail pattern (the HTML5 one), also used by the reminder prompts. */
export const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
/** Polish phone numbers: 9 digits, optionally +48, spaces and dashes allowed. */
export const PHONE_RE = /^(?:\+?48)?[\s-]?(?:\d[\s-]?){9}$/

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
