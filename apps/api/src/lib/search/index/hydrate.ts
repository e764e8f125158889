import { sql } from 'drizzle-orm'
import { idArrayText, perHandle, type Db } from '@portal/db'
import type { ListingSummary, } from '@portal/contracts/listing'
import type { Marker } from '@portal/contracts/search'
import { FIRST_PHOTO_JOIN, cardFields, summaryOf } from '../sql.ts'
import type { Store } from './store.ts'

/**
 * Listing cards by id, kept by the search index between searches: the first pages of popular searches are read over
 * and over. An id is dropped as soon as the change log shows its listing or a photo of it changed (every column a
 * card shows is watched by the triggers of migration search_index_summaries), and a read that overlapped such a
 * change is not kept.
 */
export class CardCache {
  private cards = new Map<number, ListingSummary>()
  /** Bumped whenever a change drops cards: a read that started before must not store what it read. */
  private generation = 0
  constructor(private readonly max = 50_000) {}
  get size() { return this.cards.size }
  get(id: number) { return this.cards.get(id) }
  drop(ids: Iterable<number>) {
    this.generation++
    for (const id of ids) this.cards.delete(id)
  }
  clear() { this.generation++; this.cards.clear() }
  begin() { return this.generation }
  keep(since: number, card: ListingSummary) {
    if (since !== this.generation) return
    if (this.cards.size >= this.max) this.cards.delete(this.cards.keys().next().value!)
    this.cards.set(card.id, card)
  }
}

/**
 * Listing cards by id (any order), with their first photo: the SQL path's card columns as named fields (cardFields), so
 * that the statement is prepared once per database handle, the ids as one bigint[] (idArrayText), instead of a text of
 * its own per number of ids, which PostgreSQL parsed and planned on every card-cache miss (~1.2 ms of a cold listing
 * page's statement time: its similar listings). The same rows as the SQL path's cards (hydrate.test).
 */
const cardsByIds = perHandle((db) => db.select(cardFields).from(sql`listings l ${FIRST_PHOTO_JOIN}`)
  .where(sql`l.id = any(${sql.placeholder('ids')}::bigint[])`).prepare('listing_cards_by_ids'))

export const readCards = (db: Db, ids: readonly number[]): Promise<Record<string, unknown>[]> =>
  cardsByIds(db).execute({ ids: idArrayText(ids) })

/**
 * The page's listing summaries for the ids the index ranked, in that order: cached cards, the rest read by primary
 * key with their first photo. A listing deleted between ranking and reading is simply left out.
 */
export async function summariesOf(db: Db, store: Store, slots: number[], promoted: boolean[], cache?: CardCache): Promise<ListingSummary[]> {
  if (!slots.length) return []
  const ids = slots.map((x) => store.id[x]!)
  const missing = cache ? ids.filter((id) => !cache.get(id)) : ids
  const read = new Map<number, ListingSummary>()
  if (missing.length) {
    const since = cache?.begin() ?? 0
    const rows = await readCards(db, missing)
    for (const r of rows) {
      const card = summaryOf({ ...r, promoted: false })
      read.set(card.id, card)
      cache?.keep(since, card)
    }
  }
  const out: ListingSummary[] = []
  ids.forEach((id, i) => {
    const card = read.get(id) ?? cache?.get(id)
    if (card) out.push({ ...card, is_promoted: promoted[i]! })
  })
  return out
}

/** Map markers straight from the index: everything a marker shows is in memory. */
export function markersOf(store: Store, slots: number[]): Marker[] {
  const offerNames = store.dicts.offer
  return slots.map((x) => ({
    id: store.id[x]!,
    slug: store.slug[x]!,
    lat: store.lat[x]!,
    lon: store.lon[x]!,
    price: store.price[x]!,
    offer_type: offerNames.name(store.offer[x]!) as Marker['offer_type'],
  }))
}
