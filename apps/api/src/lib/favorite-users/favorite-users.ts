import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { favoriteUsers, users, type Db, type UserType } from '@portal/db'
import { displayName, profilePath } from '@portal/contracts/people'
import { avatarUrl } from '../accounts/profile.ts'

/**
 * Favourite users (spec §1/§3, reference §9): advertisers a user follows. POST toggles (`{status}` = following now),
 * the list is paged and filtered by type. Only active accounts can be followed or listed.
 */
const visible = and(isNull(users.deletedAt), isNotNull(users.emailVerifiedAt))

/** Toggles; 'not_found' for an unknown/inactive user, 'self' for the user's own account. */
export async function toggleFavoriteUser(db: Db, userId: number, targetId: number): Promise<boolean | 'not_found' | 'self'> {
  if (userId === targetId) return 'self'
  const [target] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, targetId), visible)).limit(1)
  if (!target) return 'not_found'
  const removed = await db.delete(favoriteUsers)
    .where(and(eq(favoriteUsers.userId, userId), eq(favoriteUsers.favoriteUserId, targetId))).returning({ id: favoriteUsers.favoriteUserId })
  if (removed.length) return false
  await db.insert(favoriteUsers).values({ userId, favoriteUserId: targetId }).onConflictDoNothing()
  return true
}

export async function favoriteUserIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: favoriteUsers.favoriteUserId }).from(favoriteUsers)
    .innerJoin(users, and(eq(users.id, favoriteUsers.favoriteUserId), visible))
    .where(eq(favoriteUsers.userId, userId))
  return rows.map((r) => r.id)
}

export interface FavoriteUserView {
  id: number; name: string; type: UserType; company_name: string | null; avatar: string | null; city: string | null
  offers_count: number; is_favorite_user: true; created_at: string; profile_url: string
}

export async function favoriteUsersPage(db: Db, userId: number, type: UserType | undefined, page: number, perPage: number): Promise<{ data: FavoriteUserView[]; total: number }> {
  const where = and(eq(favoriteUsers.userId, userId), ...(type ? [eq(users.type, type)] : []))
  const offers = sql<number>`(select count(*) from listings o where o.user_id = ${users.id} and o.status = 'active' and (o.expires_at is null or o.expires_at > now()))`.mapWith(Number)
  const [rows, counted] = await Promise.all([
    db.select({ u: users, at: favoriteUsers.createdAt, offers }).from(favoriteUsers)
      .innerJoin(users, and(eq(users.id, favoriteUsers.favoriteUserId), visible))
      .where(where).orderBy(desc(favoriteUsers.createdAt), desc(users.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(favoriteUsers).innerJoin(users, and(eq(users.id, favoriteUsers.favoriteUserId), visible)).where(where),
  ])
  return {
    total: Number(counted[0]?.n ?? 0),
    data: rows.map(({ u, at, offers: n }) => ({
      id: u.id, name: u.name, type: u.type, company_name: u.companyName, avatar: avatarUrl(u.avatar), city: u.address?.city ?? null,
      offers_count: n, is_favorite_user: true as const, created_at: new Date(at).toISOString(), profile_url: profilePath(u.id, displayName(u)),
    })),
  }
}
