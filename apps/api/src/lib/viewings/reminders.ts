import type { FastifyInstance } from 'fastify'
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { viewingBookings } from '@portal/db'
import { announce, type BookingRow } from './announce.ts'

/**
 * Reminders 24 and 2 hours before a visit (issue 28), one pg-boss job each, queued with startAfter when the
 * booking is made or moved. The job carries the start it was queued for: a visit moved since, cancelled, not
 * confirmed by then, or already begun gets no reminder, and the reminded_* stamps make a reminder go once however
 * many paths reach it. Catch-up (decision 070): a server that was down when a reminder fell due sends it on start
 * (and the 5-minute sweep looks again), while the visit is still ahead; when both are due only the 2-hour one goes.
 */
export const VIEWING_REMINDER = 'viewing-reminder'
export const REMINDERS = { 24: 24 * 3600_000, 2: 2 * 3600_000 } as const
export interface ReminderJob { id: number; hours: 24 | 2; start: string }

export async function scheduleReminders(app: FastifyInstance, b: BookingRow) {
  const start = new Date(b.startsAt)
  for (const hours of [24, 2] as const) {
    const at = new Date(start.getTime() - REMINDERS[hours])
    if (at.getTime() <= Date.now()) continue
    await app.jobs.enqueue<ReminderJob>(VIEWING_REMINDER, { id: b.id, hours, start: start.toISOString() }, { startAfter: at })
  }
}

/**
 * The job's handler (and catch-up's); returns whether a reminder went out. The 24-hour one is left to the 2-hour
 * one once that is due too; sending the 2-hour one settles the 24-hour one, so a late job cannot follow it.
 */
export async function sendReminder(app: FastifyInstance, job: ReminderJob): Promise<boolean> {
  const stamp = job.hours === 24 ? viewingBookings.reminded24At : viewingBookings.reminded2At
  const ahead = job.hours === 24 ? sql`${viewingBookings.startsAt} > now() + interval '2 hours'` : gt(viewingBookings.startsAt, sql`now()`)
  const now = new Date()
  const [row] = await app.db.db.update(viewingBookings)
    .set(job.hours === 24 ? { reminded24At: now } : { reminded2At: now, reminded24At: sql`coalesce(${viewingBookings.reminded24At}, now())` })
    .where(and(eq(viewingBookings.id, job.id), eq(viewingBookings.status, 'confirmed'), eq(viewingBookings.startsAt, new Date(job.start)), isNull(stamp), ahead))
    .returning()
  if (!row) return false
  await announce(app, row, job.hours === 24 ? 'reminder24' : 'reminder2', 'system')
  return true
}

/** A reminder is owed when it fell due after the visit's last change (a visit booked or confirmed 5 h ahead owes no 24-hour one). */
const owed = (hours: 2 | 24) => {
  const due = sql`${viewingBookings.startsAt} - ${sql.raw(`interval '${hours} hours'`)}`
  return and(isNull(hours === 24 ? viewingBookings.reminded24At : viewingBookings.reminded2At), sql`${due} <= now()`, sql`${due} > ${viewingBookings.updatedAt}`)
}

/** Reminders that fell due while nothing sent them (the server was down, a job was lost): sent now, once. Returns how many. */
export async function catchUpReminders(app: FastifyInstance): Promise<number> {
  const rows = await app.db.db.select({ id: viewingBookings.id, startsAt: viewingBookings.startsAt, two: sql<boolean>`${owed(2)}` }).from(viewingBookings)
    .where(and(eq(viewingBookings.status, 'confirmed'), isNotNull(viewingBookings.verifiedAt), gt(viewingBookings.startsAt, sql`now()`), or(owed(2), owed(24))))
    .limit(500)
  let n = 0
  for (const r of rows) {
    const sent = await sendReminder(app, { id: r.id, hours: r.two ? 2 : 24, start: new Date(r.startsAt).toISOString() })
      .catch((err: Error) => { app.log.warn({ err: err.message, booking: r.id }, 'viewing reminder not sent'); return false })
    if (sent) n++
  }
  return n
}
