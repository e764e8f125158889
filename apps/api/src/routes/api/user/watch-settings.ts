import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { watchSettingsSchema } from '@portal/contracts/watch'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { digestEnabled, setDigest } from '../../../lib/watch/follows.ts'

/** /api/user/watch-settings: the daily e-mail digest of watched prices, off until the user turns it on (decision 067). */
const watchSettings: FastifyPluginAsyncZod = async (app) => {
  app.get('/user/watch-settings', {
    schema: {
      tags: ['favorites'],
      summary: 'Whether the user gets the daily e-mail digest of price changes in favourites and followed investments',
      response: { 200: watchSettingsSchema, 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return { email_digest: await digestEnabled(app.db, user.id) }
  })

  app.put('/user/watch-settings', {
    schema: {
      tags: ['favorites'],
      summary: 'Turn the daily e-mail digest on or off: {email_digest}',
      body: watchSettingsSchema,
      response: { 200: watchSettingsSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    await setDigest(app.db, user.id, request.body.email_digest)
    return { email_digest: request.body.email_digest }
  })
}
export default watchSettings
