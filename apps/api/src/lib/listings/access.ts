import type { FastifyRequest } from 'fastify'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { listingMeta, listings, perHandle, users, type DbHandle } from '@portal/db'
import { OFFER_MESSAGES } from '@portal/contracts/offer'
import { HttpError } from '../http/errors.ts'
import { currentUser, unauthenticated, type UserRow } from '../accounts/guard.ts'

/**
 * Who may change a listing: its owner; the agency whose agent owns it (users.agency_id); and, while a guest's
 * account waits for activation, the very session that created it (so the form can upload its photos).
 * Anyone else: 403 when the listing is public, 404 when it is hidden (its existence is not revealed);
 * guests 401. The original system had no such checks at all (reference §4).
 */
export type ListingRow = typeof listings.$inferSelect
export type MetaRow = typeof listingMeta.$inferSelect

/** Status as visitors and owners see it: an active listing past expires_at is expired even before the sweep. */
export function effectiveStatus(l: Pick<ListingRow, 'status' | 'expiresAt'>): ListingRow['status'] {
  return l.status === 'active' && l.expiresAt && new Date(l.expiresAt).getTime() <= Date.now() ? 'expired' : l.status
}
export const effectiveStatusSql = sql<string>`(CASE WHEN ${listings.status} = 'active' AND ${listings.expiresAt} <= now() THEN 'expired' ELSE ${listings.status} END)`

export function isPubliclyVisible(l: ListingRow): boolean {
  return effectiveStatus(l) === 'active' && (!l.visibleFrom || new Date(l.visibleFrom).getTime() <= Date.now())
}

/**
 * The lookups of findListing as prepared statements, one pair per database handle: every listing page runs one, and
 * building drizzle's SQL for ~90 columns and PostgreSQL planning it again on each view cost more than the read.
 */
function listingLookups(db: DbHandle['db']) {
  const select = () => db.select({ listing: listings, meta: listingMeta }).from(listings).leftJoin(listingMeta, eq(listingMeta.listingId, listings.id))
  return {
    byId: select().where(eq(listings.id, sql.placeholder('key'))).limit(1).prepare('find_listing_by_id'),
    bySlug: select().where(eq(listings.slug, sql.placeholder('key'))).limit(1).prepare('find_listing_by_slug'),
  }
}
const lookups = perHandle(listingLookups)

/** A listing by numeric id or slug. */
export async function findListing(handle: DbHandle, idOrSlug: string): Promise<{ listing: ListingRow; meta: MetaRow | null } | null> {
  const [row] = await byIdOrSlug(lookups(handle.db), idOrSlug)
  return row ?? null
}

interface Lookup<R> { execute(values: { key: number | string }): Promise<R> }

/**
 * Runs the by-id or the by-slug statement of a pair (each with a `key` placeholder) for a listing's id or slug, as
 * findListing reads them: all digits is an id, anything else a slug (cut at 200 characters).
 */
export function byIdOrSlug<R>(stmts: { byId: Lookup<R>; bySlug: Lookup<R> }, idOrSlug: string): Promise<R> {
  return /^\d{1,15}$/.test(idOrSlug)
    ? stmts.byId.execute({ key: Number(idOrSlug) })
    : stmts.bySlug.execute({ key: idOrSlug.slice(0, 200) })
}

/** The id of the agent's company while it exists (an agent of a deleted company adds listings as their own). */
export async function activeAgency(handle: DbHandle, agencyId: number): Promise<number | null> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(and(eq(users.id, agencyId), isNull(users.deletedAt))).limit(1)
  return row?.id ?? null
}

/**
 * An agent manages the company's listings that name them; all of the company's listings when the company lets its
 * agents share them (users.agents_share_listings).
 */
export async function agentMayManage(handle: DbHandle, listing: Pick<ListingRow, 'userId' | 'agentId'>, user: UserRow): Promise<boolean> {
  if (!user.agencyId || listing.userId !== user.agencyId) return false
  if (listing.agentId === user.id) return true
  const [company] = await handle.db.select({ share: users.agentsShareListings }).from(users).where(eq(users.id, user.agencyId)).limit(1)
  return !!company?.share
}

export async function canManage(request: FastifyRequest, listing: ListingRow, meta: MetaRow | null, user: UserRow | null): Promise<boolean> {
  if (user) {
    if (listing.userId === user.id) return true
    if (await agentMayManage(request.server.db, listing, user)) return true
    const [owner] = await request.server.db.db.select({ agencyId: users.agencyId }).from(users).where(eq(users.id, listing.userId)).limit(1)
    if (owner?.agencyId && owner.agencyId === user.id) return true
  }
  return !!(meta?.pendingActivation && meta.creatorSessionId && request.session && meta.creatorSessionId === request.session.id)
}

export const listingNotFound = () => new HttpError(404, 'not_found', OFFER_MESSAGES.notFound)

/** The listing the caller may change, or the 401/403/404 described above. */
export async function requireManagedListing(request: FastifyRequest, id: string) {
  const found = /^\d{1,15}$/.test(id) ? await findListing(request.server.db, id) : null
  if (!found) throw listingNotFound()
  const user = await currentUser(request)
  if (await canManage(request, found.listing, found.meta, user)) return { ...found, user }
  if (!user) throw unauthenticated()
  if (isPubliclyVisible(found.listing)) throw new HttpError(403, 'forbidden', OFFER_MESSAGES.forbidden)
  throw listingNotFound()
}
