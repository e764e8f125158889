import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { asc, eq } from 'drizzle-orm'
import { blacklistWords } from '@portal/db'
import { addWordSchema, ADMIN_MESSAGES, adminIdParams, blacklistSchema, blacklistWordSchema } from '@portal/contracts/admin'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { staff } from '../../../lib/admin/guard.ts'
import { audit } from '../../../lib/admin/audit.ts'
import { fieldError, notFound } from '../../../lib/http/errors.ts'
import { inTransaction } from '../../../lib/http/transaction.ts'
import { invalidateBlacklist } from '../../../lib/moderation/blacklist.ts'

const toWord = (r: typeof blacklistWords.$inferSelect) => ({ id: r.id, word: r.word, created_at: new Date(r.createdAt).toISOString() })

/** The word blacklist masked in titles and descriptions on save. */
const blacklist: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/blacklist', {
    schema: { tags: ['admin'], summary: 'Blacklisted words, alphabetically', response: { 200: blacklistSchema } },
  }, async () => ({ data: (await app.db.db.select().from(blacklistWords).orderBy(asc(blacklistWords.word))).map(toWord) }))

  app.post('/admin/blacklist', {
    schema: { tags: ['admin'], summary: 'Add a word (letters only, 2–40; its inflected forms are masked too): 201', body: addWordSchema, response: { 201: blacklistWordSchema, 422: validationErrorSchema } },
  }, async (request, reply) => {
    const actor = staff(request)
    const row = await inTransaction(app.db, async (tx) => {
      const [r] = await tx.db.insert(blacklistWords).values({ word: request.body.word, createdBy: actor.id }).onConflictDoNothing().returning()
      if (!r) throw fieldError('word', ADMIN_MESSAGES.wordExists)
      await audit(tx, actor, { action: 'blacklist.add', targetType: 'blacklist', targetId: r.id, before: null, after: { word: r.word } })
      return r
    })
    invalidateBlacklist()
    return reply.code(201).send(toWord(row))
  })

  app.delete('/admin/blacklist/:id', {
    schema: { tags: ['admin'], summary: 'Remove a word: 204', params: adminIdParams, response: { 204: z.null(), 404: apiErrorSchema } },
  }, async (request, reply) => {
    const actor = staff(request)
    await inTransaction(app.db, async (tx) => {
      const [r] = await tx.db.delete(blacklistWords).where(eq(blacklistWords.id, Number(request.params.id))).returning()
      if (!r) throw notFound('Nie ma takiego słowa.')
      await audit(tx, actor, { action: 'blacklist.remove', targetType: 'blacklist', targetId: r.id, before: { word: r.word }, after: null })
    })
    invalidateBlacklist()
    return reply.code(204).send(null)
  })
}
export default blacklist
