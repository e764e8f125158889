import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { and, eq, sql } from 'drizzle-orm'
import { investments, users } from '@portal/db'
import {
  bookedSchema, bookingInputSchema, investmentOpenDaysSchema, investmentViewingSettingsSchema, openDayInputSchema, slotsSchema, VIEWING_MESSAGES,
  viewingSettingsInputSchema,
} from '@portal/contracts/viewings'
import { INVESTMENT_MESSAGES as M } from '@portal/contracts/investments'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireCompany } from '../../../lib/accounts/guard.ts'
import { notFound } from '../../../lib/http/errors.ts'
import { ownInvestment } from '../../../lib/investments/investments.ts'
import { addOpenDay, availabilityOf, busyOf, disableSettings, hoursView, openDaysOf, removeOpenDay, saveSettings, settingsOf } from '../../../lib/viewings/settings.ts'
import { freeSlots } from '../../../lib/viewings/slots.ts'
import { book } from '../../../lib/viewings/bookings.ts'
import { guestToken, when } from '../../../lib/viewings/announce.ts'
import { investmentPlace } from '../../../lib/viewings/place.ts'
import { viewingVerifyMail } from '../../../mail/viewing-templates.ts'

const id = z.string().regex(/^\d{1,9}$/, 'Nieprawidłowy identyfikator.').transform(Number)
const slug = z.object({ slug: z.string().max(120) })
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema }

/**
 * Visits of an investment (issue 28 item 1): open days (decision 070) and weekly hours with exceptions (decision
 * 078). Its developer sets them in 'Moje inwestycje', buyers book from /inwestycje/{slug}; the bookings are visits
 * like a listing's (mails with .ics, the calendar, reminders), with the investment as their place. The `:slug`
 * segment is the investment's id on the developer's routes (one parameter name per position in the router).
 */
const investmentViewings: FastifyPluginAsyncZod = async (app) => {
  /** A public investment (its developer neither deleted nor blocked) or 404. */
  async function publicInvestment(s: string) {
    const [row] = await app.db.db.select({
      id: investments.id, userId: investments.userId, name: investments.name, slug: investments.slug, city: investments.city, district: investments.district,
    }).from(investments)
      .innerJoin(users, eq(users.id, investments.userId))
      .where(and(eq(investments.slug, s), sql`${users.deletedAt} IS NULL AND ${users.blockedAt} IS NULL`)).limit(1)
    if (!row) throw notFound(M.notFound)
    return row
  }
  const ownView = async (inv: { id: number; name: string; slug: string }) => ({
    investment: { id: inv.id, title: inv.name, slug: inv.slug },
    open_days: (await openDaysOf(app.db, { investmentId: inv.id })).map((d) => ({ id: d.id, starts_at: d.startsAt.toISOString(), ends_at: d.endsAt.toISOString(), capacity: d.capacity, taken: d.taken })),
  })
  const hoursOf = async (inv: { id: number; name: string; slug: string }) => ({
    ...await hoursView(app.db, { investmentId: inv.id }), investment: { id: inv.id, title: inv.name, slug: inv.slug },
  })

  app.get('/investments/:slug/viewings', {
    schema: { tags: ['viewings'], summary: "An investment's free visit times of the next 4 weeks (its weekly hours) and open days ahead with places left: {enabled, visit_minutes, auto_confirm, slots: [{start, end, open_day_id, places_left}]}", params: slug, response: { 200: slotsSchema, 404: apiErrorSchema } },
  }, async (request, reply) => {
    const inv = await publicInvestment(request.params.slug)
    const key = { investmentId: inv.id }
    const s = await settingsOf(app.db, key)
    const days = await openDaysOf(app.db, key)
    const slots = freeSlots(s ? availabilityOf(s) : null, days, s ? await busyOf(app.db, key) : [], new Date())
    reply.header('cache-control', 'no-store')
    return {
      enabled: slots.length > 0, visit_minutes: s?.visitMinutes ?? 30, auto_confirm: s?.autoConfirm ?? true,
      slots: slots.map((x) => ({ start: x.start.toISOString(), end: x.end.toISOString(), open_day_id: x.openDayId, places_left: x.placesLeft })),
    }
  })

  app.post('/investments/:slug/viewings', {
    schema: {
      tags: ['viewings'], summary: "Books a visit of an investment {start, open_day_id?, name, email, phone, captcha} (a logged-in person sends start and, for an open day, open_day_id): 201 {id, status: verify_email | pending | confirmed}; 422 past, outside the hours, overlapping, no such open day, full; 403 own investment; 429 over the limits",
      params: slug, body: bookingInputSchema, response: { 201: bookedSchema, ...errors },
    },
  }, async (request, reply) => {
    const inv = await publicInvestment(request.params.slug)
    const { row, verify } = await book(app, request, reply, { investment: inv }, request.body)
    if (verify) {
      await app.mailer.send(viewingVerifyMail(row.email, row.name, investmentPlace(inv), when(row), `${app.env.PUBLIC_URL}/ogladanie?token=${guestToken(app.appKey, row.id)}`))
      return reply.code(201).send({ id: row.id, status: 'verify_email' as const, message: VIEWING_MESSAGES.verifyEmail })
    }
    return reply.code(201).send({ id: row.id, status: row.status === 'confirmed' ? 'confirmed' as const : 'pending' as const,
      message: row.status === 'confirmed' ? VIEWING_MESSAGES.confirmed : VIEWING_MESSAGES.pendingInvestment })
  })

  app.get('/investments/:slug/viewing-settings', {
    schema: { tags: ['viewings'], summary: "The developer's visiting hours, exceptions, visit length, automatic confirmation and open days of an own investment (by id); 404 for another company's", params: z.object({ slug: id }), response: { 200: investmentViewingSettingsSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    reply.header('cache-control', 'no-store')
    return hoursOf(await ownInvestment(app.db, user.id, request.params.slug))
  })

  app.put('/investments/:slug/viewing-settings', {
    schema: { tags: ['viewings'], summary: "Sets an own investment's hours {weekly: [{day 1–7, from, to}], exceptions: [{date, ranges}], visit_minutes 15–240, auto_confirm}; turns booking on", params: z.object({ slug: id }), body: viewingSettingsInputSchema, response: { 200: investmentViewingSettingsSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.slug)
    await saveSettings(app.db, { investmentId: inv.id }, request.body)
    return hoursOf(inv)
  })

  app.delete('/investments/:slug/viewing-settings', {
    schema: { tags: ['viewings'], summary: "Turns an own investment's weekly hours off (booked visits and open days stay)", params: z.object({ slug: id }), response: { 200: investmentViewingSettingsSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.slug)
    await disableSettings(app.db, { investmentId: inv.id })
    return hoursOf(inv)
  })

  app.get('/investments/:slug/open-days', {
    schema: { tags: ['viewings'], summary: "The developer's open days of an own investment (by id), with places taken; 404 for another company's", params: z.object({ slug: id }), response: { 200: investmentOpenDaysSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    reply.header('cache-control', 'no-store')
    return ownView(await ownInvestment(app.db, user.id, request.params.slug))
  })

  app.post('/investments/:slug/open-days', {
    schema: { tags: ['viewings'], summary: 'Adds an open day to an own investment (by id) {starts_at, ends_at (within 24 h), capacity 1–500}', params: z.object({ slug: id }), body: openDayInputSchema, response: { 200: investmentOpenDaysSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.slug)
    await addOpenDay(app.db, { investmentId: inv.id }, request.body)
    return ownView(inv)
  })

  app.delete('/investments/:slug/open-days/:day', {
    schema: { tags: ['viewings'], summary: 'Removes an open day nobody has booked (422 when someone has)', params: z.object({ slug: id, day: z.string().max(20) }), response: { 200: investmentOpenDaysSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.slug)
    await removeOpenDay(app.db, { investmentId: inv.id }, request.params.day)
    return ownView(inv)
  })
}
export default investmentViewings
