import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import results from './results.ts'
import markers from './markers.ts'
import suggestions from './suggestions.ts'
import count from './count.ts'
import investments from './investments.ts'

/** /api/search, /api/search/markers, /api/search/suggestions, /api/search/count (/api/search/filters is registered on its own). */
const search: FastifyPluginAsyncZod = async (app) => {
  await app.register(results)
  await app.register(markers)
  await app.register(suggestions)
  await app.register(count)
  await app.register(investments)
}
export default search
