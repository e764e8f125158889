import { inArray, sql } from 'drizzle-orm'
import { listingPhotos, type DbHandle } from '@portal/db'
import type { Storage } from '../media/storage.ts'

/**
 * Removes stored photo folders no listing_photos row and no investment's gallery refers to any more (the demo data
 * shares a photo pool, and its investments show their developer's listing photos).
 */
export async function removeUnusedKeys(db: DbHandle, storage: Storage, keys: string[]): Promise<void> {
  if (!keys.length) return
  const still = new Set((await db.db.selectDistinct({ key: listingPhotos.storageKey }).from(listingPhotos)
    .where(inArray(listingPhotos.storageKey, keys))).map((r) => r.key))
  const inGalleries = await db.db.execute(sql`select distinct p->>'key' as key from investments i, jsonb_array_elements(i.photos) p
    where p->>'key' in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`)
  for (const r of (inGalleries as unknown as { rows: Array<{ key: string }> }).rows) still.add(r.key)
  for (const key of new Set(keys)) {
    if (still.has(key)) continue
    try {
      await storage.remove(key)
    } catch {
      // A key outside our naming (e.g. demo pool) is left alone.
    }
  }
}
