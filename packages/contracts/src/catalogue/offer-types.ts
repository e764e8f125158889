// Offer types: the API speaks English values, URLs speak Polish slugs (spec §9).
export const OFFER_TYPES = [
  { value: 'sell', slug: 'sprzedaz', label: 'Sprzedaż', menu: 'SPRZEDAŻ', phrase: 'na sprzedaż' },
  { value: 'rent', slug: 'wynajem', label: 'Wynajem', menu: 'WYNAJEM', phrase: 'na wynajem' },
  { value: 'exchange', slug: 'zamiana', label: 'Zamiana', menu: 'ZAMIANA', phrase: 'do zamiany' },
  { value: 'for_free', slug: 'oddam', label: 'Oddam', menu: 'ODDAM', phrase: 'do oddania' },
] as const

export type OfferType = (typeof OFFER_TYPES)[number]['value']
export type OfferTypeSlug = (typeof OFFER_TYPES)[number]['slug']
export const OFFER_TYPE_VALUES = OFFER_TYPES.map((t) => t.value) as [OfferType, ...OfferType[]]

/** Wanted ads ("szukam") are a separate ad type, not an offer type (spec §4). */
export const SEEK_PROPERTY = 'seek-property'
export const AD_TYPES = ['offer', 'seek'] as const
export type AdType = (typeof AD_TYPES)[number]

/** The advanced search sends `swap` for exchange (spec §9). */
const ALIASES: Record<string, OfferType> = { swap: 'exchange', oddanie: 'for_free' }

export function offerTypeFromSlug(slug: string | null | undefined): OfferType | undefined {
  if (!slug) return undefined
  const s = slug.trim().toLowerCase()
  const hit = OFFER_TYPES.find((t) => t.slug === s || t.value === s)
  return hit?.value ?? ALIASES[s]
}

export function offerTypeInfo(value: OfferType) {
  return OFFER_TYPES.find((t) => t.value === value)!
}
