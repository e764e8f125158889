import type { FastifyInstance } from 'fastify'
import { and, eq, isNull } from 'drizzle-orm'
import { viewingBookings } from '@portal/db'
import { announce, type BookingRow } from './announce.ts'

/**
 * Reminders 24 and 2 hours before a visit (issue 28), one pg-boss job each, queued with startAfter when the
 * booking is made or moved. The job carries the start it was queued for: a visit moved since, cancelled, or not
 * confirmed by then gets no reminder, and the reminded_* stamp makes a job that runs twice send once.
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

/** The job's handler; returns whether a reminder went out. */
export async function sendReminder(app: FastifyInstance, job: ReminderJob): Promise<boolean> {
  const stamp = job.hours === 24 ? viewingBookings.reminded24At : viewingBookings.reminded2At
  const [row] = await app.db.db.update(viewingBookings).set(job.hours === 24 ? { reminded24At: new Date() } : { reminded2At: new Date() })
    .where(and(eq(viewingBookings.id, job.id), eq(viewingBookings.status, 'confirmed'), eq(viewingBookings.startsAt, new Date(job.start)), isNull(stamp)))
    .returning()
  if (!row) return false
  await announce(app, row, job.hours === 24 ? 'reminder24' : 'reminder2', 'system')
  return true
}
