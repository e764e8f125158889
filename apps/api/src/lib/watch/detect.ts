import { sql, type SQL } from 'drizzle-orm'
import { idArray, rowsOf, type DbHandle } from '@portal/db'
import { inTransaction } from '../http/transaction.ts'
import { notifyMany } from '../notifications/notifications.ts'
import { bellsFor, type EventDetail } from './messages.ts'

/**
 * The `price-watch` job (decision 067): finds what changed for watchers and writes it once.
 *  - a favourite's or a followed investment unit's price: rows of listing_price_history of the last day compared
 *    with the row before them (every writer — the form, feeds, the units editor and import — appends there);
 *  - a favourite that ended (listing_meta.ended_at) or expired;
 *  - a followed investment's new units, unit status changes and its own status, against what the job last saw.
 * Each change becomes one `watch_events` row under a unique key, each watcher one `watch_notices` row, and only the
 * rows this run inserted ring the bell: a run repeated (a crash, two instances) adds nothing. Watchers are those who
 * watched before the change happened.
 */
export const LOOK_BACK_HOURS = 24
export const WATCH_JOB = 'price-watch'
export const DIGEST_JOB = 'price-watch-digest'

const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::bigint`
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id))

async function priceEvents(tx: DbHandle, since: Date, only: SQL): Promise<number[]> {
  return ids(rowsOf(await tx.db.execute(sql`
    insert into watch_events (key, kind, listing_id, investment_id, old_price, new_price, at)
    select 'p:' || h.id, case when h.price < prev.price then 'price-down' else 'price-up' end,
      h.listing_id, u.investment_id, prev.price, h.price, h.changed_at
    from listing_price_history h
    cross join lateral (
      select p.price from listing_price_history p
      where p.listing_id = h.listing_id and (p.changed_at < h.changed_at or (p.changed_at = h.changed_at and p.id < h.id))
      order by p.changed_at desc, p.id desc limit 1
    ) prev
    left join investment_units u on u.listing_id = h.listing_id
    where h.changed_at > ${since.toISOString()} and h.price <> prev.price ${only}
      and (exists (select 1 from favorites f where f.listing_id = h.listing_id and f.created_at <= h.changed_at)
        or exists (select 1 from investment_follows fo where fo.investment_id = u.investment_id and fo.created_at <= h.changed_at))
    on conflict (key) do nothing
    returning id`)))
}

async function endedEvents(tx: DbHandle, since: Date, listingId?: number): Promise<number[]> {
  const s = since.toISOString()
  return ids(rowsOf(await tx.db.execute(sql`
    insert into watch_events (key, kind, listing_id, at)
    select 'e:' || m.listing_id || ':' || ${ms(sql`m.ended_at`)}, 'ended', m.listing_id, m.ended_at
    from listing_meta m join listings l on l.id = m.listing_id
    where m.ended_at > ${s} and l.status = 'ended' ${listingId === undefined ? sql`` : sql`and m.listing_id = ${listingId}`}
      and exists (select 1 from favorites f where f.listing_id = m.listing_id and f.created_at <= m.ended_at)
    union all
    select 'x:' || l.id || ':' || ${ms(sql`l.expires_at`)}, 'ended', l.id, l.expires_at
    from listings l
    where l.status = 'expired' and l.expires_at > ${s} and l.expires_at <= now() ${listingId === undefined ? sql`` : sql`and l.id = ${listingId}`}
      and exists (select 1 from favorites f where f.listing_id = l.id and f.created_at <= l.expires_at)
    on conflict (key) do nothing
    returning id`)))
}

/** `listingId`: only the investment of that unit (a request's run stays small however many investments are followed). */
async function investmentEvents(tx: DbHandle, listingId?: number): Promise<number[]> {
  const followed = listingId === undefined
    ? sql`(select investment_id from investment_follows)`
    : sql`(select f.investment_id from investment_follows f join investment_units x on x.investment_id = f.investment_id where x.listing_id = ${listingId})`
  const fresh = rowsOf(await tx.db.execute(sql`
    with seen as (
      insert into watch_units_seen (listing_id, status)
      select u.listing_id, u.status from investment_units u
      where u.investment_id in ${followed}
        and not exists (select 1 from watch_units_seen s where s.listing_id = u.listing_id)
      on conflict (listing_id) do nothing
      returning listing_id, status
    )
    insert into watch_events (key, kind, listing_id, investment_id, status, at)
    select 'n:' || seen.listing_id, 'unit-new', seen.listing_id, u.investment_id, seen.status, u.created_at
    from seen join investment_units u on u.listing_id = seen.listing_id
    where seen.status <> 'sprzedane'
    on conflict (key) do nothing
    returning id`))
  const units = rowsOf(await tx.db.execute(sql`
    with changed as (
      update watch_units_seen s set status = u.status from investment_units u
      where u.listing_id = s.listing_id and u.status <> s.status
        and u.investment_id in ${followed}
      returning s.listing_id, u.status, u.investment_id, u.updated_at
    )
    insert into watch_events (key, kind, listing_id, investment_id, status, at)
    select 'us:' || listing_id || ':' || ${ms(sql`updated_at`)} || ':' || status, 'unit-status', listing_id, investment_id, status, updated_at
    from changed
    on conflict (key) do nothing
    returning id`))
  const own = rowsOf(await tx.db.execute(sql`
    with changed as (
      update watch_investments_seen s set status = i.status from investments i
      where i.id = s.investment_id and i.status <> s.status and i.id in ${followed}
      returning i.id, i.status, i.updated_at
    )
    insert into watch_events (key, kind, investment_id, status, at)
    select 'is:' || id || ':' || ${ms(sql`updated_at`)} || ':' || status, 'investment-status', id, status, updated_at
    from changed
    on conflict (key) do nothing
    returning id`))
  return [...ids(fresh), ...ids(units), ...ids(own)]
}

/** Who is told of these events: favourites of the listing, followers of the investment (each user once per event). */
async function notices(tx: DbHandle, eventIds: number[]): Promise<Array<{ userId: number; eventId: number; via: 'favorite' | 'investment' }>> {
  if (!eventIds.length) return []
  // One array parameter: a large investment's price changes are thousands of events in one run.
  const list = idArray(eventIds)
  const rows = rowsOf(await tx.db.execute(sql`
    with watchers as (
      select e.id as event_id, f.user_id, 'favorite' as via, 0 as rank from watch_events e
      join favorites f on f.listing_id = e.listing_id and f.created_at <= e.at
      where e.id = any(${list}) and e.kind in ('price-down', 'price-up', 'ended')
      union all
      select e.id, fo.user_id, 'investment', 1 from watch_events e
      join investment_follows fo on fo.investment_id = e.investment_id and fo.created_at <= e.at
      where e.id = any(${list}) and e.kind <> 'ended'
    ), firsts as (
      select distinct on (event_id, user_id) event_id, user_id, via from watchers order by event_id, user_id, rank
    ), inserted as (
      insert into watch_notices (user_id, event_id) select user_id, event_id from firsts
      on conflict do nothing returning user_id, event_id
    )
    select i.user_id, i.event_id, f.via from inserted i join firsts f on f.user_id = i.user_id and f.event_id = i.event_id`))
  return rows.map((r) => ({ userId: Number(r.user_id), eventId: Number(r.event_id), via: r.via as 'favorite' | 'investment' }))
}

export async function details(tx: DbHandle, eventIds: number[]): Promise<Map<number, EventDetail>> {
  if (!eventIds.length) return new Map()
  const rows = rowsOf(await tx.db.execute(sql`
    select e.id, e.kind, e.old_price, e.new_price, e.status, e.at, l.title, l.slug, u.building, u.unit_number,
      i.id as investment_id, i.name as investment_name, i.slug as investment_slug
    from watch_events e
    left join listings l on l.id = e.listing_id
    left join investment_units u on u.listing_id = e.listing_id
    left join investments i on i.id = coalesce(e.investment_id, u.investment_id)
    where e.id = any(${idArray(eventIds)})`))
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id), kind: r.kind as EventDetail['kind'],
    oldPrice: r.old_price === null ? null : Number(r.old_price), newPrice: r.new_price === null ? null : Number(r.new_price),
    status: (r.status as string | null) ?? null, at: new Date(r.at as string),
    title: (r.title as string | null) ?? null, slug: (r.slug as string | null) ?? null,
    unit: r.unit_number ? (r.building ? `${r.building}/${r.unit_number}` : String(r.unit_number)) : null,
    investmentId: r.investment_id === null ? null : Number(r.investment_id),
    investmentName: (r.investment_name as string | null) ?? null, investmentSlug: (r.investment_slug as string | null) ?? null,
  }]))
}

/**
 * One run; returns how many events it wrote and how many bell notifications went out. `listingId`: only that
 * listing's price and end and its investment's changes (the API calls it right after a watched listing changed; the
 * minute's run finds the rest).
 */
export async function runWatch(db: DbHandle, now = new Date(), listingId?: number): Promise<{ events: number; bells: number }> {
  const since = new Date(now.getTime() - LOOK_BACK_HOURS * 3600_000)
  const only = listingId === undefined ? sql`` : sql`and h.listing_id = ${listingId}`
  return inTransaction(db, async (tx) => {
    const eventIds = [...await priceEvents(tx, since, only), ...await endedEvents(tx, since, listingId), ...await investmentEvents(tx, listingId)]
    const told = await notices(tx, eventIds)
    const bells = bellsFor(told, await details(tx, [...new Set(told.map((t) => t.eventId))]))
    await notifyMany(tx, bells)
    return { events: eventIds.length, bells: bells.length }
  })
}

/** Following starts from what the investment is now: its units and status are the base later changes are found against. */
export async function seedInvestmentSeen(db: DbHandle, investmentId: number): Promise<void> {
  await db.db.execute(sql`
    insert into watch_units_seen (listing_id, status)
    select listing_id, status from investment_units where investment_id = ${investmentId}
    on conflict (listing_id) do nothing`)
  await db.db.execute(sql`
    insert into watch_investments_seen (investment_id, status)
    select id, status from investments where id = ${investmentId}
    on conflict (investment_id) do nothing`)
}

/** Someone keeps this listing in favourites or follows its investment: a change of it is worth a run of the job now. */
export async function isWatched(db: DbHandle, listingId: number): Promise<boolean> {
  const rows = rowsOf(await db.db.execute(sql`
    select 1 from favorites where listing_id = ${listingId}
    union all
    select 1 from investment_units u join investment_follows f on f.investment_id = u.investment_id where u.listing_id = ${listingId}
    limit 1`))
  return rows.length > 0
}

/** Events (and their notices) older than this are dropped by the daily digest job: the bell and digest are done with them. */
export const KEEP_DAYS = 90
export async function pruneEvents(db: DbHandle): Promise<number> {
  return rowsOf(await db.db.execute(sql`delete from watch_events where created_at < now() - make_interval(days => ${KEEP_DAYS}) returning id`)).length
}
