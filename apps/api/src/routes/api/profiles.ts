import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import { validationErrorSchema } from '@portal/contracts/errors'
import { rowsOf } from '../../lib/search/sql.ts'
import { sitemapProfiles } from '../../lib/people/profile.ts'

export const PROFILES_SITEMAP_PAGE = 5000

/** GET /api/profiles: the public profile addresses for the sitemap (companies, agents, people with public listings). */
const profiles: FastifyPluginAsyncZod = async (app) => {
  app.get('/profiles', {
    schema: {
      tags: ['user'],
      summary: `Public profile addresses for the sitemap, ${PROFILES_SITEMAP_PAGE} per page: ?page= → {data: [{path, updated_at}], total, last_page}`,
      querystring: z.object({ page: z.string().regex(/^\d{1,5}$/, 'Numer strony musi być liczbą od 1 do 10000.').transform(Number)
        .pipe(z.number().int().min(1, 'Numer strony musi być liczbą od 1 do 10000.')).optional() }),
      response: {
        200: z.object({ data: z.array(z.object({ path: z.string(), updated_at: z.string() })), total: z.number().int(), last_page: z.number().int() }),
        422: validationErrorSchema,
      },
    },
  }, async (request, reply) => {
    const page = request.query.page ?? 1
    const [row] = rowsOf<{ n: string | number }>(await app.db.db.execute(sql`select count(*) as n from users u
      where u.deleted_at is null and u.email_verified_at is not null`))
    const data = await sitemapProfiles(app.db, PROFILES_SITEMAP_PAGE, (page - 1) * PROFILES_SITEMAP_PAGE)
    // The upper bound of accounts (not all of them have a public profile): enough to know how many files to ask for.
    const total = Number(row?.n ?? 0)
    reply.header('cache-control', 'public, max-age=3600')
    return { data, total, last_page: Math.max(1, Math.ceil(total / PROFILES_SITEMAP_PAGE)) }
  })
}
export default profiles
