import { sql, type SQL } from 'drizzle-orm'
import type { DbHandle } from '@portal/db'
import { DIRECTORY_PER_PAGE, profilePath, type DirectoryResponse, type DirectoryType } from '@portal/contracts/people'
import { foldPolish } from '@portal/contracts/search'
import { avatarUrl } from '../accounts/profile.ts'
import { rowsOf } from '../search/sql.ts'

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Which accounts each directory lists (verified, not deleted). */
function typeCondition(type: DirectoryType): SQL {
  switch (type) {
    case 'agencies': return sql`u.type = 'agency' and u.agency_id is null`
    case 'developers': return sql`u.type = 'developer' and u.agency_id is null`
    case 'hotels': return sql`u.type = 'hotel' and u.agency_id is null`
    case 'agents': return sql`u.agency_id is not null and exists (select 1 from users a where a.id = u.agency_id and a.deleted_at is null)`
  }
}

/** Diacritic- and case-insensitive text of a column (the same folding as foldPolish: ł → l, then unaccent). */
const folded = (col: SQL) => sql`lower(unaccent(replace(replace(coalesce(${col}, ''), 'ł', 'l'), 'Ł', 'L')))`

/**
 * GET /api/agencies: a directory page. Name search matches the shown name (company or person) anywhere in it; the
 * city is the account's own city (address.city) and, for agents, also their company's. Listing counts are of public
 * listings: a company's own (its agents' included), an agent's those naming them.
 */
export async function directoryPage(db: DbHandle, o: { type: DirectoryType; q?: string; city?: string; sort: 'listings' | 'name'; page?: number }): Promise<DirectoryResponse> {
  const page = o.page ?? 1
  const name = sql`(case when u.agency_id is null and u.company_name is not null and u.company_name <> '' then u.company_name else u.name end)`
  const conditions: SQL[] = [sql`u.deleted_at is null`, sql`u.email_verified_at is not null`, typeCondition(o.type)]
  const q = o.q ? foldPolish(o.q) : ''
  if (q) conditions.push(sql`${folded(name)} like ${`%${likeEscape(q)}%`}`)
  const city = o.city ? foldPolish(o.city.split(',')[0]!) : ''
  if (city) {
    conditions.push(o.type === 'agents'
      ? sql`(${folded(sql`u.address->>'city'`)} = ${city} or exists (select 1 from users a where a.id = u.agency_id and ${folded(sql`a.address->>'city'`)} = ${city}))`
      : sql`${folded(sql`u.address->>'city'`)} = ${city}`)
  }
  const where = sql.join(conditions, sql` and `)
  const offers = sql`(select count(*) from listings l where (l.user_id = u.id or (u.agency_id is not null and l.agent_id = u.id))
    and l.status = 'active' and (l.visible_from is null or l.visible_from <= now()) and (l.expires_at is null or l.expires_at > now()))`
  const order = o.sort === 'name' ? sql`lower(${name}) asc, u.id asc` : sql`offers_count desc, lower(${name}) asc, u.id asc`
  const [totalRow] = rowsOf<{ n: string | number }>(await db.db.execute(sql`select count(*) as n from users u where ${where}`))
  const total = Number(totalRow?.n ?? 0)
  const rows = rowsOf<{ id: number; name: string; type: string; avatar: string | null; city: string | null; offers_count: string | number;
    agency_id: number | null; agency_name: string | null }>(await db.db.execute(sql`
    select u.id, ${name} as name, u.type, u.avatar, u.address->>'city' as city, ${offers} as offers_count, u.agency_id,
      (select coalesce(nullif(a.company_name, ''), a.name) from users a where a.id = u.agency_id) as agency_name
    from users u where ${where} order by ${order} limit ${DIRECTORY_PER_PAGE} offset ${(page - 1) * DIRECTORY_PER_PAGE}`))
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      type: r.agency_id ? 'agent' : r.type,
      avatar: avatarUrl(r.avatar),
      city: r.city,
      offers_count: Number(r.offers_count),
      profile_url: profilePath(Number(r.id), r.name),
      agency: r.agency_id && r.agency_name ? { id: Number(r.agency_id), name: r.agency_name, profile_url: profilePath(Number(r.agency_id), r.agency_name) } : null,
    })),
    total, page, per_page: DIRECTORY_PER_PAGE, last_page: Math.max(1, Math.ceil(total / DIRECTORY_PER_PAGE)),
  }
}
