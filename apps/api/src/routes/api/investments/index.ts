import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import multipart from '@fastify/multipart'
import {
  importReportSchema, INVESTMENT_MESSAGES as M, investmentDetailSchema, investmentInputSchema, investmentListQuerySchema,
  investmentListSchema, pricePointSchema, unitInputSchema, unitSchema,
} from '@portal/contracts/investments'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireCompany } from '../../../lib/accounts/guard.ts'
import { fieldError, HttpError, notFound } from '../../../lib/http/errors.ts'
import { inTransaction } from '../../../lib/http/transaction.ts'
import { createInvestment, logInvestmentChange, ownInvestment, updateInvestment } from '../../../lib/investments/investments.ts'
import { importUnits } from '../../../lib/investments/import.ts'
import { investmentBySlug, investmentRowsBySlug, listInvestments, ownDetail, unitHistory, unitsOf } from '../../../lib/investments/read.ts'
import { templateCsv, templateXlsx } from '../../../lib/investments/template.ts'
import { saveUnit } from '../../../lib/investments/units.ts'
import { plainJsonSerializer } from '../../../lib/search/request.ts'
import { isWatched, runWatch } from '../../../lib/watch/detect.ts'
import viewings from './viewings.ts'

const id = z.string().regex(/^\d{1,9}$/, 'Nieprawidłowy identyfikator.').transform(Number)
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema }
const IMPORT_MAX_BYTES = 5 * 1024 * 1024

/** /api/investments: the public list and pages of investments, and a developer's writes (issue 27). */
const investmentsApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 4, headerPairs: 100 } })
  await app.register(viewings)

  app.get('/investments', {
    schema: {
      tags: ['investments'], summary: 'Investments (public list; filters: city slug, status, completed by year, max price in zł, rooms)',
      querystring: investmentListQuerySchema, response: { 200: investmentListSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const q = request.query
    return listInvestments(app.db, {
      city: q.miasto, status: q.status, completedBy: q.ukonczenie ? Number(q.ukonczenie) : undefined,
      maxPrice: q.cena_do ? Number(q.cena_do) * 100 : undefined, rooms: q.pokoje ? Number(q.pokoje) : undefined,
      userId: q.user ? Number(q.user) : undefined, page: Math.max(1, Number(q.page ?? 1)),
    })
  })

  app.get('/investments/import-template', {
    schema: {
      tags: ['investments'], summary: 'The units import template (format=csv: UTF-8 with BOM, semicolons; format=xlsx)',
      querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
    },
  }, async (request, reply) => {
    const xlsx = request.query.format === 'xlsx'
    reply.header('content-disposition', `attachment; filename="lokale-szablon.${xlsx ? 'xlsx' : 'csv'}"`)
    reply.type(xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
    return reply.send(xlsx ? await templateXlsx() : templateCsv())
  })

  app.get('/investments/:slug', {
    schema: {
      tags: ['investments'], summary: 'One investment with all its units (sold ones too) and their price history (historie=0: every price_history empty, not read; wiersze=1: the units as rows in unit_rows, units empty, no histories)',
      params: z.object({ slug: z.string().max(120) }),
      querystring: z.object({ historie: z.enum(['0', '1']).default('1'), wiersze: z.enum(['0', '1']).default('0') }),
      response: { 200: investmentDetailSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
    // Hundreds of units with their price histories: checking them against the schema on the way out cost more than
    // reading them (as for the search answers); investments.test checks the answer against the schema instead.
    serializerCompiler: plainJsonSerializer,
  }, async (request, reply) => {
    if (request.query.wiersze === '1') {
      // The public page's units as rows (decision 090): JSON text written by PostgreSQL, sent as it is.
      const json = await investmentRowsBySlug(app.db, request.params.slug)
      if (!json) throw notFound(M.notFound)
      return reply.type('application/json; charset=utf-8').send(json as never) // the text is sent as it is (the schema documents it)
    }
    const inv = await investmentBySlug(app.db, request.params.slug, { histories: request.query.historie === '1' })
    if (!inv) throw notFound(M.notFound)
    return inv
  })

  app.get('/investments/:slug/units/:unit/history', {
    schema: {
      tags: ['investments'], summary: "One unit's price history, oldest first (the investment page's 'Historia cen')",
      params: z.object({ slug: z.string().max(120), unit: id }), response: { 200: z.object({ price_history: z.array(pricePointSchema) }), 404: apiErrorSchema },
    },
  }, async (request) => {
    const history = await unitHistory(app.db, request.params.slug, request.params.unit)
    if (!history) throw notFound(M.unitNotFound)
    return { price_history: history }
  })

  app.post('/investments', {
    schema: { tags: ['investments'], summary: 'Create an investment (company account). 201 investment', body: investmentInputSchema, response: { 201: investmentDetailSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    const inv = await createInvestment(app.db, user.id, request.body)
    return reply.code(201).send(await ownDetail(app.db, inv))
  })

  app.put('/investments/:id', {
    schema: { tags: ['investments'], summary: 'Edit an own investment', params: z.object({ id }), body: investmentInputSchema, response: { 200: investmentDetailSchema, ...errors } },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    return ownDetail(app.db, await updateInvestment(app.db, inv, request.body))
  })

  app.post('/investments/:id/units', {
    schema: { tags: ['investments'], summary: 'Add a unit (its listing goes live unless sold). 201 unit', params: z.object({ id }), body: unitInputSchema, response: { 201: unitSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    const { listingId } = await inTransaction(app.db, async (tx) => {
      const saved = await saveUnit(tx, inv, request.body)
      // The investment's page (kept in page caches under its units' ids, decision 082) now lists one more unit.
      await logInvestmentChange(tx.db, inv.id)
      return saved
    })
    return reply.code(201).send((await unitsOf(app.db, inv.id)).find((u) => u.id === listingId)!)
  })

  app.put('/investments/:id/units/:unit', {
    schema: {
      tags: ['investments'], summary: 'Edit a unit (a new price is added to its history; sold ends its listing)',
      params: z.object({ id, unit: id }), body: unitInputSchema, response: { 200: unitSchema, ...errors },
    },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    const units = await unitsOf(app.db, inv.id)
    if (!units.some((u) => u.id === request.params.unit)) throw notFound(M.unitNotFound)
    await inTransaction(app.db, (tx) => saveUnit(tx, inv, request.body, request.params.unit))
    // Followers and favourites of the unit hear of it now rather than at the price-watch job's next minute (decision 067).
    try {
      if (await isWatched(app.db, request.params.unit)) await runWatch(app.db, new Date(), request.params.unit)
    } catch (err) {
      request.log.error({ err }, 'price-watch for one unit failed (the minute job catches up)')
    }
    return (await unitsOf(app.db, inv.id)).find((u) => u.id === request.params.unit)!
  })

  app.post('/investments/:id/import', {
    schema: {
      tags: ['investments'],
      summary: 'Import units from a CSV (UTF-8, windows-1250, UTF-16LE) or XLSX file (multipart `file`, ≤ 5 MB). dry_run=1 only checks; otherwise all rows or none',
      consumes: ['multipart/form-data'], params: z.object({ id }), querystring: z.object({ dry_run: z.enum(['0', '1']).default('0') }),
      response: { 200: importReportSchema, 413: apiErrorSchema, ...errors },
    },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    if (!request.isMultipart()) throw fieldError('file', M.fileRequired)
    const part = await request.file()
    if (!part || part.fieldname !== 'file') throw fieldError('file', M.fileRequired)
    let buf: Buffer
    try {
      buf = await part.toBuffer()
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'file_too_large', M.fileTooLarge)
      throw err
    }
    if (!/\.(csv|txt|xlsx)$/i.test(part.filename || '')) throw fieldError('file', M.fileType)
    return importUnits(app.db, inv, buf, request.query.dry_run === '1')
  })
}
export default investmentsApi
