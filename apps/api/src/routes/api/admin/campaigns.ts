import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminIdParams } from '@portal/contracts/admin'
import { campaignInputSchema, campaignSchema, campaignsSchema } from '@portal/contracts/cms'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { staff } from '../../../lib/admin/guard.ts'
import { CAMPAIGN_JOB, getCampaign, listCampaigns, saveCampaign, sendCampaignBatch, startCampaign } from '../../../lib/cms/campaigns.ts'

const errors = { 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema }

/** Newsletter campaigns to confirmed subscribers, sent in batches by the job queue as bulk mail. */
const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each batch is short (200 mails into the outbox); a failed one is retried and resumes where the claims stop.
  app.jobs.work<{ campaignId: number }>(CAMPAIGN_JOB, async ({ campaignId }) => {
    await sendCampaignBatch({ db: app.db, jobs: app.jobs, mailer: app.mailer, publicUrl: app.env.PUBLIC_URL }, campaignId)
  }, { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 })

  app.get('/admin/campaigns', {
    schema: { tags: ['admin'], summary: 'Campaigns, newest first, with progress; and how many confirmed subscribers there are', response: { 200: campaignsSchema } },
  }, async () => listCampaigns(app.db))

  app.get('/admin/campaigns/:id', {
    schema: { tags: ['admin'], summary: 'One campaign with its progress (sent of total)', params: adminIdParams, response: { 200: campaignSchema, 404: apiErrorSchema } },
  }, async (request) => getCampaign(app.db, Number(request.params.id)))

  app.post('/admin/campaigns', {
    schema: { tags: ['admin'], summary: 'A new campaign draft (subject, Markdown body): 201', body: campaignInputSchema, response: { 201: campaignSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await saveCampaign(app.db, staff(request), null, request.body)))

  app.put('/admin/campaigns/:id', {
    schema: { tags: ['admin'], summary: 'Edit a draft (409 once sending started)', params: adminIdParams, body: campaignInputSchema, response: { 200: campaignSchema, ...errors } },
  }, async (request) => saveCampaign(app.db, staff(request), Number(request.params.id), request.body))

  app.post('/admin/campaigns/:id/send', {
    schema: { tags: ['admin'], summary: 'Start sending to every confirmed subscriber; on a campaign still sending, queue it again (resume). 409 once sent or with nobody to send to', params: adminIdParams, response: { 200: campaignSchema, ...errors } },
  }, async (request) => startCampaign(app.db, app.jobs, staff(request), Number(request.params.id)))
}
export default campaignsRoutes
