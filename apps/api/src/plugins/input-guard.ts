import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { fieldError } from '../lib/http/errors.ts'
import { findNul, NUL_MESSAGE, nulInUrl } from '../lib/http/nul.ts'

const NOT_FOUND_HTML = '<!doctype html><html lang="pl"><meta charset="utf-8"><title>Nie znaleziono</title>' +
  '<p>Nie znaleziono strony. <a href="/">Strona główna</a></p></html>'

/**
 * Input the database cannot hold is refused before any route: a NUL (U+0000) in the path gives 404, in a query
 * parameter or a JSON field 422 with the field named (multipart fields: lib/media/multipart-upload.ts).
 */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const hit = nulInUrl(request.raw.url ?? '')
    if (!hit) return
    const isApi = /^\/(api|%61pi)(\/|\?|$)/i.test(request.raw.url ?? '')
    if (hit.in === 'path') {
      return isApi || !request.headers.accept?.includes('text/html')
        ? reply.code(404).send({ error: 'not_found', message: 'Nie znaleziono.' })
        : reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML)
    }
    if (!isApi && request.headers.accept?.includes('text/html')) {
      return reply.code(422).type('text/html; charset=utf-8').send(NOT_FOUND_HTML.replace('Nie znaleziono strony.', 'Nieprawidłowy adres.'))
    }
    throw fieldError(hit.field, NUL_MESSAGE)
  })

  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body)
    if (field) throw fieldError(field, NUL_MESSAGE)
  })
}, { name: 'input-guard' })
