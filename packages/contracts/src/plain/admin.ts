/**
 * The admin area (issue 13): roles admin and mod, the moderation queue, reports, users, the word blacklist and the
 * audit log. Everything under /api/admin answers 404 to anyone who is not staff (its existence is not revealed).
 */
export const STAFF_ROLES = ['admin', 'mod'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const isStaff = (roles: readonly string[] | null | undefined) => !!roles && roles.some((r) => r === 'admin' || r === 'mod')
export const isAdmin = (roles: readonly string[] | null | undefined) => !!roles && roles.includes('admin')

/** Roles an admin can give: plain user, moderator, admin. */
export const ASSIGNABLE_ROLES = ['user', 'mod', 'admin'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]
export const ROLE_LABELS: Record<string, string> = {
  user: 'Użytkownik', mod: 'Moderator', admin: 'Administrator', company: 'Firma', agent: 'Agent',
}

export const ADMIN_MESSAGES = {
  noteRequired: 'Podaj powód odrzucenia.',
  noteTooLong: 'Notatka może mieć najwyżej 1000 znaków.',
  notQueued: 'To ogłoszenie nie czeka na moderację.',
  roleInvalid: 'Wybierz rolę: użytkownik, moderator lub administrator.',
  adminOnly: 'Tylko administrator może to zrobić.',
  notYourself: 'Nie możesz zmienić własnego konta w ten sposób.',
  staffProtected: 'Konto administratora może zablokować tylko administrator.',
  alreadyBlocked: 'To konto jest już zablokowane.',
  notBlocked: 'To konto nie jest zablokowane.',
  reasonTooLong: 'Powód może mieć najwyżej 500 znaków.',
  wordRequired: 'Wpisz słowo (2–40 liter).',
  wordExists: 'To słowo jest już na liście.',
  actionInvalid: 'Wybierz działanie.',
  noOpenReports: 'To ogłoszenie nie ma otwartych zgłoszeń.',
  modeInvalid: 'Tryb moderacji to pre lub post.',
  blocked: 'Konto zostało zablokowane. Skontaktuj się z nami, jeśli uważasz, że to pomyłka.',
} as const
