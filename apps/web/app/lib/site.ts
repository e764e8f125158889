/** The portal's public name, shown in the logo's label, titles and the copyright line. */
export const SITE_NAME = 'Dazu'
export const SITE_TAGLINE = 'Ogłoszenia nieruchomości'
/** The year the portal started; the copyright runs from it to the current year (spec §2). */
export const SITE_SINCE = 2021

/** localStorage key holding the persisted user part of the client state (spec §3: one key). */
export const USER_STORAGE_KEY = 'portal_user'
/** Cookie that says a user is logged in (spec §3: value 1). */
export const LOGGED_COOKIE = 'isLogged'

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — ${SITE_TAGLINE.toLowerCase()}`
}

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const
