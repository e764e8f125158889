import type { Db } from '@portal/db'
import type { SearchQuery } from '@portal/contracts/search'
import { clearSearchCountCache, countSearch, filterKey, searchPage, searchPlan } from '../sql.ts'
import type { SearchIndex } from './index.ts'

/**
 * One page of a search and its total, as each engine answers it, in one comparable shape (ids, '*' marking a promoted
 * slot): the parity tests of the index against SQL (engine.test.ts, filters-parity.test.ts) compare the two.
 */
export async function viaSql(db: Db, q: SearchQuery) {
  // A cached count would hide a difference in the SQL path's own count.
  clearSearchCountCache(db)
  const { where, branches } = searchPlan(q, {})
  const [rows, total] = await Promise.all([searchPage(db, q, where, branches), countSearch(db, where, filterKey(q))])
  return { ids: rows.map((x) => `${x.id}${x.is_promoted ? '*' : ''}`), total }
}

export async function viaIndex(ix: SearchIndex, q: SearchQuery) {
  const perPage = q.per_page ?? 24
  const hit = await ix.search(q, perPage, ((q.page ?? 1) - 1) * perPage)
  if (!hit) return null
  return { ids: hit.slots.map((x, i) => `${hit.store.id[x]}${hit.promoted[i] ? '*' : ''}`), total: hit.total }
}
