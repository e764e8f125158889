import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyInstance } from 'fastify'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { NEWSLETTER_MESSAGES, unsubscribeResultSchema, unsubscribeSchema } from '@portal/contracts/newsletter'
import { SAVED_SEARCH_MESSAGES } from '@portal/contracts/saved-searches'
import { HttpError } from '../../lib/http/errors.ts'
import { unsubscribe as unsubscribeNewsletter } from '../../lib/newsletter/newsletter.ts'
import { unsubscribeSavedSearch } from '../../lib/saved-searches/saved-searches.ts'
import { unsubscribeDigest } from '../../lib/watch/follows.ts'
import { WATCH_MESSAGES } from '@portal/contracts/watch'

/** A mail's unsubscribe token: a saved search's alerts (ss_…), the newsletter (nl_…) or the price digest (wd_…). Null for an unknown one. */
export async function unsubscribeToken(app: FastifyInstance, token: string) {
  if (token.startsWith('ss_')) {
    const name = await unsubscribeSavedSearch(app.db.db, token)
    return name === null ? null : { kind: 'saved-search' as const, message: `${SAVED_SEARCH_MESSAGES.unsubscribed} („${name}”)` }
  }
  if (token.startsWith('nl_')) {
    const email = await unsubscribeNewsletter(app.db.db, token)
    return email === null ? null : { kind: 'newsletter' as const, message: NEWSLETTER_MESSAGES.unsubscribedNewsletter }
  }
  if (token.startsWith('wd_')) {
    return await unsubscribeDigest(app.db, app.appKey, token) ? { kind: 'watch-digest' as const, message: WATCH_MESSAGES.digestOff } : null
  }
  return null
}

/** POST /api/unsubscribe {token}: the /wypisz page's call (the mail's one-click POST goes to /wypisz itself). */
const unsubscribe: FastifyPluginAsyncZod = async (app) => {
  app.post('/unsubscribe', {
    schema: {
      tags: ['newsletter', 'saved-searches', 'favorites'],
      summary: 'Unsubscribe with a mail link token (saved-search alerts, the newsletter or the price digest): 200; 404 unknown token',
      body: unsubscribeSchema,
      response: { 200: unsubscribeResultSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const done = await unsubscribeToken(app, request.body.token)
    if (!done) throw new HttpError(404, 'not_found', NEWSLETTER_MESSAGES.unsubscribeInvalid)
    return done
  })
}
export default unsubscribe
