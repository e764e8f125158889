import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminIdParams } from '@portal/contracts/admin'
import {
  adminFaqEntrySchema, adminFaqGroupSchema, adminFaqSchema, faqEntryInputSchema, faqEntryOrderSchema, faqGroupInputSchema, faqGroupOrderSchema,
} from '@portal/contracts/cms'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { staff } from '../../../lib/admin/guard.ts'
import { adminFaq, deleteEntry, deleteGroup, orderEntries, orderGroups, saveEntry, saveGroup } from '../../../lib/cms/faq.ts'

const errors = { 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema }

/** CMS: FAQ groups and entries (answers in Markdown). /faq shows a saved change at once. */
const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/faq', {
    schema: { tags: ['admin'], summary: 'Every FAQ group with all its entries, drafts included', response: { 200: adminFaqSchema } },
  }, async () => ({ groups: await adminFaq(app.db) }))

  app.post('/admin/faq/groups', {
    schema: { tags: ['admin'], summary: 'A new FAQ group: 201', body: faqGroupInputSchema, response: { 201: adminFaqGroupSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await saveGroup(app.db, staff(request), null, request.body)))

  app.put('/admin/faq/groups/:id', {
    schema: { tags: ['admin'], summary: 'Rename or move an FAQ group', params: adminIdParams, body: faqGroupInputSchema, response: { 200: adminFaqGroupSchema, ...errors } },
  }, async (request) => saveGroup(app.db, staff(request), Number(request.params.id), request.body))

  app.put('/admin/faq/order', {
    schema: { tags: ['admin'], summary: 'Put the FAQ groups in a new order (every group exactly once; 422 otherwise)', body: faqGroupOrderSchema, response: { 200: adminFaqSchema, ...errors } },
  }, async (request) => ({ groups: await orderGroups(app.db, staff(request), request.body.group_ids) }))

  app.put('/admin/faq/groups/:id/order', {
    schema: { tags: ['admin'], summary: 'Put a group\'s entries in a new order (each of its entries exactly once; 422 otherwise)', params: adminIdParams, body: faqEntryOrderSchema, response: { 200: adminFaqGroupSchema, ...errors } },
  }, async (request) => orderEntries(app.db, staff(request), Number(request.params.id), request.body.entry_ids))

  app.delete('/admin/faq/groups/:id', {
    schema: { tags: ['admin'], summary: 'Delete an empty FAQ group: 204 (409 while it has entries)', params: adminIdParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await deleteGroup(app.db, staff(request), Number(request.params.id))
    return reply.code(204).send(null)
  })

  app.post('/admin/faq/entries', {
    schema: { tags: ['admin'], summary: 'A new FAQ entry: 201', body: faqEntryInputSchema, response: { 201: adminFaqEntrySchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await saveEntry(app.db, staff(request), null, request.body)))

  app.put('/admin/faq/entries/:id', {
    schema: { tags: ['admin'], summary: 'Edit an FAQ entry (question, Markdown answer, group, status, position)', params: adminIdParams, body: faqEntryInputSchema, response: { 200: adminFaqEntrySchema, ...errors } },
  }, async (request) => saveEntry(app.db, staff(request), Number(request.params.id), request.body))

  app.delete('/admin/faq/entries/:id', {
    schema: { tags: ['admin'], summary: 'Delete an FAQ entry: 204', params: adminIdParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await deleteEntry(app.db, staff(request), Number(request.params.id))
    return reply.code(204).send(null)
  })
}
export default faqRoutes
