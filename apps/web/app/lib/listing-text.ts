import { formatArea, formatPrice, formatPricePerM2, plural, ROOM_FORMS } from '@portal/contracts/format'
import type { ListingSummary } from '@portal/contracts/listing'

/** '1 250 000 zł', '3 200 zł/mies.' for rent, 'Za darmo' for give-away ads, never a bare '0 zł'. */
export function listingPrice(l: Pick<ListingSummary, 'price' | 'offer_type'>): string {
  if (l.offer_type === 'for_free') return 'Za darmo'
  if (l.price <= 0) return 'Cena do uzgodnienia'
  return l.offer_type === 'rent' ? `${formatPrice(l.price)}/mies.` : formatPrice(l.price)
}

/** Per m² makes sense for a sale; for rent the API still sends it but a monthly rate per m² confuses people. */
export function listingPricePerM2(l: Pick<ListingSummary, 'price' | 'area' | 'offer_type' | 'price_per_m2'>): string | null {
  if (l.offer_type !== 'sell') return null
  return formatPricePerM2(l.price, l.area)
}

export function roomsLabel(rooms: number | null | undefined): string | null {
  if (!rooms || rooms <= 0) return null
  return `${rooms} ${plural(rooms, ROOM_FORMS)}`
}

export function areaLabel(area: number | null | undefined): string | null {
  return area && area > 0 ? formatArea(area) : null
}

export function placeLabel(l: Pick<ListingSummary, 'city' | 'district'>): string {
  return l.district ? `${l.city}, ${l.district}` : l.city
}

/** Polish alt text for a card photo: what and where, e.g. 'Mieszkanie na sprzedaż, 3 pokoje, Kraków, Podgórze'. */
export function photoAlt(l: Pick<ListingSummary, 'title' | 'city' | 'district'>): string {
  return `${l.title} — ${placeLabel(l)}`
}
