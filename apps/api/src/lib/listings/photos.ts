import { randomBytes } from 'node:crypto'
import { PHOTO_SIZES, type PhotoSize } from '@portal/contracts/listing'
import { OFFER_MESSAGES } from '@portal/contracts/offer'
import { fieldError } from '../http/errors.ts'
import { loadImage } from '../media/images.ts'

/**
 * Listing photos and plans: the type comes from the bytes (sharp's header probe), never from the name or the
 * client's content type; the pixel count is checked before decoding and limited again in the decoder (a
 * decompression bomb is a 422, not an out-of-memory). JPEG/PNG/WebP/AVIF by sharp, HEIC (iPhone) by libheif in
 * WebAssembly (lib/media/heic.ts, decision 010). Auto-rotated and re-encoded to WebP at 480/960/1600 px wide (never
 * enlarged); sharp writes no metadata unless asked, so EXIF/GPS/XMP are dropped.
 */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])

export interface RenderedPhoto { files: Map<string, Buffer>; width: number; height: number; placeholder: string }

export async function renderListingPhoto(input: Buffer): Promise<RenderedPhoto> {
  const image = await loadImage(input, FORMATS)
  if (!image.ok) {
    throw fieldError('file', image.reason === 'too_many_pixels' ? OFFER_MESSAGES.tooManyPixels : OFFER_MESSAGES.photoNotImage)
  }
  const decoder = image.open
  try {
    const files = new Map<string, Buffer>()
    let width = 0
    let height = 0
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) {
      const { data, info } = await decoder()
        .resize({ width: PHOTO_SIZES[size], withoutEnlargement: true })
        .webp({ quality: size === 'lg' ? 82 : 80, effort: 4 })
        .toBuffer({ resolveWithObject: true })
      files.set(`${size}.webp`, data)
      if (size === 'lg') { width = info.width; height = info.height }
    }
    const tiny = await decoder().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer()
    return { files, width, height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` }
  } catch {
    throw fieldError('file', OFFER_MESSAGES.photoNotImage)
  }
}

/** Energy certificate: a PDF (checked by its `%PDF-` magic) or an image rendered like a photo. */
export async function renderCertificate(input: Buffer): Promise<{ type: 'pdf'; files: Map<string, Buffer> } | { type: 'image'; photo: RenderedPhoto }> {
  if (input.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { type: 'pdf', files: new Map([['swiadectwo.pdf', input]]) }
  }
  try {
    return { type: 'image', photo: await renderListingPhoto(input) }
  } catch (err) {
    const msg = (err as Error).message
    if (msg === OFFER_MESSAGES.tooManyPixels) throw err
    throw fieldError('file', OFFER_MESSAGES.ecertificateInvalid)
  }
}

/** `listings/{listingId}/{random}`: random so a replaced photo never hits a cached old file. */
export const photoKey = (listingId: number) => `listings/${listingId}/${randomBytes(9).toString('base64url')}`
