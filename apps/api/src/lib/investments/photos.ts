import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { investments, type DbHandle, type InvestmentPhoto } from '@portal/db'
import { INVESTMENT_MAX_PHOTOS, INVESTMENT_MESSAGES as M, investmentPhotoId } from '@portal/contracts/investments'
import { fieldError, notFound } from '../http/errors.ts'
import type { Storage } from '../media/storage.ts'
import { removeUnusedKeys } from '../listings/files.ts'
import { renderListingPhoto } from '../listings/photos.ts'

/**
 * An investment's gallery (issue 27): photos rendered like a listing's (three WebP sizes and a placeholder) under
 * `investments/{id}/…`, kept in the row's `photos` array in their order. The array is changed under a row lock, so
 * uploads sent at once neither lose each other nor pass the limit.
 */
export async function addInvestmentPhoto(db: DbHandle, storage: Storage, investmentId: number, file: Buffer): Promise<InvestmentPhoto[]> {
  if (await photosOf(db, investmentId).then((p) => p.length >= INVESTMENT_MAX_PHOTOS)) throw fieldError('file', M.tooManyPhotos)
  const rendered = await renderListingPhoto(file)
  const key = `investments/${investmentId}/${randomBytes(9).toString('base64url')}`
  await storage.put(key, rendered.files)
  const photo: InvestmentPhoto = { key, width: rendered.width, height: rendered.height, placeholder: rendered.placeholder }
  const saved = await db.db.transaction(async (tx) => {
    const row = await lockedGallery(tx, investmentId)
    if (!row || row.photos.length >= INVESTMENT_MAX_PHOTOS) return null
    const photos = [...row.photos, photo]
    await tx.update(investments).set({ photos, updatedAt: sql`now()` }).where(eq(investments.id, investmentId))
    return photos
  })
  if (!saved) {
    await storage.remove(key)
    throw fieldError('file', M.tooManyPhotos)
  }
  return saved
}

export async function removeInvestmentPhoto(db: DbHandle, storage: Storage, investmentId: number, photoId: string): Promise<void> {
  const removed = await db.db.transaction(async (tx) => {
    const row = await lockedGallery(tx, investmentId)
    const gone = row?.photos.find((p) => investmentPhotoId(p.key) === photoId)
    if (!row || !gone) return null
    await tx.update(investments).set({ photos: row.photos.filter((p) => p !== gone), updatedAt: sql`now()` }).where(eq(investments.id, investmentId))
    return gone
  })
  if (!removed) throw notFound(M.photoNotFound)
  // The demo's investments show their developer's listing photos: a file still used elsewhere stays.
  await removeUnusedKeys(db, storage, [removed.key])
}

/** The photos in the order of `ids`, which must name each photo once. */
export async function orderInvestmentPhotos(db: DbHandle, investmentId: number, ids: string[]): Promise<InvestmentPhoto[]> {
  return db.db.transaction(async (tx) => {
    const row = await lockedGallery(tx, investmentId)
    const photos = row?.photos ?? []
    const byId = new Map(photos.map((p) => [investmentPhotoId(p.key), p]))
    if (ids.length !== photos.length || new Set(ids).size !== ids.length || ids.some((i) => !byId.has(i))) throw fieldError('ids', M.photoOrder)
    const ordered = ids.map((i) => byId.get(i)!)
    await tx.update(investments).set({ photos: ordered, updatedAt: sql`now()` }).where(eq(investments.id, investmentId))
    return ordered
  })
}

type Tx = Parameters<Parameters<DbHandle['db']['transaction']>[0]>[0]

/** The gallery under a row lock, for a change that reads it first (undefined: no such investment). */
async function lockedGallery(tx: Tx, investmentId: number): Promise<{ photos: InvestmentPhoto[] } | undefined> {
  const [row] = await tx.select({ photos: investments.photos }).from(investments).where(eq(investments.id, investmentId)).for('update')
  return row
}

async function photosOf(db: DbHandle, investmentId: number): Promise<InvestmentPhoto[]> {
  const [row] = await db.db.select({ photos: investments.photos }).from(investments).where(eq(investments.id, investmentId))
  return row?.photos ?? []
}
