import type { PublicOffer } from '@portal/contracts/offer'

/** Attribute ids of the monthly costs (packages/contracts/src/catalogue/attributes.ts, decision 072). */
export const BILLS_INCLUDED_ID = 7
export const CZYNSZ_ID = 37
export const MEDIA_ID = 38

type Offer = Pick<PublicOffer, 'offer_type' | 'price'> & { attributes: readonly { id: number; value: string | string[] }[] }

export interface MonthlyCost {
  /** The parts in display order, amounts in grosze. */
  parts: { label: string; amount: number }[]
  total: number
  billsIncluded: boolean
}

/** A whole-złote attribute value (czynsz, media) in grosze; null when absent, not a number or zero. */
export function attrGrosze(o: Offer, id: number): number | null {
  const v = o.attributes.find((a) => a.id === id)?.value
  if (typeof v !== 'string') return null
  const n = Number(v)
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : null
}

/**
 * What a rent costs a month (issue 26 item 5): rent + czynsz + media, only the parts the advertiser gave. Null on
 * anything but a priced rent, and when only the rent is known (the price already says it). Bills included (7): the
 * utilities are in the rent, so a media figure is not added on top; czynsz still is, as the advertiser listed it.
 */
export function monthlyCost(o: Offer): MonthlyCost | null {
  if (o.offer_type !== 'rent' || o.price <= 0) return null
  const billsIncluded = o.attributes.some((a) => a.id === BILLS_INCLUDED_ID && a.value === 'true')
  const czynsz = attrGrosze(o, CZYNSZ_ID)
  const media = billsIncluded ? null : attrGrosze(o, MEDIA_ID)
  if (czynsz === null && media === null && !billsIncluded) return null
  const parts = [{ label: 'Najem', amount: o.price }]
  if (czynsz !== null) parts.push({ label: 'Czynsz administracyjny', amount: czynsz })
  if (media !== null) parts.push({ label: 'Opłaty za media', amount: media })
  return { parts, total: parts.reduce((s, p) => s + p.amount, 0), billsIncluded }
}
