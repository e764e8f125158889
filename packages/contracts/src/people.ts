import { z } from 'zod'
import { EMAIL_RE, PHONE_RE } from './auth.ts'
import { listingSummarySchema } from './listing.ts'
import { foldPolish } from './plain/search.ts'

/**
 * People (issue 10): public profiles, the agencies / developers / agents directories and a company's agents.
 * One schema per call; Polish labels shared by web and API.
 */

/** Account types as the profile and the cards name them (spec §3: user, agency, developer, hotel). */
export const ACCOUNT_TYPE_LABELS: Record<string, string> = {
  user: 'Osoba prywatna',
  agency: 'Agencja nieruchomości',
  developer: 'Deweloper',
  hotel: 'Hotel / pensjonat',
  agent: 'Agent nieruchomości',
}

export const isCompanyType = (type: string) => type === 'agency' || type === 'developer' || type === 'hotel'
/** The heading of a profile or a card: the company name for companies (not for their agents), else the person's name. */
export const displayName = (u: { name: string; companyName: string | null; type: string; agencyId: number | null }) =>
  u.companyName && isCompanyType(u.type) && !u.agencyId ? u.companyName : u.name

/** 'Biuro Nieruchomości Kowalski' → 'biuro-nieruchomosci-kowalski' (ASCII, at most 60 characters). */
export function profileSlug(name: string): string {
  return foldPolish(name).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '')
}

/** The canonical address of a profile: /profil/{id}-{slug} (/profil/{id} alone when the name gives no slug). */
export function profilePath(id: number, name: string): string {
  const slug = profileSlug(name)
  return slug ? `/profil/${id}-${slug}` : `/profil/${id}`
}

/** The id at the start of a /profil/{user} segment ('12-biuro-x' or '12'), or null. */
export function profileIdOf(segment: string): number | null {
  const m = /^(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(segment)
  return m ? Number(m[1]) : null
}

const personLink = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  profile_url: z.string(),
})

/** A company's agent on its profile, with their own count of active listings. */
export const profileAgentSchema = personLink.extend({ offers_count: z.number().int() })

/** The public part of an account: never e-mail, phone, NIP, street or post code. */
export const publicPersonSchema = z.object({
  id: z.number().int(),
  /** The person's name (for a company: the contact name given at registration). */
  name: z.string(),
  /** What to show as the heading: the company name for companies, else the name. */
  display_name: z.string(),
  /** user | agency | developer | hotel | agent (an agent is a user who works for a company). */
  type: z.string(),
  avatar: z.string().nullable(),
  /** YouTube or Vimeo link; the page loads the player only on a click. */
  video_avatar: z.string().nullable(),
  company_name: z.string().nullable(),
  description: z.string().nullable(),
  services: z.array(z.string()),
  languages: z.array(z.string()),
  /** Agencies only: their commission as they state it. */
  commission: z.object({ percent: z.number().optional(), note: z.string().optional() }).nullable(),
  city: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  offers_count: z.number().int(),
  profile_url: z.string(),
  /** For an agent: the company they work for. */
  agency: personLink.nullable(),
})
export type PublicPerson = z.infer<typeof publicPersonSchema>

/** GET /api/profile/{id}: the profile, one page of its active listings (the /szukaj filters apply) and, for a company, its agents. */
export const profilePageSchema = z.object({
  user: publicPersonSchema,
  offers: z.object({
    data: z.array(listingSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    last_page: z.number().int(),
  }),
  agents: z.array(profileAgentSchema),
})
export type ProfilePage = z.infer<typeof profilePageSchema>
export type ProfileAgent = z.infer<typeof profileAgentSchema>

/** Sorts of the profile's listings (the /szukaj ones that make sense without a location). */
export const PROFILE_SORTS = ['newest', 'price_asc', 'price_desc', 'area_asc', 'area_desc'] as const

// ---------------------------------------------------------------------------------------------------------------
// Directories: /agencje, /agencje?type=developers, /deweloperzy, find an agent.

export const DIRECTORY_TYPES = ['agencies', 'developers', 'agents', 'hotels'] as const
export type DirectoryType = (typeof DIRECTORY_TYPES)[number]
export const DIRECTORY_SORTS = ['listings', 'name'] as const
export const DIRECTORY_PER_PAGE = 24

export const DIRECTORY_LABELS: Record<DirectoryType, { title: string; heading: string; empty: string; search: string }> = {
  agencies: { title: 'Agencje nieruchomości', heading: 'Znajdź agencję nieruchomości', empty: 'Nie znaleźliśmy agencji spełniających te kryteria.', search: 'Nazwa agencji' },
  developers: { title: 'Deweloperzy', heading: 'Znajdź dewelopera', empty: 'Nie znaleźliśmy deweloperów spełniających te kryteria.', search: 'Nazwa dewelopera' },
  agents: { title: 'Agenci nieruchomości', heading: 'Znajdź agenta nieruchomości', empty: 'Nie znaleźliśmy agentów spełniających te kryteria.', search: 'Imię i nazwisko agenta' },
  hotels: { title: 'Hotele i pensjonaty', heading: 'Znajdź hotel lub pensjonat', empty: 'Nie znaleźliśmy obiektów spełniających te kryteria.', search: 'Nazwa obiektu' },
}

const pageParam = z.string().regex(/^\d{1,5}$/, 'Numer strony musi być liczbą od 1 do 10000.').transform(Number)
  .pipe(z.number().int().min(1, 'Numer strony musi być liczbą od 1 do 10000.').max(10_000, 'Numer strony musi być liczbą od 1 do 10000.'))

/** GET /api/agencies query. */
export const directoryQuerySchema = z.object({
  type: z.enum(DIRECTORY_TYPES, { error: 'Nieznany rodzaj katalogu.' }).default('agencies'),
  q: z.string().trim().max(100, 'Szukana nazwa może mieć najwyżej 100 znaków.').optional(),
  city: z.string().trim().max(100, 'Nazwa miejscowości może mieć najwyżej 100 znaków.').optional(),
  sort: z.enum(DIRECTORY_SORTS, { error: 'Sortuj według: listings lub name.' }).default('listings'),
  page: pageParam.optional(),
})
export type DirectoryQuery = z.input<typeof directoryQuerySchema>

export const directoryEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  avatar: z.string().nullable(),
  city: z.string().nullable(),
  offers_count: z.number().int(),
  profile_url: z.string(),
  /** Agents only: their company. */
  agency: z.object({ id: z.number().int(), name: z.string(), profile_url: z.string() }).nullable(),
})
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>

export const directoryResponseSchema = z.object({
  data: z.array(directoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
})
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// A company's agents: /agenci (+ /account/Agents), spec §7 /api/user/agents.

export const AGENT_MESSAGES = {
  nameRequired: 'Podaj imię i nazwisko agenta',
  nameTooLong: 'Imię i nazwisko może mieć najwyżej 120 znaków',
  emailRequired: 'Email jest wymagany',
  emailInvalid: 'Niepoprawny adres email',
  phoneInvalid: 'Niepoprawny numer telefonu',
  emailTaken: 'Ten adres email ma już konto w serwisie. Zaproś agenta na inny adres.',
  invited: 'Zaproszenie zostało wysłane na adres agenta',
  resent: 'Na email agenta został wysłany link aktywacyjny',
  alreadyActive: 'To konto agenta jest już aktywne',
  notFound: 'Nie znaleziono agenta.',
  removed: 'Agent został usunięty. Jego ogłoszenia zostały przy firmie.',
  tooMany: 'Zbyt wiele zaproszeń. Spróbuj ponownie później.',
} as const

export const AGENT_STATUS = { active: 'Aktywny', inactive: 'Nieaktywny' } as const


/** POST /api/user/agents. */
export const agentInviteSchema = z.object({
  name: z.string({ error: AGENT_MESSAGES.nameRequired }).trim().min(1, { error: AGENT_MESSAGES.nameRequired })
    .max(120, { error: AGENT_MESSAGES.nameTooLong }),
  email: z.string({ error: AGENT_MESSAGES.emailRequired }).trim().min(1, { error: AGENT_MESSAGES.emailRequired })
    .max(254, { error: AGENT_MESSAGES.emailInvalid }).regex(EMAIL_RE, { error: AGENT_MESSAGES.emailInvalid })
    .transform((v) => v.toLowerCase()),
  phone: z.union([z.string().trim().max(30, { error: AGENT_MESSAGES.phoneInvalid })
    .refine((v) => v === '' || PHONE_RE.test(v), { error: AGENT_MESSAGES.phoneInvalid }), z.null()]).optional()
    .transform((v) => (v ? v : null)),
})
export type AgentInviteInput = z.input<typeof agentInviteSchema>

/** An agent as the company sees it (reference AgentResource plus phone and listing count). */
export const agentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  /** 'Aktywny' once the agent has set a password, else 'Nieaktywny'. */
  status: z.enum([AGENT_STATUS.active, AGENT_STATUS.inactive]),
  /** ISO 8601. */
  created_at: z.string(),
  offers_count: z.number().int(),
  profile_url: z.string(),
})
export type Agent = z.infer<typeof agentSchema>

export const agentsResponseSchema = z.object({
  data: z.array(agentSchema),
  /** The company lets its agents see and manage all of its listings. */
  agents_share_listings: z.boolean(),
})
export type AgentsResponse = z.infer<typeof agentsResponseSchema>

export const agentSettingsSchema = z.object({ agents_share_listings: z.boolean({ error: 'Podaj true lub false' }) })
