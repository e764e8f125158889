import type { FastifyInstance } from 'fastify'
import { and, gt, inArray, sql } from 'drizzle-orm'
import { listings, viewingBookings } from '@portal/db'
import { cancelBooking, releaseUnconfirmed } from './bookings.ts'
import { catchUpReminders } from './reminders.ts'

/**
 * The viewings sweep (a pg-boss cron job, decision 054): guests' unconfirmed bookings give their time back, and
 * future visits of a listing that ended, expired, was suspended or rejected (a listing under review keeps them) are cancelled
 * with a message to both sides. A sweep rather than a hook in each of the many places that end a listing (the owner,
 * moderation, blocking a user, feeds, the expiry sweep): none of them can be missed, and lower layers need not know
 * about visits. It then sends reminders that fell due unsent (catch-up, decision 070).
 */
export const VIEWINGS_SWEEP = 'viewings-sweep'
export const LISTING_GONE_REASON = 'Ogłoszenie zostało zakończone lub zawieszone.'

export async function sweepViewings(app: FastifyInstance): Promise<number> {
  await releaseUnconfirmed(app.db)
  const rows = await app.db.db.select().from(viewingBookings)
    .where(and(inArray(viewingBookings.status, ['pending', 'confirmed']), gt(viewingBookings.startsAt, sql`now()`), sql`${viewingBookings.verifiedAt} is not null`,
      sql`exists (select 1 from ${listings} l where l.id = viewing_bookings.listing_id and (l.status in ('ended', 'expired', 'rejected', 'suspended') or (l.status = 'active' and l.expires_at <= now())))`))
  let n = 0
  for (const b of rows) {
    await cancelBooking(app, b, 'system', LISTING_GONE_REASON).then(() => n++, (err) => app.log.warn({ err, booking: b.id }, 'viewing not cancelled'))
  }
  const reminded = await catchUpReminders(app)
  if (reminded) app.log.info({ reminded }, 'viewing reminders caught up')
  return n
}
