import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { categories, categoryModeration, listingModeration, listingPhotos, listings, users, type DbHandle, type ModerationMode } from '@portal/db'
import { photoUrl } from '@portal/contracts/listing'
import type { QueueItem } from '@portal/contracts/admin'
import { audit, type Actor } from '../admin/audit.ts'
import { DEFAULT_MODE } from '../listings/review.ts'

/** The moderation queue, oldest first: listings waiting (pre) or live but not yet reviewed (post). */
export async function moderationQueue(db: DbHandle, page: number, perPage: number, mode?: ModerationMode) {
  const where = and(eq(listingModeration.state, 'queued'), ne(listings.status, 'suspended'), mode ? eq(listingModeration.mode, mode) : undefined)
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listingModeration)
    .innerJoin(listings, eq(listings.id, listingModeration.listingId)).where(where)
  const rows = await db.db.select({
    l: { id: listings.id, slug: listings.slug, title: listings.title, description: listings.description, status: listings.status, price: listings.price, city: listings.city },
    m: { mode: listingModeration.mode, reason: listingModeration.reason, queuedAt: listingModeration.queuedAt },
    category: categories.name,
    owner: { id: users.id, name: users.name, email: users.email },
  }).from(listingModeration).innerJoin(listings, eq(listings.id, listingModeration.listingId))
    .innerJoin(users, eq(users.id, listings.userId)).innerJoin(categories, eq(categories.id, listings.categoryId))
    .where(where).orderBy(asc(listingModeration.queuedAt), asc(listings.id)).limit(perPage).offset((page - 1) * perPage)
  const ids = rows.map((r) => r.l.id)
  const photos = ids.length ? await db.db.selectDistinctOn([listingPhotos.listingId], { listingId: listingPhotos.listingId, key: listingPhotos.storageKey })
    .from(listingPhotos).where(and(inArray(listingPhotos.listingId, ids), eq(listingPhotos.kind, 'photo')))
    .orderBy(listingPhotos.listingId, asc(listingPhotos.position)) : []
  const photo = new Map(photos.map((p) => [p.listingId, photoUrl(p.key, 'sm')]))
  const data: QueueItem[] = rows.map((r) => ({
    id: r.l.id, slug: r.l.slug, title: r.l.title, description: r.l.description.slice(0, 2000), status: r.l.status, price: r.l.price,
    city: r.l.city, category: r.category, mode: r.m.mode, reason: r.m.reason, queued_at: new Date(r.m.queuedAt).toISOString(),
    owner: r.owner, photo: photo.get(r.l.id) ?? null,
  }))
  return { data, total: n, page, per_page: perPage, last_page: Math.max(1, Math.ceil(n / perPage)) }
}

/** Every category with its effective mode (its own setting, else its parent's, else the default). */
export async function categoryModes(db: DbHandle) {
  const cats = await db.db.select({ id: categories.id, name: categories.name, parentId: categories.parentId, position: categories.position })
    .from(categories).orderBy(asc(categories.position), asc(categories.id))
  const own = new Map((await db.db.select().from(categoryModeration)).map((r) => [r.categoryId, r.mode]))
  const name = new Map(cats.map((c) => [c.id, c.name]))
  return cats.map((c) => ({
    id: c.id, name: c.name, parent: c.parentId ? name.get(c.parentId) ?? null : null,
    mode: own.get(c.id) ?? (c.parentId ? own.get(c.parentId) : undefined) ?? DEFAULT_MODE,
  }))
}

export async function setCategoryMode(db: DbHandle, actor: Actor, categoryId: number, mode: ModerationMode) {
  const before = (await categoryModes(db)).find((c) => c.id === categoryId)
  if (!before) return null
  await db.db.insert(categoryModeration).values({ categoryId, mode })
    .onConflictDoUpdate({ target: categoryModeration.categoryId, set: { mode, updatedAt: new Date() } })
  await audit(db, actor, { action: 'category.moderation', targetType: 'category', targetId: categoryId, before: { mode: before.mode }, after: { mode } })
  return { ...before, mode }
}
