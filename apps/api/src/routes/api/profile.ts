import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { profilePageSchema } from '@portal/contracts/people'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { messageSchema, messageSentSchema } from '@portal/contracts/messages'
import { sendContactMessage } from '../../lib/messages/send.ts'
import { rawParams } from '../../lib/search/request.ts'
import { profilePage, profileUser } from '../../lib/people/profile.ts'

/** GET /api/profile/{id}: the public profile (/profil/{id}-{slug}); never e-mail, phone, NIP or street address. */
const profile: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile/:id', {
    schema: {
      tags: ['user'],
      summary: 'Public profile with one page of its active listings (?typ, kategoria, cena[min|max], metraz[min|max], sort=newest|price_asc|price_desc|area_asc|area_desc, page; 12 per page) and, for a company, its agents: 200 {user, offers, agents}; 404 unknown, not activated or blocked; 410 deleted',
      params: z.object({ id: z.string().max(80) }),
      response: { 200: profilePageSchema, 404: apiErrorSchema, 410: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await profileUser(app.db, request.params.id)
    reply.header('cache-control', 'public, max-age=60')
    return profilePage(app.db, user, rawParams(request))
  })

  app.post('/profile/:id/contact', {
    schema: {
      tags: ['user', 'messages'],
      summary: "'Napisz wiadomość' from a profile (same body and answers as POST /api/offers/{id}/contact, without a listing)",
      params: z.object({ id: z.string().max(80) }),
      body: messageSchema,
      response: { 200: messageSentSchema, 204: z.null(), 403: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const owner = await profileUser(app.db, request.params.id)
    return sendContactMessage(app, request, reply, { owner, listing: null, body: request.body })
  })
}
export default profile
