import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { users, type DbHandle } from '@portal/db'
import { parseSearchParams, type SearchQuery } from '@portal/contracts/search'
import { displayName, isCompanyType, PROFILE_SORTS, profilePath, type ProfileAgent, type ProfilePage, type PublicPerson } from '@portal/contracts/people'
import { HttpError, notFound } from '../http/errors.ts'
import { avatarUrl } from '../accounts/profile.ts'
import type { UserRow } from '../accounts/guard.ts'
import { rowsOf, searchConditions, searchPage, whereOf } from '../search/sql.ts'

/** Per page of a profile's listings. */
export const PROFILE_PER_PAGE = 12

const PUBLIC = sql`l.status = 'active' and (l.visible_from is null or l.visible_from <= now()) and (l.expires_at is null or l.expires_at > now())`

export const isAgent = (u: Pick<UserRow, 'agencyId'>) => u.agencyId !== null
// The heading of a profile or a card (in contracts: the profile's canonical slug is made from it, and other
// domains that link to a profile need the same name).
export { displayName, isCompanyType }

/** Listings that belong to a profile: a company's or a private person's own; an agent's those naming them. */
export function ownedBy(u: Pick<UserRow, 'id' | 'agencyId'>): SQL {
  return isAgent(u) ? sql`(l.agent_id = ${u.id} or l.user_id = ${u.id})` : sql`l.user_id = ${u.id}`
}

async function count(db: DbHandle, where: SQL): Promise<number> {
  const r = rowsOf<{ n: string | number }>(await db.db.execute(sql`select count(*) as n from listings l where ${where}`))
  return Number(r[0]?.n ?? 0)
}

/**
 * The account behind /profil/{id}: 404 for an unknown, not yet activated or blocked one, 410 for a deleted one
 * (search engines then drop the address).
 */
export async function profileUser(db: DbHandle, idParam: string): Promise<UserRow> {
  const m = /^(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(idParam)
  if (!m) throw notFound('Nie znaleziono użytkownika.')
  const [u] = await db.db.select().from(users).where(eq(users.id, Number(m[1]))).limit(1)
  if (!u || !u.emailVerifiedAt || isBlocked(u)) throw notFound('Nie znaleziono użytkownika.')
  if (u.deletedAt) throw new HttpError(410, 'gone', 'To konto zostało usunięte.')
  return u
}

/** Accounts the moderators blocked (issue 13 adds the column; until then nobody is). */
function isBlocked(u: UserRow): boolean {
  return !!(u as UserRow & { blockedAt?: Date | null }).blockedAt
}

function person(u: UserRow, offersCount: number, agency: UserRow | null): PublicPerson {
  const commission = u.commission as PublicPerson['commission']
  return {
    id: u.id,
    name: u.name,
    display_name: displayName(u),
    type: isAgent(u) ? 'agent' : u.type,
    avatar: avatarUrl(u.avatar),
    video_avatar: u.videoAvatar,
    company_name: u.companyName,
    description: u.description,
    services: u.services ?? [],
    languages: u.languages ?? [],
    commission: u.type === 'agency' && commission && typeof commission === 'object' ? commission : null,
    city: u.address?.city ?? null,
    created_at: new Date(u.createdAt).toISOString(),
    offers_count: offersCount,
    profile_url: profilePath(u.id, displayName(u)),
    agency: agency ? { id: agency.id, name: displayName(agency), avatar: avatarUrl(agency.avatar), profile_url: profilePath(agency.id, displayName(agency)) } : null,
  }
}

/** A company's active agents with their own counts of public listings. */
export async function companyAgents(db: DbHandle, companyId: number): Promise<ProfileAgent[]> {
  const rows = await db.db.select().from(users)
    .where(and(eq(users.agencyId, companyId), isNull(users.deletedAt), isNotNull(users.emailVerifiedAt)))
    .orderBy(users.name)
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const counts = rowsOf<{ agent_id: number; n: string | number }>(await db.db.execute(sql`
    select l.agent_id, count(*) as n from listings l
    where l.agent_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and ${PUBLIC} group by l.agent_id`))
  const byId = new Map(counts.map((c) => [Number(c.agent_id), Number(c.n)]))
  return rows.map((r) => ({ id: r.id, name: r.name, avatar: avatarUrl(r.avatar), profile_url: profilePath(r.id, r.name), offers_count: byId.get(r.id) ?? 0 }))
}

/** The listing filters of /szukaj a profile understands (offer type, category, price, area, sort, page). */
export function profileQuery(params: URLSearchParams): SearchQuery {
  const { query } = parseSearchParams(params)
  const chosen = (PROFILE_SORTS as readonly string[]).includes(query.sort ?? '') ? query.sort : 'newest'
  // Every listing on a profile is the advertiser's own: pinning the promoted ones filled the first page with
  // 'Wyróżnione' and hid the newest (decision 071). Newest first, the badge stays on its card.
  const sort = chosen === 'newest' ? 'newest_plain' : chosen
  return {
    type: query.type, categories: query.categories, price: query.price, area: query.area, sort,
    page: Math.min(query.page ?? 1, 1000), per_page: PROFILE_PER_PAGE,
  }
}

/** GET /api/profile/{id}: the profile, a page of its public listings and (companies) its agents. */
export async function profilePage(db: DbHandle, u: UserRow, params: URLSearchParams): Promise<ProfilePage> {
  const q = profileQuery(params)
  const mine = ownedBy(u)
  const where = whereOf([...searchConditions(q), mine])
  const [total, all, data] = await Promise.all([
    count(db, where),
    count(db, sql`${mine} and ${PUBLIC}`),
    searchPage(db.db, q, where),
  ])
  const [agency] = u.agencyId
    ? await db.db.select().from(users).where(and(eq(users.id, u.agencyId), isNull(users.deletedAt))).limit(1)
    : []
  const agents = isCompanyType(u.type) && !u.agencyId ? await companyAgents(db, u.id) : []
  return {
    user: person(u, all, agency ?? null),
    offers: { data, total, page: q.page!, per_page: PROFILE_PER_PAGE, last_page: Math.max(1, Math.ceil(total / PROFILE_PER_PAGE)) },
    agents,
  }
}

/** Public profile addresses for the sitemap: verified companies, agents and people with at least one public listing. */
export async function sitemapProfiles(db: DbHandle, limit: number, offset: number) {
  const rows = rowsOf<{ id: number; name: string; company_name: string | null; type: string; agency_id: number | null; updated_at: string | Date }>(
    await db.db.execute(sql`
      select u.id, u.name, u.company_name, u.type, u.agency_id, u.updated_at from users u
      where u.deleted_at is null and u.email_verified_at is not null
        and (u.type in ('agency', 'developer', 'hotel') or exists (
          select 1 from listings l where (l.user_id = u.id or l.agent_id = u.id) and ${PUBLIC}))
      order by u.id limit ${limit} offset ${offset}`))
  return rows.map((r) => {
    const name = displayName({ name: r.name, companyName: r.company_name, type: r.type as UserRow['type'], agencyId: r.agency_id })
    return { path: profilePath(Number(r.id), name), updated_at: new Date(r.updated_at).toISOString() }
  })
}

