import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq, sql } from 'drizzle-orm'
import { developerDisclosures } from '@portal/db'
import { developerDisclosureSchema, disclosureStatusSchema } from '@portal/contracts/investments'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireCompany } from '../../../lib/accounts/guard.ts'
import { disclosureStatus, writeDisclosure } from '../../../lib/investments/disclosure.ts'

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 422: validationErrorSchema }

/** The developer's price disclosure: the addresses to register at dane.gov.pl, the last file, what is missing, its data. */
const priceDisclosure: FastifyPluginAsyncZod = async (app) => {
  const status = async (userId: number) => {
    const [d] = await app.db.db.select().from(developerDisclosures).where(eq(developerDisclosures.userId, userId))
    return {
      ...(await disclosureStatus(app.db, app.env.PUBLIC_URL, userId)),
      data: {
        legal_form: d?.legalForm ?? null, krs: d?.krs ?? null, ceidg: d?.ceidg ?? null, regon: d?.regon ?? null, fax: d?.fax ?? null,
        website: d?.website ?? null, head_office: d?.headOffice ?? null, sales_office: d?.salesOffice ?? null,
        other_sales_places: d?.otherSalesPlaces ?? null, contact_method: d?.contactMethod ?? null,
      },
    }
  }

  app.get('/user/price-disclosure', {
    schema: { tags: ['investments'], summary: 'The open-data files of the company: URLs, last file, units lacking a required field', response: { 200: disclosureStatusSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    reply.header('cache-control', 'no-store')
    return status(user.id)
  })

  app.put('/user/price-disclosure', {
    schema: { tags: ['investments'], summary: "Save the company's data for the open-data file", body: developerDisclosureSchema, response: { 200: disclosureStatusSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    const b = request.body
    const addr = (a: typeof b.head_office) => (a ? {
      voivodeship: a.voivodeship ?? null, county: a.county ?? null, commune: a.commune ?? null, city: a.city ?? null,
      street: a.street ?? null, number: a.number ?? null, unit: a.unit ?? null, zip: a.zip || null,
    } : null)
    const values = {
      legalForm: b.legal_form ?? null, krs: b.krs || null, ceidg: b.ceidg || null, regon: b.regon || null, fax: b.fax ?? null,
      website: b.website ?? null, headOffice: addr(b.head_office), salesOffice: addr(b.sales_office),
      otherSalesPlaces: b.other_sales_places ?? null, contactMethod: b.contact_method ?? null,
    }
    await app.db.db.insert(developerDisclosures).values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: developerDisclosures.userId, set: { ...values, updatedAt: sql`now()` } })
    return status(user.id)
  })

  app.post('/user/price-disclosure/generate', {
    schema: { tags: ['investments'], summary: "Write today's file now (the nightly job writes it anyway)", response: { 200: disclosureStatusSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    await writeDisclosure(app.db, app.env.PUBLIC_URL, user.id)
    return status(user.id)
  })
}
export default priceDisclosure
