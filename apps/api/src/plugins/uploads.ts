import path from 'node:path'
import { mkdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'

/** `${DATA_DIR}/uploads/{key}/{size}.webp` at /uploads/…; keys are content-addressed, so cached for a year. */
export default fp(async function uploads(app: FastifyInstance) {
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
