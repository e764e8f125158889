import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eq } from 'drizzle-orm'
import { listings } from '@portal/db'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { HttpError } from '../../../lib/http/errors.ts'
import {
  dueReminders, listingForToken, markReminded, renewListing, renewToken,
} from '../../../lib/reminders/expiry.ts'
import { expiryReminderMail } from '../../../mail/templates.ts'

export const REMINDERS_JOB = 'listing-expiry-reminders'
const dateFmt = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Warsaw' })

/**
 * Expiry reminders (hourly job) and their one-click renew link: POST /api/offers/renew-link {token} renews the
 * listing the signed token names (no login needed; the token is spent by the renewal) → 200 {id, slug, title,
 * expires_at}; 404 for a bad or spent token; 409 when the listing can no longer be renewed.
 */
const renewLink: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db

  app.post('/offers/renew-link', {
    schema: {
      tags: ['offers'],
      summary: 'Renew a listing from the reminder mail {token}: 200; 404 bad/spent token; 409 not renewable',
      body: z.object({ token: z.string().trim().min(1).max(100) }),
      response: {
        200: z.object({ id: z.number(), slug: z.string(), title: z.string(), expires_at: z.string() }),
        404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema,
      },
    },
  }, async (request) => {
    const l = await listingForToken(db, app.appKey, request.body.token)
    if (!l) throw new HttpError(404, 'not_found', 'Ten link do przedłużenia jest nieprawidłowy albo został już użyty.')
    if (!(await renewListing(db, l))) throw new HttpError(409, 'conflict', 'Tego ogłoszenia nie można już przedłużyć.')
    const [row] = await db.select().from(listings).where(eq(listings.id, l.id)).limit(1)
    return { id: row!.id, slug: row!.slug, title: row!.title, expires_at: new Date(row!.expiresAt!).toISOString() }
  })

  app.jobs.work(REMINDERS_JOB, async () => {
    const base = app.env.PUBLIC_URL
    let sent = 0
    for (const r of await dueReminders(db)) {
      const days = Math.max(1, Math.ceil((r.expiresAt.getTime() - Date.now()) / (24 * 3600_000)))
      await markReminded(db, r, days)
      await app.mailer.send(expiryReminderMail({
        to: r.email, name: r.name, title: r.title, days, expiresAt: dateFmt.format(r.expiresAt),
        renewUrl: `${base}/przedluz-ogloszenie?token=${renewToken(app.appKey, r.listingId, r.expiresAt)}`,
        listingUrl: `${base}/ogloszenia/${r.slug}`,
      }), { bulk: true })
      sent++
    }
    if (sent) app.log.info({ sent }, 'expiry reminders sent')
  }, { retryLimit: 2, retryDelay: 60 })
  app.jobs.schedule(REMINDERS_JOB, '30 * * * *')
}
export default renewLink
