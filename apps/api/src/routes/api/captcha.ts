import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { newChallenge } from '../../lib/http/captcha.ts'

/** GET /api/captcha/challenge: a signed ALTCHA proof-of-work challenge, or {enabled:false} when CAPTCHA=off. */
const captcha: FastifyPluginAsyncZod = async (app) => {
  app.get('/captcha/challenge', {
    schema: {
      tags: ['auth'],
      summary: 'ALTCHA v2 challenge (solve with altcha-lib, send base64 {challenge, solution} as `captcha`)',
      response: {
        200: z.union([
          z.object({ enabled: z.literal(true), challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }) }),
          z.object({ enabled: z.literal(false) }),
        ]),
      },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!app.env.CAPTCHA) return { enabled: false as const }
    const challenge = await newChallenge(app.appKey)
    return { enabled: true as const, challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature } }
  })
}
export default captcha
