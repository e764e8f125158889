import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm'
import { favorites, listingPhotos, listingPriceHistory, listings, perHandle, users, type DbHandle } from '@portal/db'
import { ATTRIBUTE_BY_ID, CATEGORY_BY_ID } from '@portal/contracts/catalogue'
import { photoSrcSet, photoUrl } from '@portal/contracts/listing'
import { profilePath } from '@portal/contracts/people'
import { attributeGroup, parseVideoUrl, type EditOffer, type OfferPhoto, type PublicOffer } from '@portal/contracts/offer'
import { effectiveStatus, type ListingRow, type MetaRow } from './access.ts'
import { warsawDate } from './write.ts'
import { listSummaries, publicListingCondition } from './summary.ts'
import type { Storage } from '../media/storage.ts'

/** Listing responses: the editing shape (spec §3) and the public page's shape. */
type PhotoRow = typeof listingPhotos.$inferSelect
/** What the responses show of a photo row (pageExtras reads only these). */
export type PhotoFields = Pick<PhotoRow, 'id' | 'kind' | 'position' | 'storageKey' | 'width' | 'height' | 'placeholder'>

/** What the advertiser card and the phone reveal read of a person: never the password hash or the address. */
const cardColumns = {
  id: users.id, name: users.name, type: users.type, avatar: users.avatar, companyName: users.companyName,
  agencyId: users.agencyId, createdAt: users.createdAt, deletedAt: users.deletedAt, phone: users.phone,
}

/** The listing page's per-listing reads as prepared statements, once per database handle (see findListing). */
function pageReads(db: DbHandle['db']) {
  const id = sql.placeholder('id')
  return {
    photos: db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id))
      .orderBy(asc(listingPhotos.position), asc(listingPhotos.id)).prepare('listing_photo_rows'),
    history: db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, id))
      .orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id)).prepare('listing_price_history'),
    /** The owner and, when the listing names one, its agent (`agent` = the owner's id when it does not). */
    people: db.select(cardColumns).from(users).where(or(eq(users.id, id), eq(users.id, sql.placeholder('agent')))).prepare('listing_advertisers'),
    favourites: db.select({ n: count() }).from(favorites).where(eq(favorites.listingId, id)).prepare('listing_favourites_count'),
  }
}
const readsOf = perHandle(pageReads)

export async function listingPhotoRows(db: DbHandle, listingId: number): Promise<PhotoRow[]> {
  return readsOf(db.db).photos.execute({ id: listingId })
}

export function toPhoto(p: PhotoFields): OfferPhoto {
  return {
    id: Number(p.id), url: photoUrl(p.storageKey, 'md'), srcset: photoSrcSet(p.storageKey), placeholder: p.placeholder,
    width: p.width, height: p.height, position: p.position,
  }
}

/** A photo of another gallery (an investment's) in a listing's photo shape; negative ids mark it as not the listing's. */
export function toGalleryPhoto(p: { key: string; width: number; height: number; placeholder: string | null }, i: number): OfferPhoto {
  return { id: -(i + 1), url: photoUrl(p.key, 'md'), srcset: photoSrcSet(p.key), placeholder: p.placeholder, width: p.width, height: p.height, position: i }
}

export function photoLists(rows: PhotoFields[]) {
  return {
    photos: rows.filter((p) => p.kind === 'photo').map(toPhoto),
    project_plan_photos: rows.filter((p) => p.kind === 'plan').map(toPhoto),
  }
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
const attrNumber = (l: ListingRow, id: number) => {
  const v = l.attributes.find((a) => a.id === id)?.value
  return typeof v === 'string' && v !== '' ? Number(v) : null
}

function ecertificate(l: ListingRow, meta: MetaRow | null, storage: Storage): EditOffer['ecertificate'] {
  const file = meta?.ecertificate
    ? { url: storage.url(meta.ecertificate.key, meta.ecertificate.file), type: meta.ecertificate.type, name: meta.ecertificate.name }
    : null
  const ep = attrNumber(l, 34)
  const co2 = attrNumber(l, 35)
  const oze = attrNumber(l, 36)
  return file || ep !== null || co2 !== null || oze !== null ? { file, ep, co2, oze } : null
}

function links(l: ListingRow) {
  return { video: l.links.video ?? null, video_2: l.links.video_2 ?? null, walk_video: l.links.walk_video ?? null }
}

function thumbnails(l: ListingRow) {
  const t = (v: string | null | undefined) => parseVideoUrl(v ?? '')?.thumbnail ?? null
  return { video: t(l.links.video), video_2: t(l.links.video_2), walk_video: t(l.links.walk_video) }
}

export function toEditOffer(l: ListingRow, meta: MetaRow | null, photos: PhotoRow[], storage: Storage): EditOffer {
  return {
    id: Number(l.id),
    slug: l.slug,
    status: effectiveStatus(l),
    pending_activation: !!meta?.pendingActivation,
    title: l.title,
    category_id: l.categoryId,
    offer_type: l.offerType,
    ad_type: l.adType,
    price: Number(l.price),
    description: l.description,
    location: { lat: l.lat, lon: l.lon, name: l.locationName },
    ...photoLists(photos),
    ecertificate: ecertificate(l, meta, storage),
    links: links(l),
    video_thumbnails: thumbnails(l),
    visible_from_date: warsawDate(l.visibleFrom),
    attributes: l.attributes.map((a) => ({ id: a.id, value: a.value })),
    expires_at: iso(l.expiresAt),
    views: l.views,
    created_at: iso(l.createdAt)!,
  }
}

const UNIT_LABEL: Record<string, string> = { m2: 'm²', 'zł': 'zł', 'kWh/m2': 'kWh/m²·rok', 'kg/m2': 'kg CO₂/m²·rok', '%': '%', lat: 'lat' }
const num = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 })

/** Attributes with names, option labels and their group, in catalogue order within each group. */
export function resolveAttributes(l: ListingRow): PublicOffer['attributes'] {
  return l.attributes.flatMap((a) => {
    const def = ATTRIBUTE_BY_ID.get(a.id)
    if (!def) return []
    const optionName = (s: string) => def.options?.find((o) => o.slug === s)?.name ?? s
    let label: string
    if (Array.isArray(a.value)) label = a.value.map(optionName).join(', ')
    else if (def.type === 'boolean') label = 'Tak'
    else if (def.type === 'choice') label = optionName(a.value)
    else if ((def.type === 'integer' || def.type === 'numeric') && def.id !== 18) {
      label = `${num.format(Number(a.value))}${def.unit ? ` ${UNIT_LABEL[def.unit] ?? def.unit}` : ''}`
    } else if (def.type === 'date') label = a.value.split('-').reverse().join('.')
    else label = a.value
    return [{
      id: def.id, slug: def.slug, name: def.name, type: def.type, unit: def.unit ?? null, value: a.value, label,
      group: attributeGroup(def.id),
    }]
  })
}

function categoryOut(id: number) {
  const c = CATEGORY_BY_ID.get(id)
  if (!c) return { id, slug: String(id), url_slug: String(id), name: '' }
  return { id: c.id, slug: c.slug, url_slug: c.urlSlug, name: c.name }
}

export function goneBody(l: ListingRow) {
  return { error: 'gone' as const, message: 'To ogłoszenie jest już nieaktualne.', category: categoryOut(l.categoryId), city: { name: l.city, slug: l.citySlug } }
}

type CardRow = Pick<typeof users.$inferSelect, keyof typeof cardColumns>
const shownName = (u: CardRow) => (u.companyName && u.type !== 'user' && !u.agencyId ? u.companyName : u.name)
const publicUser = (u: CardRow) => ({ id: u.id, name: shownName(u), avatar: u.avatar, profile_url: profilePath(u.id, shownName(u)) })

/** The person answering for the listing: its agent when an agency listing names a live one, else its owner. */
async function advertisers(db: DbHandle, l: ListingRow) {
  const rows = await readsOf(db.db).people.execute({ id: l.userId, agent: l.agentId ?? l.userId })
  const owner = rows.find((u) => u.id === l.userId)!
  const agent = l.agentId ? rows.find((u) => u.id === l.agentId && !u.deletedAt) : undefined
  return { owner, agent, person: agent ?? owner }
}

/** The advertiser's card fields with the phone (the phone reveal and the viewings read only these). */
export async function advertiserPerson(db: DbHandle, l: ListingRow) {
  return (await advertisers(db, l)).person
}

/** The advertiser card: the agent when an agency listing names one, else the owner, and their agency. */
export async function advertiserOf(db: DbHandle, l: ListingRow, activeCount?: number) {
  const { owner, agent, person } = await advertisers(db, l)
  let agency: CardRow | undefined = agent ? owner : undefined
  if (!agency && owner.agencyId) {
    ;[agency] = await db.db.select(cardColumns).from(users).where(eq(users.id, owner.agencyId)).limit(1)
  }
  const n = activeCount ?? await sellerActiveCountSql(db, l.userId)
  return {
    id: person.id,
    name: person.name,
    type: person.type,
    // The owner's kind as the search's filter reads it (ADVERTISER_SQL): the column kept by triggers (decision 101).
    kind: l.advertiser,
    avatar: person.avatar,
    company_name: person.companyName,
    agency: agency ? publicUser(agency) : null,
    profile_url: profilePath(person.id, shownName(person)),
    member_since: new Date(person.createdAt).toISOString(),
    active_offers_count: n,
  }
}

/** The whole row of the person a message to the listing goes to (the mail needs their address and settings). */
export async function addresseeOf(db: DbHandle, l: ListingRow) {
  const person = await advertiserPerson(db, l)
  const [row] = await db.db.select().from(users).where(eq(users.id, person.id)).limit(1)
  return row!
}

/**
 * SQL answers below are used only while the search index loads (or with SEARCH_INDEX=off): they scan a seller's
 * listings or a city's category, so each answer is kept for a minute (a popular page is viewed over and over).
 */
const SQL_TTL_MS = 60_000
const sqlCaches = new WeakMap<DbHandle, Map<string, { at: number; value: unknown }>>()
async function cachedSql<T>(db: DbHandle, key: string, read: () => Promise<T>): Promise<T> {
  let sqlCache = sqlCaches.get(db)
  if (!sqlCache) sqlCaches.set(db, sqlCache = new Map())
  const hit = sqlCache.get(key)
  if (hit && Date.now() - hit.at < SQL_TTL_MS) return hit.value as T
  const value = await read()
  if (sqlCache.size >= 10_000) sqlCache.delete(sqlCache.keys().next().value!)
  sqlCache.set(key, { at: Date.now(), value })
  return value
}

/** The seller's public listings (SQL; the listing page takes it from the search index when loaded). */
export function sellerActiveCountSql(db: DbHandle, userId: number): Promise<number> {
  return cachedSql(db, `seller:${userId}`, async () => {
    const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listings)
      .where(and(publicListingCondition(), eq(listings.userId, userId))) as [{ n: number }]
    return n
  })
}

export const SIMILAR_LIMIT = 6

/** Up to 6 public listings of the same category and city, closest in price first (SQL; see sellerActiveCountSql). */
export async function similarListings(db: DbHandle, l: ListingRow) {
  return cachedSql(db, `similar:${l.id}:${l.price}`, () => {
    const where = and(publicListingCondition(), eq(listings.categoryId, l.categoryId), eq(listings.citySlug, l.citySlug),
      eq(listings.offerType, l.offerType), ne(listings.id, l.id))!
    return listSummaries(db.db, where, SIMILAR_LIMIT, 0, [sql`abs(${listings.price} - ${l.price})`, asc(listings.id)])
  })
}

/** How many users keep the listing as a favourite (favoriteCounts for one listing, prepared). */
export async function favouritesCount(db: DbHandle, listingId: number): Promise<number> {
  const [row] = await readsOf(db.db).favourites.execute({ id: listingId })
  return Number(row?.n ?? 0)
}

export async function priceHistory(db: DbHandle, listingId: number) {
  const rows = await readsOf(db.db).history.execute({ id: listingId })
  return rows.map((r) => ({ price: Number(r.price), changed_at: new Date(r.changedAt).toISOString() }))
}

export function publicBase(l: ListingRow, meta: MetaRow | null, photos: PhotoFields[], storage: Storage) {
  const cat = CATEGORY_BY_ID.get(l.categoryId)
  const parent = cat?.parentId ? categoryOut(cat.parentId) : null
  const video = (v: string | null | undefined) => parseVideoUrl(v ?? '')
  return {
    id: Number(l.id),
    slug: l.slug,
    status: effectiveStatus(l),
    title: l.title,
    category_id: l.categoryId,
    category: { ...categoryOut(l.categoryId), parent },
    offer_type: l.offerType,
    ad_type: l.adType,
    price: Number(l.price),
    price_per_m2: l.pricePerM2 === null ? null : Number(l.pricePerM2),
    area: l.area === null ? null : Number(l.area),
    rooms: l.rooms,
    description: l.description,
    location: { lat: l.lat, lon: l.lon, name: l.locationName },
    city: l.city,
    city_slug: l.citySlug,
    district: l.district,
    voivodeship: l.voivodeship,
    ...photoLists(photos),
    ecertificate: ecertificate(l, meta, storage),
    links: links(l),
    videos: { video: video(l.links.video), video_2: video(l.links.video_2), walk_video: video(l.links.walk_video) },
    video_thumbnails: thumbnails(l),
    attributes: resolveAttributes(l),
    views: l.views,
    favourites_count: 0,
    is_promoted: l.isPromoted && (!l.promotedUntil || new Date(l.promotedUntil).getTime() > Date.now()),
    expires_at: iso(l.expiresAt),
    created_at: iso(l.createdAt)!,
    updated_at: iso(l.updatedAt)!,
  }
}
