// The signed-in user (profile schema of @portal/contracts/user, spec §3/§7) and the rules that depend on it (spec §6).
import type { Profile } from '@portal/contracts/user'

export type { Profile }

/** Account types that carry a company (spec §3 lists user, agency, developer, hotel). */
export const COMPANY_TYPES = ['agency', 'developer', 'hotel'] as const

export function isCompanyAccount(user: Pick<Profile, 'type'> | null | undefined): boolean {
  return !!user && (COMPANY_TYPES as readonly string[]).includes(user.type)
}

export function hasRole(user: Pick<Profile, 'roles'> | null | undefined, ...roles: string[]): boolean {
  return !!user && Array.isArray(user.roles) && user.roles.some((r) => roles.includes(r))
}

/** Spec §6: the agents entry shows for agency/developer/hotel accounts and for roles company or admin. */
export function canSeeAgents(user: Pick<Profile, 'type' | 'roles'> | null | undefined): boolean {
  return isCompanyAccount(user) || hasRole(user, 'company', 'admin')
}

/** Up to two initials for the avatar placeholder ('Jan Kowalski' → 'JK'). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (!parts.length) return '?'
  return parts
    .slice(0, 2)
    .map((p) => p[0]!.toLocaleUpperCase('pl-PL'))
    .join('')
}
