import path from 'node:path'
import { mkdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { storageFor } from '../lib/media/storage.ts'
import { IMMUTABLE } from '../lib/media/s3-storage.ts'

/**
 * Stored files at /uploads/{key}/{name}: from `${DATA_DIR}/uploads`, or streamed from the STORAGE_URL bucket (so
 * every instance serves every photo). Keys are random and never reused, so cached for a year either way.
 */
export default fp(async function uploads(app: FastifyInstance) {
  const storage = storageFor(app)
  if (storage.get) {
    const notFound = { error: 'not_found', message: 'Nie znaleziono.' }
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const rel = (request.params as { '*': string })['*']
      if (!/^[a-z0-9]+(?:\/[\w-]+)+\.[a-z0-9]+$/i.test(rel) || rel.includes('..')) return reply.code(404).send(notFound)
      const object = await storage.get!(rel)
      if (!object) return reply.code(404).send(notFound)
      if (object.etag && request.headers['if-none-match'] === object.etag) {
        ;(object.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.()
        return reply.code(304).header('cache-control', IMMUTABLE).header('etag', object.etag).send()
      }
      reply.header('cache-control', IMMUTABLE).type(object.contentType)
      if (object.length !== undefined) reply.header('content-length', String(object.length))
      if (object.etag) reply.header('etag', object.etag)
      return reply.send(object.body)
    })
    return
  }
  const root = path.join(app.env.DATA_DIR, 'uploads')
  mkdirSync(root, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => { reply.header('cache-control', 'public, max-age=31536000, immutable') },
  })
}, { name: 'uploads' })
