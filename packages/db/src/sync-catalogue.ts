import { sql } from 'drizzle-orm'
import { CATEGORIES } from '@portal/contracts/catalogue'
import type { Db } from './client.ts'
import { categories } from './schema/index.ts'

/** Upserts the declarative category tree into the table listings reference; cheap and idempotent, run at start. */
export async function syncCatalogue(db: Db): Promise<void> {
  const rows = CATEGORIES.map((c, position) => ({
    id: c.id, parentId: c.parentId, slug: c.slug, urlSlug: c.urlSlug, name: c.name, offerTypes: c.offerTypes, position,
  }))
  await db.insert(categories).values(rows).onConflictDoUpdate({
    target: categories.id,
    set: {
      parentId: sql`excluded.parent_id`, slug: sql`excluded.slug`, urlSlug: sql`excluded.url_slug`,
      name: sql`excluded.name`, offerTypes: sql`excluded.offer_types`, position: sql`excluded.position`,
    },
  })
}
