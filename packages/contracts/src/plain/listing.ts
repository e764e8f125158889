/**
 * Who advertises, as the search filters by it ('ogloszeniodawca', issue 25): a person, an agency (an agency's agents
 * and hotels too) or a developer, by the listing owner's account (an agent's by its agency's).
 */
export const ADVERTISERS = ['private', 'agency', 'developer'] as const
export type Advertiser = (typeof ADVERTISERS)[number]
/** What a listing page and a card say about who advertises, as Otodom does. */
export const ADVERTISER_BADGES: Record<Advertiser, string> = { private: 'Oferta prywatna', agency: 'Biuro nieruchomości', developer: 'Deweloper' }
/** The kind of advertiser of an owner of account type `type`, whose agency (if any) has account type `agencyType`. */
export function advertiserKind(type: string, agencyType?: string | null): Advertiser {
  const t = agencyType ?? type
  return t === 'user' ? 'private' : t === 'developer' ? 'developer' : 'agency'
}

export const PHOTO_SIZES = { sm: 480, md: 960, lg: 1600 } as const
export type PhotoSize = keyof typeof PHOTO_SIZES

export function photoUrl(storageKey: string, size: PhotoSize): string {
  return `/uploads/${storageKey}/${size}.webp`
}
export function photoSrcSet(storageKey: string): string {
  return (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((s) => `${photoUrl(storageKey, s)} ${PHOTO_SIZES[s]}w`).join(', ')
}
