import { eq } from 'drizzle-orm'
import { listings, type Db, type DbHandle } from '@portal/db'
import { plural } from '@portal/contracts/format'
import { dbOf, notify, notifyMany } from './notifications.ts'

/** The §7 listing events as bell notifications for the listing's owner: the title in Polish quotes, no dash (issue 29). */
export type ListingEvent = 'activated' | 'scheduled' | 'expiring' | 'expired'

export function listingEventMessage(event: ListingEvent, title: string, days = 3): string {
  switch (event) {
    case 'activated': return `Ogłoszenie „${title}” zostało aktywowane`
    case 'scheduled': return `Ogłoszenie „${title}” zostało aktywowane i automatycznie pojawi się na portalu w wyznaczonym terminie.`
    case 'expiring': return `Ogłoszenie „${title}” wygaśnie za ${days} ${plural(days, ['dzień', 'dni', 'dni'])}. Przedłuż je jednym kliknięciem.`
    case 'expired': return `Ogłoszenie „${title}” wygasło`
  }
}

/** Notifies the owner of a listing about an event; the link opens the listing (or the owner's list when it is not public). */
export async function notifyListingEvent(db: DbHandle | Db, listingId: number, event: ListingEvent, opts: { days?: number } = {}): Promise<void> {
  const d = dbOf(db)
  const [l] = await d.select({ userId: listings.userId, title: listings.title, slug: listings.slug })
    .from(listings).where(eq(listings.id, listingId)).limit(1)
  if (!l) return
  const isPublic = event === 'activated'
  await notify(d, l.userId, {
    type: event === 'expiring' || event === 'expired' ? 'warning' : 'info',
    message: listingEventMessage(event, l.title, opts.days),
    link: isPublic ? `/ogloszenia/${l.slug}` : '/moje-ogloszenia',
  })
}

/** The expiry sweep's notifications, one insert for all listings that just expired. */
export async function notifyListingsExpired(db: DbHandle | Db, rows: Array<{ userId: number; title: string }>): Promise<void> {
  await notifyMany(db, rows.map((r) => ({
    userId: r.userId, type: 'warning' as const, message: listingEventMessage('expired', r.title), link: '/moje-ogloszenia',
  })))
}
