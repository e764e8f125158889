import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { INVESTMENT_MESSAGES as M } from '@portal/contracts/investments'
import { notFound } from '../../../lib/http/errors.ts'
import {
  DISCLOSURE_JOB, disclosingDevelopers, disclosureFile, disclosureXml, writeDisclosure,
} from '../../../lib/investments/disclosure.ts'

/** The file names served: ceny.csv (the latest day), ceny-YYYY-MM-DD.csv, ceny.xml, and '.md5' after each. */
const FILE = /^ceny(?:-(\d{4}-\d{2}-\d{2}))?\.(csv|xml)(\.md5)?$/

/**
 * /api/dane-otwarte/{developer}/…: the developer's price open-data files at stable public addresses (decision 058),
 * and the nightly job that writes them.
 */
const openData: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work(DISCLOSURE_JOB, async () => {
    for (const userId of await disclosingDevelopers(app.db)) await writeDisclosure(app.db, app.env.PUBLIC_URL, userId)
  }, { retryLimit: 5, retryDelay: 300 })
  // 00:30 UTC is 01:30 or 02:30 in Poland: the new day's file, also when nothing changed.
  app.jobs.schedule(DISCLOSURE_JOB, '30 0 * * *')

  app.get('/dane-otwarte/:user/:file', {
    schema: {
      tags: ['investments'],
      summary: "A developer's price open-data file: ceny.csv (latest), ceny-YYYY-MM-DD.csv, ceny.xml (dane.gov.pl harvester), each also as .md5",
      params: z.object({ user: z.string().regex(/^\d{1,9}$/, 'Nieprawidłowy identyfikator.').transform(Number), file: z.string().max(40) }),
    },
  }, async (request, reply) => {
    const m = FILE.exec(request.params.file)
    if (!m || (m[1] && m[2] === 'xml')) throw notFound('Nie ma takiego pliku.')
    const [, day, kind, isMd5] = m
    reply.header('cache-control', 'public, max-age=300')
    if (kind === 'xml') {
      const x = await disclosureXml(app.db, request.params.user)
      if (!x) throw notFound(M.notFound)
      reply.header('last-modified', new Date(x.generatedAt).toUTCString())
      return isMd5 ? reply.type('text/plain; charset=utf-8').send(x.xmlMd5) : reply.type('application/xml; charset=utf-8').send(x.xml)
    }
    const f = await disclosureFile(app.db, request.params.user, day)
    if (!f) throw notFound('Nie ma takiego pliku.')
    reply.header('last-modified', new Date(f.createdAt).toUTCString())
    if (isMd5) return reply.type('text/plain; charset=utf-8').send(f.csvMd5)
    reply.header('content-disposition', `inline; filename="ceny-${f.day}.csv"`)
    return reply.type('text/csv; charset=utf-8').send(f.csv)
  })
}
export default openData
