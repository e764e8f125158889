import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '@portal/contracts/errors'
import { contactFormSchema } from '@portal/contracts/content'
import { currentUser } from '../../lib/accounts/guard.ts'
import { sendContactMessage } from '../../lib/content/contact.ts'

/** POST /api/contact/contact-form (the older system's path): the /kontakt form. */
const contact: FastifyPluginAsyncZod = async (app) => {
  app.post('/contact/contact-form', {
    schema: {
      tags: ['content'],
      summary: 'Send a message to the portal: stored, mailed to CONTACT_EMAIL, confirmed to the sender. 204',
      body: contactFormSchema,
      response: { 204: z.null(), 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await currentUser(request)
    await sendContactMessage(request, request.body, user?.id ?? null)
    return reply.code(204).send(null)
  })
}
export default contact
