import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { withImpliedResponses } from './docs-responses.ts'

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
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
}, { name: 'docs' })
