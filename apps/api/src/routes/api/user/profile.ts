import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import { users, type Address } from '@portal/db'
import {
  commissionSchema, languagesSchema, newsletterSchema, profileSchema, profileUpdateSchema, servicesSchema,
} from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { requireCompany, requireUser, type UserRow } from '../../../lib/accounts/guard.ts'
import { toProfile } from '../../../lib/accounts/profile.ts'
import { setForUser as setNewsletterForUser } from '../../../lib/newsletter/newsletter.ts'

type UserUpdate = Partial<typeof users.$inferInsert>

/** Drops duplicates case-insensitively, keeping the first spelling and the order. */
const unique = (items: string[]) => {
  const seen = new Set<string>()
  return items.filter((v) => !seen.has(v.toLocaleLowerCase('pl')) && !!seen.add(v.toLocaleLowerCase('pl')))
}

/** Account settings: profile data, newsletter flag and the company block (services, languages, commission). */
const profile: FastifyPluginAsyncZod = async (app) => {
  const save = async (user: UserRow, set: UserUpdate) => {
    const [row] = await app.db.db.update(users).set({ ...set, updatedAt: sql`now()` }).where(eq(users.id, user.id)).returning()
    return toProfile(row!)
  }
  const profileResponses = { 200: profileSchema, 401: apiErrorSchema, 403: apiErrorSchema }

  app.put('/user/profile', {
    schema: {
      tags: ['user'],
      summary: 'Update the profile (a field left out stays; "" or null clears it): 200 profile; 422 per field',
      body: profileUpdateSchema,
      response: profileResponses,
    },
  }, async (request) => {
    const user = await requireUser(request)
    const b = request.body
    const set: UserUpdate = { name: b.name }
    if (b.phone !== undefined) set.phone = b.phone
    if (b.nip !== undefined) set.nip = b.nip
    if (b.company_name !== undefined) set.companyName = b.company_name
    if (b.description !== undefined) set.description = b.description
    if (b.address !== undefined) {
      const old: Address = user.address ?? { city: null, street: null, zip_code: null, country: null }
      const a = b.address ?? { city: null, street: null, zip_code: null, country: null }
      set.address = {
        city: a.city !== undefined ? a.city : old.city,
        street: a.street !== undefined ? a.street : old.street,
        zip_code: a.zip_code !== undefined ? a.zip_code : old.zip_code,
        country: a.country !== undefined ? a.country : old.country,
      }
    }
    return save(user, set)
  })

  app.patch('/user/profile/newsletter', {
    schema: {
      tags: ['user'],
      summary: 'Set the newsletter flag, or toggle it when `newsletter` is absent (send {}): 200 {newsletter}',
      body: newsletterSchema,
      response: { 200: z.object({ newsletter: z.boolean() }), 401: apiErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    const newsletter = request.body?.newsletter ?? !user.newsletter
    await app.db.db.update(users).set({ newsletter, updatedAt: sql`now()` }).where(eq(users.id, user.id))
    // The sign-up list follows (a verified address needs no confirmation mail).
    await setNewsletterForUser(app.db.db, user, newsletter)
    return { newsletter }
  })

  app.post('/user/profile/updateServices', {
    schema: { tags: ['user'], summary: 'Company services (≤ 30 × ≤ 80 chars): 200 profile; 403 for non-companies', body: servicesSchema, response: profileResponses },
  }, async (request) => {
    const user = await requireCompany(request)
    return save(user, { services: unique(request.body.services) })
  })

  app.post('/user/profile/updateLanguages', {
    schema: { tags: ['user'], summary: 'Languages spoken (ISO codes or Polish names, ≤ 20): 200 profile; 403 for non-companies', body: languagesSchema, response: profileResponses },
  }, async (request) => {
    const user = await requireCompany(request)
    return save(user, { languages: unique(request.body.languages) })
  })

  app.post('/user/profile/updateCommission', {
    schema: { tags: ['user'], summary: 'Commission {percent 0–20, note}; null clears: 200 profile; 403 for non-companies', body: commissionSchema, response: profileResponses },
  }, async (request) => {
    const user = await requireCompany(request)
    const c = request.body.commission
    const value = c && (c.percent !== undefined || c.note) ? {
      ...(c.percent !== undefined ? { percent: Math.round(c.percent * 100) / 100 } : {}),
      ...(c.note ? { note: c.note } : {}),
    } : null
    return save(user, { commission: value })
  })
}
export default profile
