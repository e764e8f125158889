import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eq } from 'drizzle-orm'
import { viewingBookings } from '@portal/db'
import {
  cancelInputSchema, feedSchema, guestCancelSchema, proposeInputSchema, tokenInputSchema, VIEWING_MESSAGES, viewingListSchema, viewingQuerySchema, viewingSchema,
} from '@portal/contracts/viewings'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { HttpError, notFound } from '../../../lib/http/errors.ts'
import { testRoutesEnabled } from '../../../env.ts'
import { cancelBooking, confirmBooking, delivered, GUEST_HOLD_MS, proposeTime, userBooking } from '../../../lib/viewings/bookings.ts'
import { bookingIdOfToken, partiesOf, type BookingRow } from '../../../lib/viewings/announce.ts'
import { feedCalendar, feedToken, listViewings, viewingView } from '../../../lib/viewings/calendar.ts'
import { settingsOf } from '../../../lib/viewings/settings.ts'
import { catchUpReminders, sendReminder, VIEWING_REMINDER, type ReminderJob } from '../../../lib/viewings/reminders.ts'
import { sweepViewings, VIEWINGS_SWEEP } from '../../../lib/viewings/sweep.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema }
const idParams = z.object({ id: z.string().max(20) })
const guestView = viewingSchema.extend({ verified_now: z.boolean() })

/** /api/viewings (issue 28): the calendar, each step of a visit, a guest's link, the .ics feed; reminder and sweep jobs. */
const viewingsApi: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work<ReminderJob>(VIEWING_REMINDER, async (job) => { await sendReminder(app, job) }, { retryLimit: 5, retryDelay: 60 })
  app.jobs.work(VIEWINGS_SWEEP, async () => {
    const n = await sweepViewings(app)
    if (n) app.log.info({ cancelled: n }, 'visits of ended listings cancelled')
  }, { retryLimit: 2, retryDelay: 60 })
  app.jobs.schedule(VIEWINGS_SWEEP, '*/5 * * * *')
  // Catch-up on start: reminders that fell due while the server was down go out now (decision 070), not at the next sweep.
  app.addHook('onReady', async () => {
    if (app.env.NODE_ENV === 'test') return
    void catchUpReminders(app).then((n) => { if (n) app.log.info({ reminded: n }, 'viewing reminders caught up on start') },
      (err: Error) => app.log.warn({ err: err.message }, 'viewing reminders not caught up on start'))
  })

  app.get('/viewings', {
    schema: { tags: ['viewings'], summary: "The calendar: ?role=owner (visits to my and, for an agency, its agents' listings; with the visitor's contact) | visitor (my visits), &listing=|&investment=, &from=&to= → {data, listings, investments}", querystring: viewingQuerySchema, response: { 200: viewingListSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return listViewings(app.db, user, request.query)
  })

  const act = (path: string, summary: string, body: z.ZodType | null, run: (b: BookingRow, side: 'owner' | 'visitor', body: never) => Promise<BookingRow>) =>
    app.post(`/viewings/:id/${path}`, { schema: { tags: ['viewings'], summary, params: idParams, ...(body ? { body } : {}), response: { 200: viewingSchema, ...errors } } }, async (request) => {
      const user = await requireUser(request)
      const { b, side } = await userBooking(app.db, user, request.params.id)
      const row = await run(b, side, request.body as never)
      const { place, owner } = await partiesOf(app.db, row)
      return viewingView(row, place, side, owner)
    })
  act('confirm', "Confirms a pending visit waiting for my side: 200; 409 when not waiting for me, cancelled or past; 404 someone else's", null, (b, side) => confirmBooking(app, b, side))
  act('cancel', "Cancels a visit {reason}: both sides get a CANCEL .ics; 409 when cancelled or past; 404 someone else's", cancelInputSchema, (b, side, body: { reason: string }) => cancelBooking(app, b, side, body.reason))
  act('propose', "Proposes another time {start, reason}: the visit moves and waits for the other side; 422 past, outside the hours, overlapping", proposeInputSchema, (b, side, body: { start: string; reason: string }) => proposeTime(app, b, side, body.start, body.reason))

  /** A guest's link: the signed booking id; anything else 404. */
  async function guestBooking(token: string): Promise<BookingRow> {
    const id = bookingIdOfToken(app.appKey, token)
    const [b] = id ? await app.db.db.select().from(viewingBookings).where(eq(viewingBookings.id, id)).limit(1) : []
    if (!b || b.userId) throw notFound(VIEWING_MESSAGES.tokenInvalid)
    return b
  }
  const guestReply = async (b: BookingRow, verifiedNow: boolean) => {
    const { place, owner } = await partiesOf(app.db, b)
    return { ...viewingView(b, place, 'visitor', owner), thread_id: null, verified_now: verifiedNow }
  }

  app.post('/viewings/guest/verify', {
    schema: { tags: ['viewings'], summary: "A guest's e-mailed link {token}: the first visit confirms the address (the advertiser is told, or the visit confirmed at once); later visits show it. 400 when the hold ran out", body: tokenInputSchema, response: { 200: guestView, ...errors } },
  }, async (request) => {
    let b = await guestBooking(request.body.token)
    if (b.verifiedAt) return guestReply(b, false)
    if (b.status === 'cancelled' || Date.now() - new Date(b.createdAt).getTime() > GUEST_HOLD_MS) throw new HttpError(400, 'token_expired', 'Rezerwacja nie została potwierdzona w ciągu godziny i termin został zwolniony. Zarezerwuj ponownie.')
    const [row] = await app.db.db.update(viewingBookings).set({ verifiedAt: new Date() }).where(eq(viewingBookings.id, b.id)).returning()
    const s = await settingsOf(app.db, b.listingId !== null ? { listingId: b.listingId } : { investmentId: b.investmentId! })
    b = await delivered(app, row!, s?.autoConfirm ?? false)
    return guestReply(b, true)
  })

  app.post('/viewings/guest/confirm', {
    schema: { tags: ['viewings'], summary: "A guest accepts another time the advertiser proposed {token}", body: tokenInputSchema, response: { 200: guestView, ...errors } },
  }, async (request) => {
    const b = await guestBooking(request.body.token)
    if (!b.verifiedAt) throw notFound(VIEWING_MESSAGES.tokenInvalid)
    return guestReply(await confirmBooking(app, b, 'visitor'), false)
  })

  app.post('/viewings/guest/cancel', {
    schema: { tags: ['viewings'], summary: "A guest cancels their visit {token, reason}", body: guestCancelSchema, response: { 200: guestView, ...errors } },
  }, async (request) => {
    const b = await guestBooking(request.body.token)
    if (!b.verifiedAt) throw notFound(VIEWING_MESSAGES.tokenInvalid)
    return guestReply(await cancelBooking(app, b, 'visitor', request.body.reason), false)
  })

  app.get('/viewings/feed', {
    schema: { tags: ['viewings'], summary: "The secret address of my calendar feed (.ics) for Google Calendar or Outlook", response: { 200: feedSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return { url: `${app.env.PUBLIC_URL}/api/viewings/feed/${await feedToken(app.db, user.id)}.ics` }
  })

  app.post('/viewings/feed', {
    schema: { tags: ['viewings'], summary: 'Resets the feed address (the old one stops working)', response: { 200: feedSchema, ...errors } },
  }, async (request) => {
    const user = await requireUser(request)
    return { url: `${app.env.PUBLIC_URL}/api/viewings/feed/${await feedToken(app.db, user.id, true)}.ics` }
  })

  app.get('/viewings/feed/:file', {
    schema: { tags: ['viewings'], summary: 'The calendar feed (text/calendar) at its secret address; 404 for an unknown or reset one', params: z.object({ file: z.string().max(80) }), response: { 200: z.string(), 404: apiErrorSchema } },
  }, async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, '')
    const text = /^[\w-]{20,60}$/.test(token) ? await feedCalendar(app, token) : null
    if (text === null) throw notFound('Nie znaleziono kalendarza.')
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text)
  })

  // e2e drives a reminder directly (the clock cannot jump a day in a browser test).
  if (testRoutesEnabled(app.env)) {
    app.post('/__test/viewing-reminder/:id', { schema: { hide: true, params: idParams } }, async (request) => {
      const [b] = await app.db.db.select().from(viewingBookings).where(eq(viewingBookings.id, Number(request.params.id)))
      if (!b) throw notFound()
      return { sent: await sendReminder(app, { id: b.id, hours: 24, start: new Date(b.startsAt).toISOString() }) }
    })
  }
}
export default viewingsApi
