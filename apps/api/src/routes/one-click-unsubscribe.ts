import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { unsubscribeToken } from './api/unsubscribe.ts'

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL
 * (`/wypisz?token=…`) without cookies, so this lives outside /api and its CSRF check — the token is the credential.
 * A person opening the same URL gets the /wypisz page (GET, the web), which unsubscribes through /api/unsubscribe.
 */
export default async function oneClickUnsubscribe(app: FastifyInstance) {
  // The body (`List-Unsubscribe=One-Click`, form-encoded or multipart) carries nothing we need: accept any (this
  // plugin's scope only).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, null))
  app.post<{ Querystring: { token?: string } }>('/wypisz', {
    schema: {
      summary: 'RFC 8058 one-click unsubscribe (the token is the credential; no session or CSRF)',
      response: {
        200: { description: 'Unsubscribed', content: { 'text/plain': { schema: z.string() } } },
        404: { description: 'Unknown or used link', content: { 'text/plain': { schema: z.string() } } },
      },
    },
  }, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 200) : ''
    const done = token ? await unsubscribeToken(app, token) : null
    return reply.code(done ? 200 : 404).type('text/plain; charset=utf-8').send(done ? done.message : 'Nieprawidłowy link.')
  })
}
