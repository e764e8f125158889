import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { USER_MESSAGES } from '@portal/contracts/user'
import { fieldError } from './profile-guard.ts'

/**
 * Avatar processing. The type comes from the bytes (sharp's decoder), never from the file name or the client's
 * content type. Pixel count is checked from the header before decoding (decompression bombs) and limited again
 * in the decoder; the image is auto-rotated by its EXIF orientation, cropped square and re-encoded to WebP.
 * sharp writes no metadata unless asked, so EXIF (GPS, camera) and ICC/XMP are dropped.
 */
export const AVATAR_SIZES = [400, 96] as const
export const MAX_PIXELS = 50_000_000
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'])

export type ProbeResult = { ok: true; meta: Metadata & { width: number; height: number; format: string } }
  | { ok: false; reason: 'not_image' | 'too_many_pixels' }

/**
 * Reads only the header (no decoding, no pixel limit yet) and checks the format detected from the bytes and the
 * pixel count. Shared by avatars and listing photos (lib/listing-photos.ts).
 */
export async function probeImage(input: Buffer, formats: ReadonlySet<string>, maxPixels = MAX_PIXELS): Promise<ProbeResult> {
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    return { ok: false, reason: 'not_image' }
  }
  if (!meta.format || !formats.has(meta.format) || !meta.width || !meta.height) return { ok: false, reason: 'not_image' }
  if (meta.width * meta.height > maxPixels) return { ok: false, reason: 'too_many_pixels' }
  return { ok: true, meta: meta as Metadata & { width: number; height: number; format: string } }
}

export async function renderAvatar(input: Buffer): Promise<Map<number, Buffer>> {
  const probe = await probeImage(input, ALLOWED_FORMATS)
  if (!probe.ok) {
    throw fieldError('file', probe.reason === 'too_many_pixels' ? USER_MESSAGES.avatarTooManyPixels : USER_MESSAGES.avatarNotImage)
  }
  const out = new Map<number, Buffer>()
  try {
    for (const size of AVATAR_SIZES) {
      const buf = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize(size, size, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82, effort: 4 })
        .toBuffer()
      out.set(size, buf)
    }
  } catch {
    throw fieldError('file', USER_MESSAGES.avatarNotImage)
  }
  return out
}

/** Writes the sizes under `${uploadsRoot}/avatars/{userId}/{random}/{size}.webp`; returns the 400 px URL path. */
export async function storeAvatar(uploadsRoot: string, userId: number, files: Map<number, Buffer>): Promise<string> {
  const key = `avatars/${userId}/${randomBytes(12).toString('base64url')}`
  const dir = path.join(uploadsRoot, key)
  const tmp = `${dir}.tmp`
  await mkdir(tmp, { recursive: true })
  for (const [size, buf] of files) await writeFile(path.join(tmp, `${size}.webp`), buf)
  // Appears complete or not at all.
  await rename(tmp, dir)
  return `/uploads/${key}/400.webp`
}

/** Removes the directory of a stored avatar URL (only ours: `/uploads/avatars/{userId}/{random}/…`). */
export async function removeAvatar(uploadsRoot: string, url: string | null): Promise<void> {
  const m = url && /^\/uploads\/(avatars\/\d+\/[\w-]+)\/\d+\.webp$/.exec(url)
  if (!m) return
  await rm(path.join(uploadsRoot, m[1]!), { recursive: true, force: true })
}

export async function removeUserAvatars(uploadsRoot: string, userId: number): Promise<void> {
  await rm(path.join(uploadsRoot, 'avatars', String(userId)), { recursive: true, force: true })
}
