import { z } from 'zod'
import { AUTH_MESSAGES, PHONE_RE } from './auth.ts'

/** Polish messages of the account settings forms (profile, company block, avatars), shared by web and API. */
export const USER_MESSAGES = {
  nameRequired: AUTH_MESSAGES.nameRequired,
  nameTooLong: 'Nazwa może mieć najwyżej 120 znaków',
  phoneInvalid: AUTH_MESSAGES.phoneInvalid,
  nipInvalid: 'Niepoprawny numer NIP',
  zipInvalid: 'Niepoprawny kod pocztowy',
  cityTooLong: 'Nazwa miejscowości może mieć najwyżej 100 znaków',
  streetTooLong: 'Ulica może mieć najwyżej 150 znaków',
  countryTooLong: 'Nazwa kraju może mieć najwyżej 60 znaków',
  companyNameTooLong: 'Nazwa firmy może mieć najwyżej 150 znaków',
  descriptionTooLong: 'Opis może mieć najwyżej 5000 znaków',
  passwordRequired: AUTH_MESSAGES.passwordRequired,
  passwordWrong: AUTH_MESSAGES.currentPasswordWrong,
  servicesTooMany: 'Możesz dodać najwyżej 30 usług',
  serviceInvalid: 'Nazwa usługi musi mieć od 1 do 80 znaków',
  languagesTooMany: 'Możesz dodać najwyżej 20 języków',
  languageInvalid: 'Niepoprawna nazwa języka',
  commissionPercent: 'Prowizja musi być liczbą od 0 do 20',
  commissionNote: 'Uwagi do prowizji mogą mieć najwyżej 300 znaków',
  avatarTypeInvalid: 'Wybierz rodzaj awatara: avatar lub video_avatar',
  avatarFileRequired: 'Wybierz plik ze zdjęciem',
  avatarNotImage: 'Plik musi być obrazem (JPG, PNG, WebP, GIF, AVIF lub HEIC)',
  avatarTooLarge: 'Plik jest za duży. Maksymalny rozmiar to 5 MB',
  avatarTooManyPixels: 'Obraz ma zbyt dużą rozdzielczość (najwyżej 50 megapikseli)',
  videoUrlInvalid: 'Podaj link do filmu w serwisie YouTube lub Vimeo',
  defaultAvatarMissing: 'Najpierw dodaj ten rodzaj awatara',
  companyOnly: 'Ta funkcja jest dostępna tylko dla firm',
  captcha: 'Potwierdź, że nie jesteś robotem',
} as const

/** NIP (Polish tax id): 10 digits, checksum with weights 6,5,7,2,3,4,5,6,7 (mod 11, never 10). */
export function isValidNip(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^\d{10}$/.test(digits)) return false
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7]
  const sum = w.reduce((s, weight, i) => s + weight * Number(digits[i]), 0)
  const check = sum % 11
  return check !== 10 && check === Number(digits[9])
}

export const ZIP_RE = /^\d{2}-\d{3}$/

export const AVATAR_TYPES = ['avatar', 'video_avatar'] as const
export type AvatarType = (typeof AVATAR_TYPES)[number]
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** The profile every account call returns (login, GET /api/user, profile updates): spec §3 and §7. */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  nip: z.string().nullable(),
  /** Absolute-path URL of the 400×400 WebP (`…/400.webp`; `…/96.webp` is the small one) or null. */
  avatar: z.string().nullable(),
  /** A YouTube or Vimeo link, or null. */
  video_avatar: z.string().nullable(),
  default_avatar: z.enum(AVATAR_TYPES).nullable(),
  address: z.object({
    city: z.string().nullable(),
    street: z.string().nullable(),
    zip_code: z.string().nullable(),
    country: z.string().nullable(),
  }),
  newsletter: z.boolean(),
  roles: z.array(z.string()),
  type: z.string(),
  permissions: z.array(z.string()),
  company_name: z.string().nullable(),
  services: z.array(z.string()),
  languages: z.array(z.string()),
  description: z.string().nullable(),
  commission: z.object({ percent: z.number().optional(), note: z.string().optional() }).nullable(),
})
export type Profile = z.infer<typeof profileSchema>

/** GET /api/profile/{id}: what anybody may see (never e-mail, phone, NIP or address). */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  avatar: z.string().nullable(),
  video_avatar: z.string().nullable(),
  company_name: z.string().nullable(),
  description: z.string().nullable(),
  services: z.array(z.string()),
  languages: z.array(z.string()),
  /** ISO 8601. */
  created_at: z.string(),
  offers_count: z.number().int(),
})
export type PublicProfile = z.infer<typeof publicProfileSchema>

/** '' and null clear an optional text; surrounding spaces are dropped. */
const optionalText = (max: number, message: string) =>
  z.union([z.string().trim().max(max, { error: message }), z.null()]).optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v))

/**
 * PUT /api/user/profile. A field left out stays as it is; '' or null clears it. `name` is required.
 */
export const profileUpdateSchema = z.object({
  name: z.string({ error: USER_MESSAGES.nameRequired }).trim().min(1, { error: USER_MESSAGES.nameRequired })
    .max(120, { error: USER_MESSAGES.nameTooLong }),
  phone: optionalText(30, USER_MESSAGES.phoneInvalid)
    .refine((v) => v == null || PHONE_RE.test(v), { error: USER_MESSAGES.phoneInvalid }),
  nip: optionalText(20, USER_MESSAGES.nipInvalid)
    .refine((v) => v == null || isValidNip(v), { error: USER_MESSAGES.nipInvalid })
    .transform((v) => (v == null ? v : v.replace(/[\s-]/g, ''))),
  address: z.object({
    city: optionalText(100, USER_MESSAGES.cityTooLong),
    street: optionalText(150, USER_MESSAGES.streetTooLong),
    zip_code: optionalText(6, USER_MESSAGES.zipInvalid)
      .refine((v) => v == null || ZIP_RE.test(v), { error: USER_MESSAGES.zipInvalid }),
    country: optionalText(60, USER_MESSAGES.countryTooLong),
  }).partial().nullable().optional(),
  company_name: optionalText(150, USER_MESSAGES.companyNameTooLong),
  description: optionalText(5000, USER_MESSAGES.descriptionTooLong),
})
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>

/** PATCH /api/user/profile/newsletter: absent → toggle. */
export const newsletterSchema = z.object({ newsletter: z.boolean().optional() }).nullable().optional()

/** DELETE /api/user. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: USER_MESSAGES.passwordRequired }).min(1, { error: USER_MESSAGES.passwordRequired }).max(200),
})

export const defaultAvatarSchema = z.object({
  default_avatar: z.enum(AVATAR_TYPES, { error: USER_MESSAGES.avatarTypeInvalid }).nullable(),
})

export const avatarTypeQuerySchema = z.object({
  avatar_type: z.enum(AVATAR_TYPES, { error: USER_MESSAGES.avatarTypeInvalid }),
})

export const servicesSchema = z.object({
  services: z.array(z.string({ error: USER_MESSAGES.serviceInvalid }).trim()
    .min(1, { error: USER_MESSAGES.serviceInvalid }).max(80, { error: USER_MESSAGES.serviceInvalid }),
  { error: USER_MESSAGES.serviceInvalid }).max(30, { error: USER_MESSAGES.servicesTooMany }),
})

/** An ISO 639 code ('pl', 'en', 'deu') or a language name in Polish ('angielski', 'język migowy'). */
export const LANGUAGE_RE = /^[\p{L}][\p{L} -]{1,39}$/u
export const languagesSchema = z.object({
  languages: z.array(z.string({ error: USER_MESSAGES.languageInvalid }).trim()
    .regex(LANGUAGE_RE, { error: USER_MESSAGES.languageInvalid }),
  { error: USER_MESSAGES.languageInvalid }).max(20, { error: USER_MESSAGES.languagesTooMany }),
})

export const commissionSchema = z.object({
  commission: z.object({
    percent: z.number({ error: USER_MESSAGES.commissionPercent }).min(0, { error: USER_MESSAGES.commissionPercent })
      .max(20, { error: USER_MESSAGES.commissionPercent }).optional(),
    note: z.string().trim().max(300, { error: USER_MESSAGES.commissionNote }).optional(),
  }).nullable(),
})

/** YouTube or Vimeo link → canonical URL, or null when it is neither. */
export function normalizeVideoUrl(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '')
  const yt = /^[\w-]{11}$/
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1)
    return yt.test(id) ? `https://www.youtube.com/watch?v=${id}` : null
  }
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v = url.searchParams.get('v')
    if (url.pathname === '/watch' && v && yt.test(v)) return `https://www.youtube.com/watch?v=${v}`
    const m = /^\/(?:embed|shorts|live)\/([\w-]{11})$/.exec(url.pathname)
    return m ? `https://www.youtube.com/watch?v=${m[1]}` : null
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const m = /^\/(?:video\/)?(\d{5,12})$/.exec(url.pathname)
    return m ? `https://vimeo.com/${m[1]}` : null
  }
  return null
}

export const videoAvatarSchema = z.object({
  avatar_type: z.literal('video_avatar'),
  url: z.string({ error: USER_MESSAGES.videoUrlInvalid }).max(500, { error: USER_MESSAGES.videoUrlInvalid })
    .refine((v) => normalizeVideoUrl(v) !== null, { error: USER_MESSAGES.videoUrlInvalid }),
})

/** Role → permissions (reference §8: admin has all, mod all but 'manage permission', company adds agents). */
const OWN_PROFILE = ['view own profile', 'update own profile']
const AGENTS = ['show agent', 'store agent', 'delete agent']
const ALL_PERMISSIONS = [
  ...OWN_PROFILE, ...AGENTS, 'view menu administrator', 'admin offers index', 'manage offer', 'manage user',
  'manage permission', 'list post', 'show post', 'add post', 'update post', 'delete post', 'list black_list',
  'add black_list', 'delete black_list', 'list newsletter', 'add newsletter',
]
export const ROLE_PERMISSIONS: Record<string, readonly string[]> = {
  admin: ALL_PERMISSIONS,
  mod: ALL_PERMISSIONS.filter((p) => p !== 'manage permission'),
  user: OWN_PROFILE,
  agent: OWN_PROFILE,
  company: [...OWN_PROFILE, ...AGENTS],
}
export function permissionsFor(roles: readonly string[], extra: readonly string[] = []): string[] {
  const set = new Set<string>()
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r] ?? []) set.add(p)
  for (const p of extra) set.add(p)
  return ALL_PERMISSIONS.filter((p) => set.has(p)).concat([...set].filter((p) => !ALL_PERMISSIONS.includes(p)))
}

/** Company features (services, languages, commission, agents): role company or admin (spec §6). */
export const isCompany = (roles: readonly string[]) => roles.includes('company') || roles.includes('admin')
