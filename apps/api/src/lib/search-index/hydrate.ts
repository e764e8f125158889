import { sql } from 'drizzle-orm'
import type { Db } from '@portal/db'
import type { ListingSummary, } from '@portal/contracts/listing'
import type { Marker } from '@portal/contracts/search'
import { SUMMARY_COLUMNS, rowsOf, summaryOf } from '../search.ts'
import type { Store } from './store.ts'

/**
 * The page's listing summaries for the ids the index ranked, in that order: one primary-key lookup per row plus
 * its first photo. A listing deleted between ranking and reading is simply left out.
 */
export async function summariesOf(db: Db, store: Store, slots: number[], promoted: boolean[]): Promise<ListingSummary[]> {
  if (!slots.length) return []
  const ids = slots.map((x) => store.id[x]!)
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `)
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${SUMMARY_COLUMNS}, ph.storage_key, ph.width, ph.height,
      ph.placeholder, ph.photos_count
    from listings l
    left join lateral (
      select storage_key, width, height, placeholder, count(*) over () as photos_count
      from listing_photos where listing_id = l.id and kind = 'photo' order by position, id limit 1
    ) ph on true
    where l.id in (${list})`))
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  const out: ListingSummary[] = []
  ids.forEach((id, i) => {
    const r = byId.get(id)
    if (r) out.push(summaryOf({ ...r, promoted: promoted[i] }))
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
