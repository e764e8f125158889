import { eq } from 'drizzle-orm'
import { investmentUnits, investments, type Db } from '@portal/db'
import { SEARCH_MESSAGES, SEARCH_PARAMS, type SearchQuery } from '@portal/contracts/search'

/**
 * `inwestycja` (decision 077): the investment a search follows, resolved once for both engines into its units'
 * listing ids (investment_units, decision 059). Read per search rather than kept in the index: a unit added to an
 * investment is found by the next search, with no column in the index or its snapshot.
 */
export interface SearchInvestment { id: number; slug: string; name: string; units: number[] }

/** The investment by id or slug, with its units; undefined when there is none. */
export async function findSearchInvestment(db: Db, idOrSlug: string): Promise<SearchInvestment | undefined> {
  const byId = /^\d{1,9}$/.test(idOrSlug)
  const [inv] = await db.select({ id: investments.id, slug: investments.slug, name: investments.name }).from(investments)
    .where(byId ? eq(investments.id, Number(idOrSlug)) : eq(investments.slug, idOrSlug)).limit(1)
  if (!inv) return undefined
  const units = await db.select({ id: investmentUnits.listingId }).from(investmentUnits).where(eq(investmentUnits.investmentId, inv.id))
  return { ...inv, units: units.map((u) => Number(u.id)) }
}

/**
 * The query with its investment resolved (the id written in place of a slug, `investmentUnits` filled), or the
 * Polish message keyed by the parameter as written (`inwestycja` or `investment`) for an unknown one.
 */
export async function withInvestment(db: Db, q: SearchQuery, params?: URLSearchParams):
  Promise<{ query: SearchQuery; investment?: SearchInvestment; errors?: undefined } | { errors: Record<string, string[]> }> {
  if (q.investment === undefined) return { query: q }
  const inv = await findSearchInvestment(db, q.investment)
  if (!inv) {
    const key = SEARCH_PARAMS.investment.find((k) => params?.has(k)) ?? SEARCH_PARAMS.investment[0]
    return { errors: { [key]: [SEARCH_MESSAGES.unknownInvestment(params?.get(key)?.trim() || q.investment)] } }
  }
  return { query: { ...q, investment: String(inv.id), investmentUnits: inv.units }, investment: inv }
}

/** A resolver for many queries in one run (saved-search alerts): each investment read once; unknown ones find nothing. */
export function investmentResolver(db: Db): (q: SearchQuery) => Promise<SearchQuery> {
  const seen = new Map<string, Promise<SearchInvestment | undefined>>()
  return async (q) => {
    if (q.investment === undefined || q.investmentUnits) return q
    let hit = seen.get(q.investment)
    if (!hit) seen.set(q.investment, hit = findSearchInvestment(db, q.investment))
    const inv = await hit
    return { ...q, investmentUnits: inv?.units ?? [] }
  }
}
