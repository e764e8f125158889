import { eq } from 'drizzle-orm'
import { investments, listings, users, type DbHandle } from '@portal/db'
import type { UserRow } from '../accounts/guard.ts'
import type { ListingRow } from '../listings/access.ts'

/**
 * What a visit is to: a listing, or an investment (its open day, decision 070, or its weekly hours, decision 078). Mails, the .ics and the
 * calendar name it and link its page through this one shape.
 */
export interface Place {
  kind: 'listing' | 'investment'
  id: number
  title: string
  slug: string
  /** The page: /ogloszenia/{slug} or /inwestycje/{slug}. */
  path: string
  city: string
  district: string | null
  /** 'ogłoszenia „…”' or 'inwestycji „…”' in the Polish texts. */
  of: 'ogłoszenia' | 'inwestycji'
  /** Who answers visits, as the texts decline it: the advertiser of a listing, the developer of an investment. */
  who: { nom: string; gen: string; acc: string }
}
const ADVERTISER = { nom: 'ogłoszeniodawca', gen: 'ogłoszeniodawcy', acc: 'ogłoszeniodawcę' }
const DEVELOPER = { nom: 'deweloper', gen: 'dewelopera', acc: 'dewelopera' }
type InvestmentRow = typeof investments.$inferSelect

export const listingPlace = (l: { id: number; title: string; slug: string; city: string; district: string | null }): Place =>
  ({ kind: 'listing', id: l.id, title: l.title, slug: l.slug, path: `/ogloszenia/${l.slug}`, city: l.city, district: l.district, of: 'ogłoszenia', who: ADVERTISER })
export const investmentPlace = (i: Pick<InvestmentRow, 'id' | 'name' | 'slug' | 'city' | 'district'>): Place =>
  ({ kind: 'investment', id: i.id, title: i.name, slug: i.slug, path: `/inwestycje/${i.slug}`, city: i.city, district: i.district, of: 'inwestycji', who: DEVELOPER })

/** The place and the advertiser of a booking; `listing` is the row for the listing's thread (null for an investment). */
export async function partiesOf(db: DbHandle, b: { listingId: number | null; investmentId: number | null; ownerId: number }) {
  const [owner] = await db.db.select().from(users).where(eq(users.id, b.ownerId)).limit(1)
  if (b.listingId !== null) {
    const [listing] = await db.db.select().from(listings).where(eq(listings.id, b.listingId)).limit(1)
    return { place: listingPlace(listing!), listing: listing! as ListingRow, owner: owner! as UserRow }
  }
  const [inv] = await db.db.select().from(investments).where(eq(investments.id, b.investmentId!)).limit(1)
  return { place: investmentPlace(inv!), listing: null, owner: owner! as UserRow }
}
