import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '@portal/db'
import { CATEGORY_BY_ID, categoryBySlug, categoryWithDescendants } from '@portal/contracts/catalogue'
import { photoSrcSet, photoUrl, type Advertiser, type ListingSummary } from '@portal/contracts/listing'
import { DEFAULT_PER_PAGE, floorsInRange, type Marker, type SearchQuery } from '@portal/contracts/search'
import { interpretPhrase } from './phrase.ts'
import {
  ADVERTISER_SQL, AREA_SQL, HAS_PLAN_SQL, HAS_TOUR_SQL, HAS_VIDEO_SQL, YEAR_BUILT_SQL, addedSince, areaEdges, areasBox, circleMeters, searchedText,
} from './facets.ts'
import { PLACES_SQL, placeFilter } from './places.ts'
import { circleBox, haversine } from '../geo/distance.ts'

/**
 * GET /api/search as SQL. Everything is one WHERE over `listings` (typed facet columns, see
 * docs/decisions/004-listing-columns.md) so the planner can pick the cheapest index per query: the newest-first
 * partial index for broad searches, GiST earth_box for a radius, trigram GIN for a rare word, the sort indexes of
 * migration search_sort_indexes for price/area orders.
 */

/** The effective promotion (an expired promotion no longer counts). */
const PROMOTED = sql`(l.is_promoted and (l.promoted_until is null or l.promoted_until > now()))`

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`
const inList = (column: SQL, values: (string | number)[]) => sql`${column} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`

/** Rooms/bathrooms any-of where the top option means "or more". */
function anyOfWithTop(column: SQL, values: number[], top: number): SQL {
  const exact = values.filter((v) => v < top)
  const parts: SQL[] = []
  if (exact.length) parts.push(inList(column, exact))
  if (values.includes(top)) parts.push(sql`${column} >= ${top}`)
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`
}

/** Tells whether an area holds many listings (search-density.ts); without it every area counts as sparse. */
export interface SearchContext { isDense?: (minLat: number, minLon: number, maxLat: number, maxLon: number) => boolean }

/**
 * The (offer type, category) pairs a search is confined to, when the per-category sort indexes of migration
 * 0009_search_sort_indexes can answer it: each pair is walked in result order through its own slice of the index and
 * the few rows per pair merged, instead of walking every other category's listings on the way (the cheapest houses lie
 * behind half a million cheaper listings of other kinds). Undefined when the search has no category or offer type,
 * is for wanted ads (their own small index), or is led by the GiST/trigram indexes (a rare word, a sparse area),
 * where collecting the few matches once beats repeating that lookup per pair.
 */
export interface IndexBranches {
  offerType: string
  categoryIds: number[]
  /**
   * For a dense area: the 0.1° grid cells (lat, lon) its box touches. Prices and sizes follow the map (the cheapest
   * flats per m² of the country are not in Warsaw), so a price- or area-ordered walk of a whole category can pass
   * a hundred thousand listings elsewhere before the area's first; the cell indexes of 0010_search_cell_sort_indexes
   * are walked per category and cell instead. Newest first too (0023): a small city's listings are a few percent of
   * its category's, so a newest-first walk of the whole category passed tens of thousands of entries elsewhere.
   */
  cells?: [number, number][]
  /**
   * With cells and a price or area range: the WHERE with those ranges as plain filters, for newest-first walks of the
   * cells (pages, markers). The planner estimates a city's cell × price × area as if independent (~100× too few at a
   * million listings), so it walked the cell's area- or price-sorted index over the whole range and sorted it (3 000
   * entries, 140-180 ms busy) instead of the newest index (0023), which has price and area to filter on and stops at
   * the page's end (decision 035). Same rows: only the form of the conditions differs.
   */
  newestWhere?: SQL
}
const MAX_BRANCHES = 32
const GRID = 10 // cells per degree; the index expressions are floor(lat * 10)::int and floor(lon * 10)::int
const CELL_LAT = sql.raw('floor(l.lat * 10)::int')
const CELL_LON = sql.raw('floor(l.lon * 10)::int')

/** The grid cells a box touches, unless there are too many to walk one by one. */
function boxCells(minLat: number, minLon: number, maxLat: number, maxLon: number, perCell: number): [number, number][] | undefined {
  const la0 = Math.floor(minLat * GRID), la1 = Math.floor(maxLat * GRID)
  const lo0 = Math.floor(minLon * GRID), lo1 = Math.floor(maxLon * GRID)
  if ((la1 - la0 + 1) * (lo1 - lo0 + 1) * perCell > MAX_CELL_BRANCHES) return undefined
  const cells: [number, number][] = []
  for (let la = la0; la <= la1; la++) for (let lo = lo0; lo <= lo1; lo++) cells.push([la, lo])
  return cells
}
const MAX_CELL_BRANCHES = 128

/**
 * The grid cells of a box as conditions on the cell expressions of the 0010/0023 indexes. Implied by the lat/lon
 * BETWEEN beside them (floor is monotonic, and JS and PostgreSQL multiply doubles alike), so they change no result;
 * they let a category's cell index walk only the box's band of cells instead of the whole country's slice (a capped
 * count in a city: 72 → 20 ms at a million listings), which bounds every plan the planner may pick for an area.
 */
function cellRange(minLat: number, minLon: number, maxLat: number, maxLon: number): SQL {
  return sql`${CELL_LAT} between ${Math.floor(minLat * GRID)} and ${Math.floor(maxLat * GRID)}
    and ${CELL_LON} between ${Math.floor(minLon * GRID)} and ${Math.floor(maxLon * GRID)}`
}

/** What searchConditions found out about a query while building it. */
export interface SearchNotes {
  branches?: IndexBranches
  /** The area's cell ranges (cellRange), for the capped count only (see searchPlan). */
  cells?: SQL[]
}

export function searchConditions(q: SearchQuery, ctx: SearchContext = {}, notes: SearchNotes = {}): SQL[] {
  const c: SQL[] = [
    sql`l.status = 'active'`,
    sql`(l.visible_from is null or l.visible_from <= now())`,
    sql`(l.expires_at is null or l.expires_at > now())`,
    q.seek ? sql`l.ad_type = 'seek'` : sql`l.ad_type = 'offer'`,
    // 'ukryj duplikaty' (issue 13); the index keeps dup_hidden as a flag bit (FLAG.dupHidden).
    ...(q.hideDuplicates ? [sql`not l.dup_hidden`] : []),
  ]
  const phraseText = searchedText(q)
  const meaning = phraseText ? interpretPhrase(phraseText) : undefined

  const offerType = q.seek ? undefined : (q.type ?? meaning?.offerType)
  if (offerType) c.push(sql`l.offer_type = ${offerType}`)

  const categorySlugs = q.categories?.length ? q.categories : meaning?.categorySlugs ?? []
  if (categorySlugs.length) {
    const ids = [...new Set(categorySlugs.flatMap((s) => { const cat = categoryBySlug(s); return cat ? categoryWithDescendants(cat.id) : [] }))]
    if (ids.length) c.push(ids.length === 1 ? sql`l.category_id = ${ids[0]}` : inList(sql`l.category_id`, ids))
    if (offerType && !q.seek && ids.length && ids.length <= MAX_BRANCHES) notes.branches = { offerType, categoryIds: ids }
  }
  let lookup = false // a GiST or trigram condition leads the plan
  const cells: SQL[] = notes.cells = []
  let box: [number, number, number, number] | undefined // a dense area's box (minLat, minLon, maxLat, maxLon)

  // Each price/area range also as a plain filter (`+ 0` hides the column from index conditions) for newest-first walks
  // of an area's cells; see IndexBranches.newestWhere.
  const ranges = new Map<SQL, SQL>()
  const range = (column: 'price' | 'area', op: '>=' | '<=', v: number) => {
    const cond = sql`${sql.raw(`l.${column} ${op}`)} ${v}`
    ranges.set(cond, sql`${sql.raw(`(l.${column} + 0) ${op}`)} ${v}`)
    c.push(cond)
  }
  if (q.price?.min !== undefined) range('price', '>=', Math.round(q.price.min * 100))
  if (q.price?.max !== undefined) range('price', '<=', Math.round(q.price.max * 100))
  if (q.area?.min !== undefined) range('area', '>=', q.area.min)
  if (q.area?.max !== undefined) range('area', '<=', q.area.max)

  const circle = circleMeters(q)
  if (q.location && circle !== undefined) {
    const meters = circle
    const centre = sql`ll_to_earth(${q.location.lat}::float8, ${q.location.lon}::float8)`
    const [a, b, c2, d] = circleBox(q.location.lat, q.location.lon, meters * 1.01)
    // lat/lon ranges are estimated from column statistics and checked inside the covering indexes;
    // earth_box (GiST) is added only for sparse areas, where collecting the few matches beats an ordered walk.
    c.push(sql`l.lat between ${a}::float8 and ${c2}::float8 and l.lon between ${b}::float8 and ${d}::float8`)
    cells.push(cellRange(a, b, c2, d))
    if (!ctx.isDense?.(a, b, c2, d)) { lookup = true; c.push(sql`earth_box(${centre}, ${meters}::float8) @> ll_to_earth(l.lat, l.lon)`) }
    else box = [a, b, c2, d]
    c.push(sql`earth_distance(${centre}, ll_to_earth(l.lat, l.lon)) <= ${meters}::float8`)
  }
  const inBox = (minLat: number, minLon: number, maxLat: number, maxLon: number) => {
    c.push(sql`l.lat between ${minLat}::float8 and ${maxLat}::float8 and l.lon between ${minLon}::float8 and ${maxLon}::float8`)
    cells.push(cellRange(minLat, minLon, maxLat, maxLon))
    if (!ctx.isDense?.(minLat, minLon, maxLat, maxLon)) {
      // The circle around a sparse box lets the GiST earth index find it; the BETWEENs cut it to the box.
      const cLat = (minLat + maxLat) / 2
      const cLon = (minLon + maxLon) / 2
      const meters = Math.ceil(haversine(cLat, cLon, maxLat, maxLon) * 1.01) + 10
      lookup = true
      c.push(sql`earth_box(ll_to_earth(${cLat}::float8, ${cLon}::float8), ${meters}::float8) @> ll_to_earth(l.lat, l.lon)`)
    } else box ??= [minLat, minLon, maxLat, maxLon]
  }
  if (q.bbox) {
    const [minLon, minLat, maxLon, maxLat] = q.bbox
    inBox(minLat, minLon, maxLat, maxLon)
  }
  if (q.areas?.length) {
    // Drawn areas (issue 25): their box leads the plan like a map view; the rings decide (facets.ts, as the index).
    inBox(...areasBox(q.areas))
    c.push(sql.raw(`(${q.areas.map((a) => `(${AREA_SQL(areaEdges(a), 'l')})`).join(' or ')})`))
  }
  const places = placeFilter(q)
  if (places) {
    // Places (`lokalizacje`, decision 069): regions by boundary, districts by name (places.ts, as the index).
    if (places.box) inBox(...places.box)
    c.push(sql.raw(PLACES_SQL(places)))
  }

  if (q.investment !== undefined) {
    // An investment's units (`inwestycja`, decision 077), resolved by the API (investment.ts); unresolved: nothing.
    const units = q.investmentUnits ?? []
    c.push(units.length ? inList(sql`l.id`, units) : sql`false`)
  }
  if (q.rooms?.length) c.push(anyOfWithTop(sql`l.rooms`, q.rooms, 5))
  if (q.bathrooms?.length) c.push(anyOfWithTop(sql`l.bathrooms`, q.bathrooms, 3))
  if (q.buildingTypes?.length) c.push(inList(sql`l.building_type`, q.buildingTypes))
  if (q.market?.length) c.push(inList(sql`l.market`, q.market))
  if (q.condition?.length) c.push(inList(sql`l.condition`, q.condition))
  if (q.floor?.length) c.push(inList(sql`l.floor`, q.floor))
  if (q.ownership?.length) c.push(inList(sql`l.ownership`, q.ownership))
  if (q.leaseYears !== undefined) {
    // Leasehold with at least N years of lease (decision 011); the years live only in attributes (id 32). The CASE
    // keeps a malformed stored value from failing the cast; the ownership column narrows the rows to look into.
    c.push(sql`l.ownership = 'leasehold' and exists (select 1 from jsonb_array_elements(l.attributes) a
      where a->>'id' = '32' and (case when a->>'value' ~ '^[0-9]{1,4}$' then (a->>'value')::int end) >= ${q.leaseYears}::int)`)
  }
  if (q.rentalPeriod?.length) c.push(sql`l.rental_periods && ${textArray(q.rentalPeriod)}`)
  if (q.extras?.length) c.push(sql`l.extras @> ${textArray(q.extras)}`)
  if (q.nearby?.length) c.push(sql`l.nearby @> ${textArray(q.nearby)}`)
  if (q.negotiable) c.push(sql`l.negotiable`)
  if (q.instalments) c.push(sql`l.instalments`)
  if (q.urgent) c.push(sql`l.urgent`)
  if (q.bargain) c.push(sql`l.bargain`)
  if (q.billsIncluded) c.push(sql`l.bills_included`)
  // Issue 25's filters (the index evaluates the same expressions, loaded by sync.ts; see facets.ts).
  if (q.addedDays !== undefined) c.push(sql`l.created_at >= ${new Date(addedSince(q.addedDays, Date.now())).toISOString()}::timestamptz`)
  if (q.pricePerM2?.min !== undefined) c.push(sql`l.price_per_m2 >= ${Math.round(q.pricePerM2.min * 100)}`)
  if (q.pricePerM2?.max !== undefined) c.push(sql`l.price_per_m2 <= ${Math.round(q.pricePerM2.max * 100)}`)
  if (q.yearBuilt) {
    const year = sql.raw(YEAR_BUILT_SQL('l'))
    if (q.yearBuilt.min !== undefined) c.push(sql`${year} >= ${q.yearBuilt.min}::int`)
    if (q.yearBuilt.max !== undefined) c.push(sql`${year} <= ${q.yearBuilt.max}::int`)
  }
  if (q.floorRange) {
    const floors = floorsInRange(q.floorRange)
    c.push(floors.length ? inList(sql`l.floor`, floors) : sql`false`)
  }
  if (q.withVideo) c.push(sql.raw(HAS_VIDEO_SQL('l')))
  if (q.withTour) c.push(sql.raw(HAS_TOUR_SQL('l')))
  if (q.withPlan) c.push(sql.raw(HAS_PLAN_SQL('l')))
  if (q.advertiser?.length) c.push(sql`${sql.raw(ADVERTISER_SQL('l'))} in (${sql.join(q.advertiser.map((a) => sql`${a}`), sql`, `)})`)

  if (meaning) {
    if (meaning.citySlugs.length) c.push(meaning.citySlugs.length === 1 ? sql`l.city_slug = ${meaning.citySlugs[0]}` : inList(sql`l.city_slug`, meaning.citySlugs))
    if (meaning.districts.length) {
      c.push(sql`(${sql.join(meaning.districts.map((d) => sql`(l.district = ${d.name} and ${inList(sql`l.city_slug`, d.citySlugs)})`), sql` or `)})`)
    }
    // search_text is lower-case and diacritic-free; LIKE '%word%' is answered by the trigram GIN index.
    for (const w of meaning.words) { lookup = true; c.push(sql`l.search_text like ${`%${likeEscape(w)}%`}`) }
  }
  if (lookup) delete notes.branches
  else if (notes.branches && box) {
    const cells = boxCells(...box, notes.branches.categoryIds.length)
    if (cells) {
      notes.branches.cells = cells
      if (ranges.size) notes.branches.newestWhere = whereOf(c.map((x) => ranges.get(x) ?? x))
    }
  }
  return c
}

/**
 * The WHERE of a search and, where they apply, the index branches to walk (see IndexBranches). `countWhere` adds the
 * area's cell ranges for the capped count, where the order does not matter: the planner estimates the redundant
 * ranges as if independent of lat/lon, and with that lower estimate a page query sorts a whole area instead of
 * walking an index in result order; a count only gains from the narrower walk.
 */
export function searchPlan(q: SearchQuery, ctx: SearchContext = {}): { where: SQL; countWhere: SQL; branches?: IndexBranches } {
  const notes: SearchNotes = {}
  const conditions = searchConditions(q, ctx, notes)
  return { where: whereOf(conditions), countWhere: whereOf([...conditions, ...notes.cells ?? []]), branches: notes.branches }
}

/**
 * `select <columns> from listings l where <where> order by … limit n`, either as written or, with branches, once per
 * category (a LATERAL over the ids; the pair's equalities lead the per-category index so each walk is in order).
 */
function orderedScan(columns: SQL, where: SQL, sort: SearchQuery['sort'], limit: number, branches?: IndexBranches): SQL {
  const cells = branches?.cells
  if (branches && cells) {
    const ids = sql.join(branches.categoryIds.map((id) => sql`${id}`), sql`, `)
    const las = sql.join(cells.map(([la]) => sql`${la}`), sql`, `)
    const los = sql.join(cells.map(([, lo]) => sql`${lo}`), sql`, `)
    return sql`select x.* from unnest(array[${ids}]::int[]) as b(category_id)
      cross join unnest(array[${las}]::int[], array[${los}]::int[]) as g(cell_lat, cell_lon)
      cross join lateral (
        select ${columns} from listings l where ${where} and l.offer_type = ${branches.offerType} and l.category_id = b.category_id
          and ${CELL_LAT} = g.cell_lat and ${CELL_LON} = g.cell_lon
        order by ${orderBy(sort)} limit ${limit}) x
      order by ${orderBy(sort, 'x')} limit ${limit}`
  }
  if (!branches || branches.categoryIds.length === 1) {
    return sql`select ${columns} from listings l where ${where} order by ${orderBy(sort)} limit ${limit}`
  }
  const ids = sql.join(branches.categoryIds.map((id) => sql`${id}`), sql`, `)
  return sql`select x.* from unnest(array[${ids}]::int[]) as b(category_id) cross join lateral (
      select ${columns} from listings l where ${where} and l.offer_type = ${branches.offerType} and l.category_id = b.category_id
      order by ${orderBy(sort)} limit ${limit}) x
    order by ${orderBy(sort, 'x')} limit ${limit}`
}

export const whereOf = (conditions: SQL[]) => sql.join(conditions, sql` and `)

/**
 * A listing card's columns by the name each row gives them, read from the heap only for the page's rows. One list for
 * both forms: SUMMARY_COLUMNS and PHOTO_COLUMNS in the SQL path's statements, cardFields as a drizzle select's fields
 * for the prepared statement of cards by id (index/hydrate.ts).
 */
const SUMMARY_EXPRESSIONS: Record<string, string> = {
  ...Object.fromEntries(['id', 'slug', 'title', 'price', 'price_per_m2', 'area', 'rooms', 'category_id', 'offer_type', 'ad_type', 'city',
    'district', 'location_name', 'lat', 'lon', 'created_at', 'urgent', 'bargain'].map((c) => [c, `l.${c}`])),
  advertiser: ADVERTISER_SQL('l'),
}
const PHOTO_EXPRESSIONS: Record<string, string> = Object.fromEntries(['storage_key', 'width', 'height', 'placeholder', 'photos_count']
  .map((c) => [c, `ph.${c}`]))
const columnList = (exprs: Record<string, string>) =>
  Object.entries(exprs).map(([name, expr]) => (expr.endsWith(`.${name}`) ? expr : `${expr} as ${name}`)).join(', ')
export const SUMMARY_COLUMNS = sql.raw(columnList(SUMMARY_EXPRESSIONS))
export const cardFields: Record<string, SQL> = Object.fromEntries(Object.entries({ ...SUMMARY_EXPRESSIONS, ...PHOTO_EXPRESSIONS })
  .map(([name, expr]) => [name, sql.raw(expr)]))
/** What the ordered scan needs: all of it is in the covering search indexes, so the scan never visits the heap. */
const KEY_COLUMNS = sql.raw('l.id, l.created_at, l.price, l.price_per_m2, l.area')

function orderBy(sort: SearchQuery['sort'], alias = 'l'): SQL {
  const a = alias
  switch (sort) {
    case 'price_asc': return sql.raw(`${a}.price asc, ${a}.id asc`)
    case 'price_desc': return sql.raw(`${a}.price desc, ${a}.id desc`)
    case 'price_m2_asc': return sql.raw(`${a}.price_per_m2 asc nulls last, ${a}.id asc`)
    case 'price_m2_desc': return sql.raw(`${a}.price_per_m2 desc nulls last, ${a}.id desc`)
    case 'area_asc': return sql.raw(`${a}.area asc nulls last, ${a}.id asc`)
    case 'area_desc': return sql.raw(`${a}.area desc nulls last, ${a}.id desc`)
    default: return sql.raw(`${a}.created_at desc, ${a}.id desc`)
  }
}

/** The ordered page of matching listing ids (with their sort keys and promotion). */
function pageQuery(q: SearchQuery, where: SQL, limit: number, offset: number, branches?: IndexBranches): SQL {
  const n = limit + offset
  if (!q.sort || q.sort === 'newest') {
    // Promoted first, each part newest first. Two index-ordered branches merged, instead of sorting every match by
    // an expression that no index can serve.
    // The promoted few keep the ranges as index conditions (their newest-first walk would pass every other listing).
    return sql`select * from (
      (${orderedScan(sql`${KEY_COLUMNS}, true as promoted`, sql`${where} and ${PROMOTED}`, 'newest', n, branches)})
      union all
      (${orderedScan(sql`${KEY_COLUMNS}, false as promoted`, sql`${branches?.newestWhere ?? where} and not ${PROMOTED}`, 'newest', n, branches)})
    ) s order by s.promoted desc, s.created_at desc, s.id desc limit ${limit} offset ${offset}`
  }
  if (q.sort === 'newest_plain' && branches?.newestWhere) where = branches.newestWhere
  return sql`select * from (${orderedScan(sql`${KEY_COLUMNS}, ${PROMOTED} as promoted`, where, q.sort, n, branches)}) s
    order by ${orderBy(q.sort, 's')} limit ${limit} offset ${offset}`
}

// The search code's importers read it from here too.
export { rowsOf }

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

/** A card's photo columns (summaryOf reads them), from FIRST_PHOTO_JOIN. */
export const PHOTO_COLUMNS = sql.raw(columnList(PHOTO_EXPRESSIONS))
/**
 * Each listing `l`'s first photo and its photo count, as `ph` (a lateral join: only over the rows selected). A unit of
 * an investment without photos of its own shows the investment's first photo and counts its gallery, as its page
 * shows that gallery (decision 087); the second branch runs only when the first found no photo.
 */
export const FIRST_PHOTO_JOIN = sql.raw(`left join lateral (
      (select storage_key, width, height, placeholder, count(*) over () as photos_count
        from listing_photos where listing_id = l.id and kind = 'photo' order by position, id limit 1)
      union all
      (select i.photos->0->>'key', (i.photos->0->>'width')::int, (i.photos->0->>'height')::int, i.photos->0->>'placeholder',
          jsonb_array_length(i.photos)
        from investment_units u join investments i on i.id = u.investment_id
        where u.listing_id = l.id and jsonb_array_length(i.photos) > 0)
      limit 1
    ) ph on true`)

/** One round trip: the page, each listing's first photo and its photo count (a lateral join over the page only). */
export function searchPageSql(q: SearchQuery, where: SQL, branches?: IndexBranches): SQL {
  const perPage = q.per_page ?? DEFAULT_PER_PAGE
  const offset = ((q.page ?? 1) - 1) * perPage
  return sql`select ${SUMMARY_COLUMNS}, k.promoted, ${PHOTO_COLUMNS}
    from (${pageQuery(q, where, perPage, offset, branches)}) k
    join listings l on l.id = k.id
    ${FIRST_PHOTO_JOIN}
    order by ${q.sort && q.sort !== 'newest' ? orderBy(q.sort, 'k') : sql.raw('k.promoted desc, k.created_at desc, k.id desc')}`
}

export const countSql = (where: SQL) =>
  sql`select count(*) as n from (select 1 from listings l where ${where} limit ${EXACT_COUNT_LIMIT + 1}) c`

/**
 * Markers are picked inside a covering index: the per-category newest index holds the slug too, so with branches
 * nothing is read from the heap; otherwise (and per grid cell) only the slug comes from the heap (by primary key).
 */
export function markersSql(where: SQL, limit: number, branches?: IndexBranches): SQL {
  if (branches?.cells) {
    // The cell index (0023) holds no slug: read it by primary key for the markers picked.
    return sql`select k.id, l.slug, k.lat, k.lon, k.price, k.offer_type from (${orderedScan(
      sql`l.id, l.created_at, l.lat, l.lon, l.price, l.offer_type`, branches.newestWhere ?? where, 'newest', limit, branches)}) k
      join listings l on l.id = k.id
      order by k.created_at desc, k.id desc`
  }
  if (branches) {
    return sql`select k.id, k.slug, k.lat, k.lon, k.price, k.offer_type from (${orderedScan(
      sql`l.id, l.slug, l.created_at, l.lat, l.lon, l.price, l.offer_type`, where, 'newest', limit, branches)}) k
      order by k.created_at desc, k.id desc`
  }
  return sql`select k.id, l.slug, k.lat, k.lon, k.price, k.offer_type
    from (select l.id, l.created_at, l.lat, l.lon, l.price, l.offer_type from listings l where ${where}
      order by l.created_at desc, l.id desc limit ${limit}) k
    join listings l on l.id = k.id
    order by k.created_at desc, k.id desc`
}

export async function searchPage(db: Db, q: SearchQuery, where: SQL, branches?: IndexBranches): Promise<ListingSummary[]> {
  const result = await db.execute(searchPageSql(q, where, branches))
  return rowsOf(result).map(summaryOf)
}

/** A row of SUMMARY_COLUMNS with its first photo and promotion as a ListingSummary. */
export function summaryOf(r: Record<string, unknown>): ListingSummary {
  const cat = CATEGORY_BY_ID.get(Number(r.category_id))
  return {
    id: Number(r.id),
    slug: String(r.slug),
    title: String(r.title),
    price: Number(r.price),
    price_per_m2: num(r.price_per_m2),
    area: num(r.area),
    rooms: num(r.rooms),
    category: { id: Number(r.category_id), slug: cat?.slug ?? '', name: cat?.name ?? '' },
    offer_type: r.offer_type as ListingSummary['offer_type'],
    ad_type: r.ad_type as ListingSummary['ad_type'],
    city: String(r.city),
    district: r.district === null ? null : String(r.district),
    location_name: String(r.location_name),
    lat: Number(r.lat),
    lon: Number(r.lon),
    photo: r.storage_key ? {
      url: photoUrl(String(r.storage_key), 'md'),
      srcset: photoSrcSet(String(r.storage_key)),
      placeholder: (r.placeholder as string | null) ?? null,
      width: Number(r.width),
      height: Number(r.height),
    } : null,
    photos_count: r.storage_key ? Number(r.photos_count) : 0,
    is_promoted: r.promoted === true || r.promoted === 't',
    frame: r.urgent === true || r.urgent === 't' ? 'urgent' : r.bargain === true || r.bargain === 't' ? 'bargain' : null,
    created_at: new Date(r.created_at as string).toISOString(),
    ...(r.advertiser ? { advertiser: r.advertiser as Advertiser } : {}),
  }
}

/**
 * Up to this many matches are counted exactly; beyond it the planner's estimate (as countListings does, with a
 * lower cap: a search's filters leave the count to walk far more index entries than the home page's, and counting
 * 10 001 matches of a city search costs 0.3-0.8 s at a million listings).
 */
export const EXACT_COUNT_LIMIT = 2_000
const COUNT_TTL_MS = 60_000
const COUNT_CACHE_SIZE = 2000
// Per database handle, so test apps on fresh databases never see each other's totals.
const countCaches = new WeakMap<object, Map<string, SearchCount>>()

export interface SearchCount {
  n: number
  /** Not an exact count: the planner's estimate, or a sample beyond EXACT_COUNT_LIMIT (answered as total_estimated). */
  estimated: boolean
  at: number
}

/**
 * The number of matches: exact up to EXACT_COUNT_LIMIT, else estimated (and flagged so). Totals do not depend on
 * sort or page, so they are cached for a minute per filter set: paging and re-sorting a search (what visitors do
 * most) then costs one indexed page query instead of a 10 000-row count each time.
 */
export async function countSearchFlagged(db: Db, where: SQL, cacheKey: string, countWhere = where): Promise<SearchCount> {
  let countCache = countCaches.get(db)
  if (!countCache) countCaches.set(db, countCache = new Map())
  const hit = countCache.get(cacheKey)
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit
  // The planner's estimate first (a millisecond): far beyond the cap it is all a visitor needs ("ponad 120 000"),
  // and counting 10 001 matches of a broad search would cost a hundred times more.
  const estimate = await planEstimate(db, where)
  let n: number
  let estimated = false
  let sampled: number | undefined
  if (estimate > ESTIMATE_TRUSTED_ABOVE) { n = Math.floor(estimate / 1000) * 1000; estimated = true }
  else {
    // On a large table the planner's figure is often far too low (lat/lon, price and area are correlated; at a million
    // listings it said 14-6 200 where 3 000-85 000 matched), and counting up to the cap walks 2 001 matches, from the
    // heap when a filter is not in the covering indexes (extras: 0.2-0.7 s). Once it expects more than a quarter of
    // the cap, a 1% block sample (25-90 ms) decides first: far above the cap, that is the answer (decision 035).
    if (estimate > EXACT_COUNT_LIMIT / 4 && await tableRows(db) >= SAMPLE_FIRST_ROWS) {
      sampled = await sampleEstimate(db, where)
      if (sampled > 2 * EXACT_COUNT_LIMIT) return remember(countCache, cacheKey, rounded(Math.max(estimate, sampled)), true)
    }
    const [row] = rowsOf<{ n: unknown }>(await db.execute(countSql(countWhere)))
    n = Number(row?.n ?? 0)
    if (n > EXACT_COUNT_LIMIT) {
      // More than the cap: the planner's figure may be far below the truth (correlated filters: it said 2 000 where
      // count(*) was 2 340-17 557), so a 1% block sample is counted too and the larger figure answered, flagged.
      sampled ??= await sampleEstimate(db, where)
      n = Math.max(EXACT_COUNT_LIMIT, rounded(Math.max(estimate, sampled)))
      estimated = true
    }
  }
  return remember(countCache, cacheKey, n, estimated)
}

const rounded = (n: number) => (n > 50_000 ? Math.floor(n / 1000) * 1000 : Math.floor(n / 100) * 100)

function remember(countCache: Map<string, SearchCount>, cacheKey: string, n: number, estimated: boolean): SearchCount {
  const out = { n, estimated, at: Date.now() }
  if (countCache.size >= COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value!)
  countCache.set(cacheKey, out)
  return out
}

/** countSearchFlagged's number alone. */
export async function countSearch(db: Db, where: SQL, cacheKey: string, countWhere = where): Promise<number> {
  return (await countSearchFlagged(db, where, cacheKey, countWhere)).n
}

/**
 * Matches in a ~1% sample of the table's blocks, scaled up. Always the same blocks (`repeatable`), and just under 1%:
 * from 1% on, PostgreSQL reads a SYSTEM sample through a small ring of buffers, so every sample read its ~2,200 blocks
 * from outside shared buffers again (130-700 ms a total at a million listings, decision 093); the same 0.99% stays
 * cached (6-7 ms), and a search's estimated total no longer moves between two counts.
 */
async function sampleEstimate(db: Db, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(await db.execute(
    sql`select count(*)::float8 * ${100 / SAMPLE_PERCENT}::float8 as n from listings as l tablesample system (${sql.raw(String(SAMPLE_PERCENT))}) repeatable (0) where ${where}`))
  return Number(row?.n ?? 0)
}
const SAMPLE_PERCENT = 0.99

/** From this many rows (pg_class.reltuples) a 1% sample holds enough matches to stand in for a count (see above). */
const SAMPLE_FIRST_ROWS = 200_000
const tableRowsCache = new WeakMap<object, { n: number; at: number }>()

/** The planner's row count of listings (refreshed every 10 minutes). */
async function tableRows(db: Db): Promise<number> {
  const hit = tableRowsCache.get(db)
  if (hit && Date.now() - hit.at < 600_000) return hit.n
  const [row] = rowsOf<{ n: unknown }>(await db.execute(sql`select reltuples::float8 as n from pg_class where oid = 'listings'::regclass`))
  const n = Number(row?.n ?? 0)
  tableRowsCache.set(db, { n, at: Date.now() })
  return n
}

/** Above this estimate the count is not run (estimates that large are reliable enough for a rounded total). */
const ESTIMATE_TRUSTED_ABOVE = 50_000

async function planEstimate(db: Db, where: SQL): Promise<number> {
  const plan = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) select 1 from listings l where ${where}`))
  let p = plan[0]?.['QUERY PLAN']
  if (typeof p === 'string') p = JSON.parse(p)
  const rows = Number((p as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'])
  return Number.isFinite(rows) ? rows : 0
}

/** Only tests need a cold cache (they insert listings between searches with the same filters). */
export function clearSearchCountCache(db: Db) { countCaches.get(db)?.clear() }

/** The filter part of a query (no sort, page or per_page) as a cache key. */
export function filterKey(q: SearchQuery, extra = ''): string {
  const { sort: _s, page: _p, per_page: _pp, ...filters } = q
  return extra + JSON.stringify(filters)
}

/** One circle of the markers' cluster grid (the index's ClusterHit['clusters'][number]). */
export interface MarkerClusterRow { lat: number; lon: number; count: number; bounds: [number, number, number, number] }

/**
 * Every match of a box grouped on a grid × grid over it, as runMarkers (index/engine.ts) groups them: the same cell
 * arithmetic in doubles (so a listing falls in the same cell on both paths), the mean position, the bounds, and the
 * cells in the same order (row by row from the south-west). One aggregate over the covering cell indexes (pass the
 * count's WHERE with the box's cell ranges): nothing is read from the heap and only the counts go out, where the
 * SQL path used to send up to 2 000 markers (~275 KB of JSON).
 */
export function clustersSql(where: SQL, bbox: [number, number, number, number], grid: number): SQL {
  const [minLon, minLat, maxLon, maxLat] = bbox
  const cellH = (maxLat - minLat) / grid || 1, cellW = (maxLon - minLon) / grid || 1
  const cell = (col: string, min: number, size: number) =>
    sql`least(${grid - 1}, greatest(0, floor((l.${sql.raw(col)} - ${min}::float8) / ${size}::float8)))::int`
  return sql`select ${cell('lat', minLat, cellH)} * ${grid}::int + ${cell('lon', minLon, cellW)} as c, count(*) as n,
      sum(l.lat) as sum_lat, sum(l.lon) as sum_lon, min(l.lat) as min_lat, min(l.lon) as min_lon, max(l.lat) as max_lat, max(l.lon) as max_lon
    from listings l where ${where} group by 1 order by 1`
}

export async function searchClusters(db: Db, where: SQL, bbox: [number, number, number, number], grid: number): Promise<{ total: number; clusters: MarkerClusterRow[] }> {
  let total = 0
  const clusters = rowsOf<Record<string, unknown>>(await db.execute(clustersSql(where, bbox, grid))).map((r) => {
    const count = Number(r.n)
    total += count
    return { lat: Number(r.sum_lat) / count, lon: Number(r.sum_lon) / count, count,
      bounds: [Number(r.min_lat), Number(r.min_lon), Number(r.max_lat), Number(r.max_lon)] as [number, number, number, number] }
  })
  return { total, clusters }
}

export async function searchMarkers(db: Db, where: SQL, limit: number, branches?: IndexBranches): Promise<Marker[]> {
  const result = await db.execute(markersSql(where, limit, branches))
  return rowsOf(result).map((r) => ({
    id: Number(r.id), slug: String(r.slug), lat: Number(r.lat), lon: Number(r.lon), price: Number(r.price),
    offer_type: r.offer_type as Marker['offer_type'],
  }))
}
