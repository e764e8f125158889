import { randomBytes } from 'node:crypto'
import type { Storage } from './storage.ts'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { USER_MESSAGES } from '@portal/contracts/user'
import { fieldError } from '../http/errors.ts'
import { decodeHeic, isHeic } from './heic.ts'

/**
 * Avatar processing. The type comes from the bytes (sharp's decoder), never from the file name or the client's
 * content type. Pixel count is checked from the header before decoding (decompression bombs) and limited again
 * in the decoder; the image is auto-rotated by its EXIF orientation, cropped square and re-encoded to WebP.
 * sharp writes no metadata unless asked, so EXIF (GPS, camera) and ICC/XMP are dropped. HEIC goes through
 * `loadImage` (lib/media/heic.ts) like listing photos.
 */
export const AVATAR_SIZES = [400, 96] as const
export const MAX_PIXELS = 50_000_000
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'])

export type ProbeResult = { ok: true; meta: Metadata & { width: number; height: number; format: string } }
  | { ok: false; reason: 'not_image' | 'too_many_pixels' }

/**
 * Reads only the header (no decoding, no pixel limit yet) and checks the format detected from the bytes and the
 * pixel count. Shared by avatars and listing photos (lib/listings/photos.ts).
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

export type LoadResult = { ok: true; width: number; height: number; open: () => Sharp }
  | { ok: false; reason: 'not_image' | 'too_many_pixels' }

/** HEVC-coded HEIF: sharp reads its header (size, `compression: 'hevc'`) but cannot decode it; AVIF stays with sharp. */
const needsHeicDecoder = (input: Buffer, meta: Metadata) =>
  meta.format === 'heif' && meta.compression !== 'av1' && (meta.compression === 'hevc' || isHeic(input))

/**
 * Probes the header, then returns a factory of upright sharp pipelines over the pixels. JPEG/PNG/WebP/AVIF are read
 * by sharp (auto-rotated by EXIF orientation). HEIC is decoded once to RGBA by libheif (lib/media/heic.ts), which applies
 * the HEIF rotation/mirror boxes; its EXIF orientation is ignored, as the HEIF spec says (iPhones write both, and
 * applying both would turn the photo twice). Raw pixels carry no metadata, so EXIF/GPS are gone there too.
 */
export async function loadImage(input: Buffer, formats: ReadonlySet<string>, maxPixels = MAX_PIXELS): Promise<LoadResult> {
  const probe = await probeImage(input, formats, maxPixels)
  if (!probe.ok) return probe
  const { meta } = probe
  if (!needsHeicDecoder(input, meta)) {
    return {
      ok: true, width: meta.width, height: meta.height,
      open: () => sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate(),
    }
  }
  const heic = await decodeHeic(input, maxPixels)
  if (!heic.ok) return { ok: false, reason: heic.reason }
  const raw = { width: heic.width, height: heic.height, channels: 4 as const }
  return {
    ok: true, width: heic.width, height: heic.height,
    open: () => {
      const img = sharp(heic.pixels, { raw, limitInputPixels: maxPixels })
      return heic.alpha ? img : img.removeAlpha()
    },
  }
}

export async function renderAvatar(input: Buffer): Promise<Map<number, Buffer>> {
  const image = await loadImage(input, ALLOWED_FORMATS)
  if (!image.ok) {
    throw fieldError('file', image.reason === 'too_many_pixels' ? USER_MESSAGES.avatarTooManyPixels : USER_MESSAGES.avatarNotImage)
  }
  const out = new Map<number, Buffer>()
  try {
    for (const size of AVATAR_SIZES) {
      const buf = await image.open()
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

/** Stores the sizes as `avatars/{userId}/{random}/{size}.webp` in the storage; returns the 400 px URL path. */
export async function storeAvatar(storage: Storage, userId: number, files: Map<number, Buffer>): Promise<string> {
  const key = `avatars/${userId}/${randomBytes(12).toString('base64url')}`
  // Appears complete or not at all (Storage.put).
  await storage.put(key, new Map([...files].map(([size, buf]) => [`${size}.webp`, buf])))
  return storage.url(key, '400.webp')
}

/** Removes the files of a stored avatar URL (only ours: `/uploads/avatars/{userId}/{random}/…`). */
export async function removeAvatar(storage: Storage, url: string | null): Promise<void> {
  const m = url && /^\/uploads\/(avatars\/\d+\/[\w-]+)\/\d+\.webp$/.exec(url)
  if (!m) return
  await storage.remove(m[1]!)
}

export async function removeUserAvatars(storage: Storage, userId: number): Promise<void> {
  await storage.remove(`avatars/${userId}`)
}
