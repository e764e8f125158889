import path from 'node:path'
import { mkdirSync } from 'node:fs'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { storageFor } from '../lib/media/storage.ts'
import { IMMUTABLE } from '../lib/media/s3-storage.ts'

/** A stored file's path under /uploads: `{key}/{name}` (storage.ts's keys), no dot files, no `..`. */
const UPLOAD_PATH = /^[a-z0-9]+(?:\/[\w-]+)+\.[a-z0-9]+$/i

/**
 * A stored PDF (the energy certificate) is kept as its owner sent it and may carry HTML or script: it is a download,
 * never a document of the site's origin (issue 29 L8). `sandbox` gives it an opaque origin should a browser render
 * it anyway; nosniff stops a guess at HTML.
 */
function pdfHeaders(rel: string, reply: FastifyReply) {
  if (!rel.toLowerCase().endsWith('.pdf')) return
  reply.header('content-disposition', 'attachment; filename="swiadectwo.pdf"')
  reply.header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'none'")
  reply.header('x-content-type-options', 'nosniff')
}

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
      if (!UPLOAD_PATH.test(rel) || rel.includes('..')) return reply.code(404).send(notFound)
      const object = await storage.get!(rel)
      if (!object) return reply.code(404).send(notFound)
      if (object.etag && request.headers['if-none-match'] === object.etag) {
        ;(object.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.()
        return reply.code(304).header('cache-control', IMMUTABLE).header('etag', object.etag).send()
      }
      reply.header('cache-control', IMMUTABLE).type(object.contentType)
      pdfHeaders(rel, reply)
      if (object.length !== undefined) reply.header('content-length', String(object.length))
      if (object.etag) reply.header('etag', object.etag)
      return reply.send(object.body)
    })
    return
  }
  const root = path.join(app.env.DATA_DIR, 'uploads')
  mkdirSync(root, { recursive: true })
  // Our own route with @fastify/static's reply.sendFile, not its `/uploads/*` wildcard: the wildcard checks every
  // request's spelling against the disk by listing each folder on the path (readdir of uploads/, uploads/listings/ …)
  // to catch case-folding filesystems; uploads/listings/ holds a folder per listing, so every photo listed up to a
  // million names. The path is checked here instead: the same pattern as the bucket store's, no `..`, no dot files.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root, serve: false, index: false, list: false, dotfiles: 'deny', cacheControl: false })
    scope.get('/uploads/*', { schema: { hide: true } }, (request, reply) => {
      const rel = (request.params as { '*': string })['*']
      if (!UPLOAD_PATH.test(rel) || rel.includes('..')) return reply.callNotFound()
      reply.header('cache-control', IMMUTABLE)
      pdfHeaders(rel, reply)
      return reply.sendFile(rel, root)
    })
  })
}, { name: 'uploads' })
