import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { viewingBookings } from '@portal/db'
import { formatViewingDay, formatViewingTime, viewingDate } from '@portal/contracts/viewings'
import type { UserRow } from '../accounts/guard.ts'
import { notify } from '../notifications/notifications.ts'
import { displayName } from '../people/profile.ts'
import { postToThread } from '../messages/threads.ts'
import { viewingMail } from '../../mail/viewing-templates.ts'
import { calendar, type IcsEvent } from './ics.ts'
import { partiesOf, type Place } from './place.ts'

/**
 * Telling both sides about each step of a visit (issue 28): an e-mail with the .ics, the bell of whoever has an
 * account, and a note in their message thread from the side that acted.
 */
export type BookingRow = typeof viewingBookings.$inferSelect
export type Step = 'requested' | 'confirmed' | 'proposed' | 'cancelled' | 'reminder24' | 'reminder2'
type Side = 'owner' | 'visitor'

/** The guest's link: the booking id signed with the app key (nothing to store, nothing to guess). */
export const guestToken = (appKey: string, id: number) => `${id}.${createHmac('sha256', appKey).update(`viewing:${id}`).digest('base64url').slice(0, 32)}`
export function bookingIdOfToken(appKey: string, token: string): number | null {
  const m = /^(\d{1,15})\.[\w-]{32}$/.exec(token)
  if (!m) return null
  const good = Buffer.from(guestToken(appKey, Number(m[1])))
  const given = Buffer.from(token)
  return good.length === given.length && timingSafeEqual(good, given) ? Number(m[1]) : null
}

export const when = (b: Pick<BookingRow, 'startsAt' | 'endsAt'>) => {
  const s = new Date(b.startsAt).toISOString(), e = new Date(b.endsAt).toISOString()
  return `${formatViewingDay(s, true)}, ${formatViewingTime(s)}–${formatViewingTime(e)}`
}

export { partiesOf }

export function icsEvent(app: FastifyInstance, b: BookingRow, listing: Pick<Place, 'title' | 'path' | 'city' | 'district' | 'who'>, owner: UserRow, forSide: Side): IcsEvent {
  const host = new URL(app.env.PUBLIC_URL).hostname
  const url = `${app.env.PUBLIC_URL}${listing.path}`
  const contact = forSide === 'owner'
    ? `Odwiedzający: ${b.name}, ${b.email}${b.phone ? `, tel. ${b.phone}` : ''}`
    : `${cap(listing.who.nom)}: ${displayName(owner)}`
  return {
    uid: `viewing-${b.id}@${host}`, sequence: b.sequence, start: new Date(b.startsAt), end: new Date(b.endsAt),
    status: b.status === 'cancelled' ? 'CANCELLED' : b.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    summary: `${b.openDayId ? 'Dzień otwarty' : 'Oglądanie'}: ${listing.title}`,
    description: [contact, b.reason ? `Uwagi: ${b.reason}` : '', url].filter(Boolean).join('\n'),
    location: [listing.city, listing.district].filter(Boolean).join(', '), url,
    organizer: { name: 'Dazu', email: app.env.MAIL_FROM.replace(/^.*<([^>]+)>.*$/, '$1') },
    attendee: forSide === 'owner' ? { name: b.name, email: b.email } : { name: displayName(owner), email: owner.email },
  }
}

/** 'dziś' or 'jutro' for a reminder: a reminder sent late (catch-up after a restart) still names the right day. */
const dayWord = (start: Date) => viewingDate(start.toISOString()) === viewingDate(new Date().toISOString()) ? 'dziś' : 'jutro'

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

const TEXTS: Record<Step, (o: { title: string; when: string; reason: string | null; by: Side | 'system'; start: Date; of: Place['of']; who: Place['who'] }) => { subject: string; line: string }> = {
  requested: (o) => ({ subject: `Prośba o oglądanie: ${o.title}`, line: `Prośba o oglądanie ${o.of} „${o.title}”: ${o.when}. Czeka na potwierdzenie ${o.who.gen}.` }),
  confirmed: (o) => ({ subject: `Oglądanie potwierdzone: ${o.title}`, line: `Oglądanie ${o.of} „${o.title}” jest potwierdzone: ${o.when}.` }),
  proposed: (o) => ({ subject: `Propozycja innego terminu oglądania: ${o.title}`, line: `${o.by === 'owner' ? cap(o.who.nom) : 'Odwiedzający'} proponuje inny termin oglądania ${o.of} „${o.title}”: ${o.when}. Powód: ${o.reason ?? ''}` }),
  cancelled: (o) => ({ subject: `Oglądanie odwołane: ${o.title}`, line: `Oglądanie ${o.of} „${o.title}” (${o.when}) zostało odwołane${o.by === 'owner' ? ` przez ${o.who.acc}` : o.by === 'visitor' ? ' przez odwiedzającego' : ''}. Powód: ${o.reason ?? ''}` }),
  reminder24: (o) => ({ subject: `Przypomnienie: ${dayWord(o.start)} oglądanie – ${o.title}`, line: `Przypominamy o ${dayWord(o.start) === 'dziś' ? 'dzisiejszym' : 'jutrzejszym'} oglądaniu ${o.of} „${o.title}”: ${o.when}.` }),
  reminder2: (o) => ({ subject: `Przypomnienie: oglądanie dziś o ${formatViewingTime(o.start.toISOString())} – ${o.title}`, line: `Przypominamy o dzisiejszym oglądaniu ${o.of} „${o.title}”: ${o.when}.` }),
}

/**
 * Mails (with the .ics), bells and the thread note of one step. `by` is the side that acted (the note's author;
 * 'system' posts nothing to the thread). Reminders go by mail and bell only.
 */
export async function announce(app: FastifyInstance, b: BookingRow, step: Step, by: Side | 'system') {
  const { place, listing, owner } = await partiesOf(app.db, b)
  const t = TEXTS[step]({ title: place.title, of: place.of, who: place.who, when: when(b), reason: b.reason, by, start: new Date(b.startsAt) })
  const cancel = b.status === 'cancelled'
  const visitorUrl = b.userId ? `${app.env.PUBLIC_URL}/kalendarz?rola=moje` : `${app.env.PUBLIC_URL}/ogladanie?token=${guestToken(app.appKey, b.id)}`
  const ownerUrl = `${app.env.PUBLIC_URL}/kalendarz`
  const ownerLines = [t.line, `Odwiedzający: ${b.name}, ${b.email}${b.phone ? `, tel. ${b.phone}` : ''}.`]
  if (step === 'requested' && b.awaiting === 'owner') ownerLines.push('Potwierdź termin, zaproponuj inny albo odwołaj wizytę w kalendarzu.')
  const method = cancel ? 'CANCEL' as const : 'REQUEST' as const
  await app.mailer.send(viewingMail({
    to: owner.email, name: displayName(owner), subject: t.subject, lines: ownerLines, url: ownerUrl, urlLabel: 'Otwórz kalendarz',
    calendar: calendar([icsEvent(app, b, place, owner, 'owner')], { method }), cancel,
  }))
  await app.mailer.send(viewingMail({
    to: b.email, name: b.name, subject: t.subject, lines: [t.line], url: visitorUrl, urlLabel: 'Zobacz wizytę',
    calendar: calendar([icsEvent(app, b, place, owner, 'visitor')], { method }), cancel,
  }))
  await notify(app.db, owner.id, { type: cancel ? 'warning' : 'info', message: t.subject, link: '/kalendarz' })
  if (b.userId) await notify(app.db, b.userId, { type: cancel ? 'warning' : 'info', message: t.subject, link: '/kalendarz?rola=moje' })
  // An investment's open day has no listing thread to note it in: the mails and bells carry it.
  if (by === 'system' || step.startsWith('reminder') || !listing) return
  const thread = await postToThread(app.db, {
    owner, listing, counterpart: { id: b.userId, name: b.name, email: b.email, phone: b.phone }, from: by === 'owner' ? 'owner' : 'counterpart',
    body: t.line,
  })
  if (b.threadId !== thread.id) await app.db.db.update(viewingBookings).set({ threadId: thread.id }).where(eq(viewingBookings.id, b.id))
}
