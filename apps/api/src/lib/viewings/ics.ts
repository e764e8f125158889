import { DateTime } from 'luxon'
import { ZONE } from './slots.ts'

/**
 * iCalendar (RFC 5545) for visits: an invitation or a cancellation mailed at each step (METHOD REQUEST or CANCEL,
 * one VEVENT whose UID stays and whose SEQUENCE grows with each change), and a person's subscribed feed (no METHOD,
 * every visit). Times are local to Europe/Warsaw with its VTIMEZONE, so calendars show them right across the
 * changes of the last Sundays of March and October.
 */
export interface IcsEvent {
  uid: string
  sequence: number
  start: Date
  end: Date
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'
  summary: string
  description: string
  location: string
  url: string
  organizer: { name: string; email: string }
  attendee?: { name: string; email: string }
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE', `TZID:${ZONE}`,
  'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'END:VTIMEZONE',
]

/** TEXT values: backslash, semicolon, comma and new lines escaped (§3.3.11). */
export const icsText = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
/** CN parameter values: quoted, without the characters a quoted value cannot hold. */
const cn = (v: string) => `"${v.replace(/["\r\n]/g, '')}"`
const local = (d: Date) => DateTime.fromJSDate(d, { zone: ZONE }).toFormat("yyyyMMdd'T'HHmmss")
const utc = (d: Date) => DateTime.fromJSDate(d, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'")

/** Lines longer than 75 octets folded with CRLF + space, never inside a UTF-8 character (§3.1). */
export function fold(line: string): string {
  const out: string[] = []
  let cur = '', bytes = 0
  for (const ch of line) {
    const n = Buffer.byteLength(ch)
    if (bytes + n > (out.length ? 74 : 75)) { out.push(cur); cur = ''; bytes = 0 }
    cur += ch; bytes += n
  }
  out.push(cur)
  return out.join('\r\n ')
}

function vevent(e: IcsEvent, stamp: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(stamp)}`,
    `DTSTART;TZID=${ZONE}:${local(e.start)}`,
    `DTEND;TZID=${ZONE}:${local(e.end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.location)}`,
    `URL:${e.url}`,
    `STATUS:${e.status}`,
    `ORGANIZER;CN=${cn(e.organizer.name)}:mailto:${e.organizer.email}`,
    ...(e.attendee ? [`ATTENDEE;CN=${cn(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${e.attendee.email}`] : []),
    'END:VEVENT',
  ]
}

export function calendar(events: IcsEvent[], o: { method?: 'REQUEST' | 'CANCEL'; name?: string; stamp?: Date } = {}): string {
  const stamp = o.stamp ?? new Date()
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Dazu//Ogladanie nieruchomosci//PL', 'CALSCALE:GREGORIAN',
    ...(o.method ? [`METHOD:${o.method}`] : []),
    ...(o.name ? [`X-WR-CALNAME:${icsText(o.name)}`, `X-WR-TIMEZONE:${ZONE}`] : []),
    ...VTIMEZONE,
    ...events.flatMap((e) => vevent(e, stamp)),
    'END:VCALENDAR',
  ]
  return lines.map(fold).join('\r\n') + '\r\n'
}
