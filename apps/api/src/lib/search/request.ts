import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '@portal/db'
import { parseSearchParams, type SearchQuery } from '@portal/contracts/search'
import { withInvestment, type SearchInvestment } from './investment.ts'

/** The raw query string as URLSearchParams (Fastify's parsed object loses repeated keys' order and blank values). */
export function rawParams(request: FastifyRequest): URLSearchParams {
  const i = request.url.indexOf('?')
  return new URLSearchParams(i < 0 ? '' : request.url.slice(i + 1))
}

/**
 * The parsed search with its investment resolved (`inwestycja`, decision 077), or null after answering 422
 * `{message, errors}` keyed by the parameter names as written.
 */
export async function searchQueryOf(db: Db, request: FastifyRequest, reply: FastifyReply, found?: (inv: SearchInvestment) => void): Promise<SearchQuery | null> {
  const params = rawParams(request)
  const parsed = parseSearchParams(params)
  const r = await withInvestment(db, parsed.query, params)
  const errors = { ...parsed.errors, ...r.errors }
  if (!r.errors && !Object.keys(errors).length) { if (r.investment) found?.(r.investment); return r.query }
  const keys = Object.keys(errors)
  const first = `${keys[0]}: ${errors[keys[0]!]![0]}`
  void reply.code(422).send({ message: keys.length > 1 ? `${first} (oraz ${keys.length - 1} inne błędy)` : first, errors })
  return null
}

/**
 * The search answers are built from typed rows by our own code: checking them against the zod response schema on
 * the way out (fastify-type-provider-zod's serializer) cost a tenth of a search's CPU, two thousand markers more.
 * The schema still documents the answer in OpenAPI, and the API tests check the shape.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data)
