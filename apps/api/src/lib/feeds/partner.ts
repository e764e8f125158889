import { ATTRIBUTE_BY_SLUG, CATEGORY_BY_ID, categoryBySlug } from '@portal/contracts/catalogue'
import type { PartnerOfferInput } from '@portal/contracts/feeds'
import { finish, newDraft, Reject, type FeedOffer } from './map.ts'

/**
 * A partner API body (JSON, our catalogue's words) as a feed offer: the same checks as a file's offer (finish), so a
 * category, attribute or place without a counterpart is refused with its reason, never guessed.
 */
export function partnerOffer(externalId: string, body: Required<Omit<PartnerOfferInput, 'currency'>>): FeedOffer {
  const d = newDraft(externalId)
  const cat = typeof body.category === 'number' ? CATEGORY_BY_ID.get(body.category) : categoryBySlug(body.category)
  if (!cat) throw new Reject(`Nieznana kategoria „${String(body.category).slice(0, 60)}”`)
  d.categoryId = cat.id
  d.offerType = body.offer_type
  d.title = body.title
  d.description = body.description
  d.price = body.price
  d.city = body.location.name
  d.lat = body.location.lat
  d.lon = body.location.lon
  for (const [slug, value] of Object.entries(body.attributes)) {
    const def = ATTRIBUTE_BY_SLUG.get(slug)
    if (!def) throw new Reject(`Nieznany atrybut „${slug.slice(0, 40)}”`)
    if (value === false) continue
    d.attrs.set(def.id, value === true ? 'true' : value)
  }
  d.photos = body.photos
  const offer = finish(d)
  // The place's name is the partner's as sent (a file's is put together from its parts).
  return { ...offer, location: { ...offer.location, name: body.location.name.slice(0, 200) } }
}

export { Reject }
