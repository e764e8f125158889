import { and, eq, inArray } from 'drizzle-orm'
import { listingPhotos, type DbHandle, type FeedPhotoRef } from '@portal/db'
import { MAX_PHOTOS } from '@portal/contracts/offer'
import type { FastifyBaseLogger } from 'fastify'
import { photoKey, renderListingPhoto } from '../listings/photos.ts'
import { removeUnusedKeys } from '../listings/files.ts'
import type { Storage } from '../media/storage.ts'
import { hashPhotoAndGroup } from '../duplicates/groups.ts'
import { safeGet, type FetchLimits } from './safe-fetch.ts'
import type { OpenedFeed } from './feed-file.ts'

/**
 * A feed listing's photos follow the feed: each source (a URL, or a ZIP entry with its CRC and size) is fetched and
 * rendered once through the listing photo pipeline (lib/listings/photos.ts: type from the bytes, pixel limit, WebP
 * sizes, EXIF dropped); while the source stays the same the stored photo is kept and nothing is fetched.
 */
export const PHOTO_FETCH_LIMITS = { maxBytes: 15 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 3 }

export interface PhotoSource {
  /** The identity of a photo source, or null when it names nothing that can be fetched. */
  key(src: string): string | null
  read(src: string): Promise<Buffer>
}

/** URLs through the SSRF-safe fetch; names of ZIP entries from the archive. */
export function photoSource(limits: FetchLimits, zip?: OpenedFeed | null): PhotoSource {
  const isUrl = (s: string) => /^https?:\/\//i.test(s)
  return {
    key: (src) => (isUrl(src) ? src : zip?.entry(src)?.key ?? null),
    read: async (src) => (isUrl(src) ? (await safeGet(src, limits)).buffer! : zip!.entry(src)!.read()),
  }
}

export interface PhotoDeps { db: DbHandle; storage: Storage; log: FastifyBaseLogger }

/**
 * Photos fetched ahead of the one being rendered: a listing's downloads overlap (one after another, 30 photos at a
 * second each held its import for half a minute), and no more than this many fetched photos wait in memory.
 */
export const FETCH_AHEAD = 4

export async function syncPhotos(deps: PhotoDeps, listingId: number, current: FeedPhotoRef[], srcs: string[], source: PhotoSource): Promise<{ refs: FeedPhotoRef[]; warnings: string[] }> {
  const { db, storage } = deps
  const warnings: string[] = []
  const unique = [...new Set(srcs)]
  if (unique.length > MAX_PHOTOS) warnings.push(`Za dużo zdjęć (${unique.length}); użyto pierwszych ${MAX_PHOTOS}`)
  const rows = await db.db.select({ id: listingPhotos.id, key: listingPhotos.storageKey }).from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.kind, 'photo')))
  const rowIds = new Set(rows.map((r) => Number(r.id)))
  const refs: FeedPhotoRef[] = []
  const wanted = unique.slice(0, MAX_PHOTOS).map((src) => {
    const key = source.key(src)
    return { src, key, kept: key ? current.find((r) => r.src === key && rowIds.has(r.photoId)) : undefined }
  })
  const reads = new Map<number, Promise<Buffer>>()
  let started = 0
  const readAhead = (upTo: number) => {
    for (; started < wanted.length && started <= upTo; started++) {
      const w = wanted[started]!
      if (!w.key || w.kept) continue
      const read = source.read(w.src)
      read.catch(() => {}) // awaited in order below; a failure waiting its turn is not unhandled
      reads.set(started, read)
    }
  }
  for (const [i, { src, key, kept }] of wanted.entries()) {
    readAhead(i + FETCH_AHEAD)
    if (!key) { warnings.push(`Zdjęcie „${src.slice(0, 120)}”: nie ma go w archiwum i nie jest adresem http(s)`); continue }
    if (kept) { refs.push(kept); continue }
    try {
      const bytes = await reads.get(i)!
      reads.delete(i)
      const rendered = await renderListingPhoto(bytes)
      const storageKey = photoKey(listingId)
      await storage.put(storageKey, rendered.files)
      const [row] = await db.db.insert(listingPhotos).values({
        listingId, kind: 'photo', position: 1000 + refs.length, storageKey, width: rendered.width, height: rendered.height,
        placeholder: rendered.placeholder,
      }).returning({ id: listingPhotos.id })
      refs.push({ src: key, photoId: Number(row!.id) })
      await hashPhotoAndGroup(db, Number(row!.id), listingId, rendered.files.get('sm.webp')!)
        .catch((err: Error) => deps.log.warn({ err: err.message, listingId }, 'feed photo hash or grouping failed'))
    } catch (err) {
      warnings.push(`Zdjęcie „${src.slice(0, 120)}”: ${(err as Error).message}`)
    }
  }
  const keep = new Set(refs.map((r) => r.photoId))
  const gone = rows.filter((r) => !keep.has(Number(r.id)))
  if (gone.length) {
    await db.db.delete(listingPhotos).where(inArray(listingPhotos.id, gone.map((r) => Number(r.id))))
    await removeUnusedKeys(db, storage, gone.map((r) => r.key))
  }
  for (const [i, r] of refs.entries()) await db.db.update(listingPhotos).set({ position: i }).where(eq(listingPhotos.id, r.photoId))
  return { refs, warnings }
}
