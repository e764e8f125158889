import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { isStaff } from '@portal/contracts/admin'
import { currentUser } from '../lib/accounts/guard.ts'
import { withImpliedResponses } from './docs-responses.ts'

/** Whether the caller of the document is staff (set by the UI's preHandler, read by the sync transform). */
const staffCaller = new WeakSet<FastifyRequest>()

type Operation = { tags?: string[] }
type Doc = { paths?: Record<string, Record<string, Operation | unknown>> }

/**
 * The admin area answers 404 to everybody else so as not to reveal itself (decision 019); the public document must
 * not list it either (issue 29 L9). Staff get the whole document.
 */
export function withoutAdmin<T extends Doc>(doc: T): T {
  const paths: NonNullable<Doc['paths']> = {}
  for (const [p, ops] of Object.entries(doc.paths ?? {})) {
    if (p === '/api/admin' || p.startsWith('/api/admin/')) continue
    const kept = Object.fromEntries(Object.entries(ops).filter(([, op]) => !((op as Operation)?.tags ?? []).includes('admin')))
    if (Object.keys(kept).length) paths[p] = kept
  }
  return { ...doc, paths }
}

/** OpenAPI generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portal nieruchomości API',
        description: 'Laravel Sanctum compatible: call GET /api/sanctum/csrf-cookie first, then send the XSRF-TOKEN ' +
          'cookie back as the X-XSRF-TOKEN header on POST/PUT/PATCH/DELETE. Errors: 422 {message, errors}, ' +
          'other 4xx/5xx {error, message, code}: error is the Polish text to show (spec §8; email_already_exist stays a code), code the machine code. The partner API (/api/partner/*, tag partner) takes no session or CSRF token: ' +
          'send `Authorization: Bearer <token>` with a token the company created at /integracje.',
        version: '1.0.0',
      },
      servers: [{ url: app.env.PUBLIC_URL }],
      components: { securitySchemes: { partnerToken: { type: 'http', scheme: 'bearer', description: 'A company API token (ptk_…) from /integracje' } } },
    },
    transform: (doc) => jsonSchemaTransform({
      ...doc,
      schema: doc.schema ? withImpliedResponses(doc.schema as Record<string, unknown>, doc.route.method, doc.url) : doc.schema,
    }),
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      preHandler: async (request, reply) => {
        const user = await currentUser(request)
        if (user && isStaff(user.roles)) staffCaller.add(request)
        // The document differs per caller: no shared cache may keep the staff one.
        reply.header('cache-control', 'private, no-cache').header('vary', 'cookie')
      },
    },
    transformSpecification: (doc, request) => (staffCaller.has(request) ? doc : withoutAdmin(doc as Doc)) as typeof doc,
  })
}, { name: 'docs' })
