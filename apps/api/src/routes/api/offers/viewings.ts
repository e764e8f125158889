import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  bookedSchema, bookingInputSchema, openDayInputSchema, slotsSchema, VIEWING_MESSAGES, viewingSettingsInputSchema, viewingSettingsSchema,
} from '@portal/contracts/viewings'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { findListing, isPubliclyVisible, listingNotFound, requireManagedListing } from '../../../lib/listings/access.ts'
import { availabilityOf, addOpenDay, busyOf, disableSettings, openDaysOf, removeOpenDay, saveSettings, settingsOf, settingsView } from '../../../lib/viewings/settings.ts'
import { freeSlots } from '../../../lib/viewings/slots.ts'
import { book } from '../../../lib/viewings/bookings.ts'
import { viewingVerifyMail } from '../../../mail/viewing-templates.ts'
import { guestToken, when } from '../../../lib/viewings/announce.ts'
import { listingPlace } from '../../../lib/viewings/place.ts'

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema }

async function visibleListing(request: FastifyRequest, id: string) {
  const found = await findListing(request.server.db, id)
  if (!found || !isPubliclyVisible(found.listing)) throw listingNotFound()
  return found.listing
}
/** The advertiser's listing: a logged-in owner, its agency, or the agent who manages it (lib/listings/access). */
async function managed(request: FastifyRequest, id: string) {
  await requireUser(request)
  return (await requireManagedListing(request, id)).listing
}

/** Viewings of one listing (issue 28): free times and booking for visitors; hours and open days for the advertiser. */
const viewings: FastifyPluginAsyncZod = async (app) => {
  app.get('/offers/:id/viewings', {
    schema: {
      tags: ['viewings'], summary: "Free visit times of the next 4 weeks (Europe/Warsaw; ISO instants) and open days with places left: {enabled, visit_minutes, auto_confirm, slots: [{start, end, open_day_id, places_left}]}",
      params: idParams, response: { 200: slotsSchema, ...errors },
    },
  }, async (request, reply) => {
    const listing = await visibleListing(request, request.params.id)
    const s = await settingsOf(app.db, listing.id)
    const days = await openDaysOf(app.db, listing.id)
    const slots = freeSlots(s ? availabilityOf(s) : null, days, await busyOf(app.db, listing.id), new Date())
    reply.header('cache-control', 'no-store')
    return {
      enabled: !!s || days.length > 0, visit_minutes: s?.visitMinutes ?? 30, auto_confirm: s?.autoConfirm ?? false,
      slots: slots.map((x) => ({ start: x.start.toISOString(), end: x.end.toISOString(), open_day_id: x.openDayId, places_left: x.placesLeft })),
    }
  })

  app.post('/offers/:id/viewings', {
    schema: {
      tags: ['viewings'],
      summary: "'Umów oglądanie' {start, open_day_id?, name, email, phone, captcha} (a logged-in person sends only start): 201 {id, status: verify_email (a guest confirms by the e-mailed link) | pending | confirmed}; 422 past, outside the hours, overlapping, open day full; 403 own listing; 429 over the limits (2 pending per listing, 5 a day per address, 20/h per IP)",
      params: idParams, body: bookingInputSchema, response: { 201: bookedSchema, ...errors },
    },
  }, async (request, reply) => {
    const listing = await visibleListing(request, request.params.id)
    const { row, verify } = await book(app, request, reply, { listing }, request.body)
    if (verify) {
      await app.mailer.send(viewingVerifyMail(row.email, row.name, listingPlace(listing), when(row), `${app.env.PUBLIC_URL}/ogladanie?token=${guestToken(app.appKey, row.id)}`))
      return reply.code(201).send({ id: row.id, status: 'verify_email' as const, message: VIEWING_MESSAGES.verifyEmail })
    }
    return reply.code(201).send({ id: row.id, status: row.status === 'confirmed' ? 'confirmed' as const : 'pending' as const,
      message: row.status === 'confirmed' ? VIEWING_MESSAGES.confirmed : VIEWING_MESSAGES.pending })
  })

  app.get('/offers/:id/viewing-settings', {
    schema: { tags: ['viewings'], summary: "The advertiser's visiting hours, exceptions, visit length, automatic confirmation and open days of a listing", params: idParams, response: { 200: viewingSettingsSchema, ...errors } },
  }, async (request, reply) => {
    const listing = await managed(request, request.params.id)
    reply.header('cache-control', 'no-store')
    return settingsView(app.db, listing)
  })

  app.put('/offers/:id/viewing-settings', {
    schema: { tags: ['viewings'], summary: 'Sets the hours {weekly: [{day 1–7, from, to}], exceptions: [{date, ranges}], visit_minutes 15–240, auto_confirm}; turns booking on', params: idParams, body: viewingSettingsInputSchema, response: { 200: viewingSettingsSchema, ...errors } },
  }, async (request) => {
    const listing = await managed(request, request.params.id)
    await saveSettings(app.db, listing.id, request.body)
    return settingsView(app.db, listing)
  })

  app.delete('/offers/:id/viewing-settings', {
    schema: { tags: ['viewings'], summary: 'Turns visit booking off (booked visits stay; open days stay bookable)', params: idParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const listing = await managed(request, request.params.id)
    await disableSettings(app.db, listing.id)
    return reply.code(204).send(null)
  })

  app.post('/offers/:id/open-days', {
    schema: { tags: ['viewings'], summary: 'Adds an open day {starts_at, ends_at (the same day), capacity 1–500}', params: idParams, body: openDayInputSchema, response: { 200: viewingSettingsSchema, ...errors } },
  }, async (request) => {
    const listing = await managed(request, request.params.id)
    await addOpenDay(app.db, listing.id, request.body)
    return settingsView(app.db, listing)
  })

  app.delete('/offers/:id/open-days/:day', {
    schema: { tags: ['viewings'], summary: 'Removes an open day nobody has booked (422 when someone has)', params: idParams.extend({ day: z.string().max(20) }), response: { 200: viewingSettingsSchema, ...errors } },
  }, async (request) => {
    const listing = await managed(request, request.params.id)
    await removeOpenDay(app.db, listing.id, request.params.day)
    return settingsView(app.db, listing)
  })
}
export default viewings

