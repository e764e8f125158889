// Texts and structured data of the people pages (profiles and directories), kept apart from the components so they
// can be tested without rendering.
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { ACCOUNT_TYPE_LABELS, type DirectoryType, type PublicPerson } from '@portal/contracts/people'
import { absoluteUrl } from './offer-text'

export const listingsCount = (n: number) => countLabel(n, LISTING_FORMS)
export const AGENT_FORMS = ['agent', 'agentów', 'agentów'] as const
export const typeLabel = (type: string) => ACCOUNT_TYPE_LABELS[type] ?? ACCOUNT_TYPE_LABELS.user!

/** Where a directory lives: agencies and agents under /agencje, developers at /deweloperzy. */
export function directoryPath(type: DirectoryType): string {
  if (type === 'developers') return '/deweloperzy'
  return type === 'agencies' ? '/agencje' : `/agencje?type=${type}`
}

export const isCompanyProfile = (p: Pick<PublicPerson, 'type'>) => p.type === 'agency' || p.type === 'developer' || p.type === 'hotel'

/** schema.org for a profile: RealEstateAgent for agencies and developers, LodgingBusiness for hotels, else Person. */
export function profileJsonLd(p: PublicPerson, origin: string) {
  const url = absoluteUrl(origin, p.profile_url)
  const base = {
    '@context': 'https://schema.org',
    name: p.display_name,
    url,
    ...(p.avatar ? { image: absoluteUrl(origin, p.avatar) } : {}),
    ...(p.description ? { description: p.description.slice(0, 500) } : {}),
  }
  if (isCompanyProfile(p)) {
    return {
      ...base,
      '@type': p.type === 'hotel' ? 'LodgingBusiness' : 'RealEstateAgent',
      ...(p.city ? { address: { '@type': 'PostalAddress', addressLocality: p.city, addressCountry: 'PL' } } : {}),
      ...(p.languages.length ? { knowsLanguage: p.languages } : {}),
      ...(p.services.length ? { makesOffer: p.services.map((s) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name: s } })) } : {}),
    }
  }
  return {
    ...base,
    '@type': 'Person',
    ...(p.agency ? { worksFor: { '@type': 'RealEstateAgent', name: p.agency.name, url: absoluteUrl(origin, p.agency.profile_url) } } : {}),
  }
}
