import { inArray } from 'drizzle-orm'
import { listingPhotos, type DbHandle } from '@portal/db'
import type { Storage } from '../media/storage.ts'

/** Removes stored photo folders no listing_photos row refers to any more (the demo data shares a photo pool). */
export async function removeUnusedKeys(db: DbHandle, storage: Storage, keys: string[]): Promise<void> {
  if (!keys.length) return
  const still = new Set((await db.db.selectDistinct({ key: listingPhotos.storageKey }).from(listingPhotos)
    .where(inArray(listingPhotos.storageKey, keys))).map((r) => r.key))
  for (const key of new Set(keys)) {
    if (still.has(key)) continue
    try {
      await storage.remove(key)
    } catch {
      // A key outside our naming (e.g. demo pool) is left alone.
    }
  }
}
