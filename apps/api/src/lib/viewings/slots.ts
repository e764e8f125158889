import { DateTime } from 'luxon'
import type { ViewingException, ViewingHours } from '@portal/db'

/**
 * Free visit times of a listing, in Europe/Warsaw wall time (issue 28). Pure: the caller reads the settings, open
 * days and active bookings. A day's hours are its exception when there is one (no ranges: a day off), else the
 * week's hours of that weekday. Times are laid from each range's start every visit length; a wall time that does not
 * exist (02:xx on the last Sunday of March) is skipped, an hour that exists twice (02:xx on the last Sunday of
 * October) gives one visit, at its first (summer-time) occurrence. A visit's end is its start plus the length in real
 * minutes, so a visit across the change lasts as long as any other.
 */
export const ZONE = 'Europe/Warsaw'
/** How far ahead people may book, and how soon. */
export const HORIZON_DAYS = 28
export const MIN_LEAD_MINUTES = 60

export interface Availability { weekly: ViewingHours[]; exceptions: ViewingException[]; visitMinutes: number }
export interface OpenDay { id: number; startsAt: Date; endsAt: Date; capacity: number; taken: number }
export interface Busy { startsAt: Date; endsAt: Date }
export interface Slot { start: Date; end: Date; openDayId: number | null; placesLeft: number | null }

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The ranges that apply to one local date (YYYY-MM-DD). */
export function rangesOn(a: Pick<Availability, 'weekly' | 'exceptions'>, date: string): Array<{ from: string; to: string }> {
  const exception = a.exceptions.find((e) => e.date === date)
  if (exception) return exception.ranges
  const weekday = DateTime.fromISO(date, { zone: ZONE }).weekday
  return a.weekly.filter((h) => h.day === weekday)
}

/** Every visit time the hours allow between two instants, taken or not. */
export function gridSlots(a: Availability, from: Date, to: Date): Slot[] {
  const out: Slot[] = []
  let day = DateTime.fromJSDate(from, { zone: ZONE }).startOf('day')
  const last = DateTime.fromJSDate(to, { zone: ZONE }).startOf('day')
  const len = a.visitMinutes
  while (day <= last) {
    const date = day.toISODate()!
    for (const r of rangesOn(a, date)) {
      for (let m = minutes(r.from); m + len <= minutes(r.to); m += len) {
        const hour = Math.floor(m / 60), minute = m % 60
        let start = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: ZONE })
        if (start.hour !== hour || start.minute !== minute) continue // skipped by the spring change
        // luxon takes the later (winter) occurrence of an autumn hour that happens twice; the visit is the first.
        const earlier = start.minus({ hours: 1 })
        if (earlier.hour === hour && earlier.minute === minute) start = earlier
        const s = start.toJSDate()
        if (s < from || s > to) continue
        out.push({ start: s, end: new Date(s.getTime() + len * 60_000), openDayId: null, placesLeft: null })
      }
    }
    day = day.plus({ days: 1 })
  }
  return out
}

const overlaps = (a: Busy, s: { start: Date; end: Date }) => a.startsAt < s.end && s.start < a.endsAt

/**
 * Free times between `now` (plus the lead) and the horizon: grid times no active booking overlaps, and open days
 * with places left, in order.
 */
export function freeSlots(a: Availability | null, openDays: OpenDay[], busy: Busy[], now: Date, days = HORIZON_DAYS): Slot[] {
  const from = new Date(now.getTime() + MIN_LEAD_MINUTES * 60_000)
  const to = DateTime.fromJSDate(now, { zone: ZONE }).plus({ days }).endOf('day').toJSDate()
  const visits = a ? gridSlots(a, from, to).filter((s) => !busy.some((b) => overlaps(b, s))) : []
  const open = openDays
    .filter((o) => o.startsAt >= from && o.startsAt <= to && o.taken < o.capacity)
    .map((o) => ({ start: o.startsAt, end: o.endsAt, openDayId: o.id, placesLeft: o.capacity - o.taken }))
  return [...visits, ...open].sort((x, y) => x.start.getTime() - y.start.getTime())
}

/** The local date and time of an instant ('2026-03-29', '10:30'). */
export function localParts(d: Date): { date: string; time: string } {
  const t = DateTime.fromJSDate(d, { zone: ZONE })
  return { date: t.toISODate()!, time: t.toFormat('HH:mm') }
}
