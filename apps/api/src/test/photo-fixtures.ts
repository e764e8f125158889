import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { renderListingPhoto } from '../lib/listings/photos.ts'

/** Real photographs (fixtures/photos/README.md) and real copies: JPEG re-encode, resizes, centred crops, the portal's WebP pipeline. */
const DIR = path.join(import.meta.dirname, 'fixtures/photos')
export const PHOTOS = ['astronaut', 'chelsea', 'coffee', 'rocket', 'camera'] as const
export const photo = (name: string) => readFileSync(path.join(DIR, `${name}.jpg`))

export async function copiesOf(input: Buffer): Promise<Record<string, Buffer>> {
  const meta = await sharp(input).metadata()
  const w = meta.width!, h = meta.height!
  const crop = (f: number) => sharp(input).extract({ left: Math.round(w * f), top: Math.round(h * f), width: Math.round(w * (1 - 2 * f)), height: Math.round(h * (1 - 2 * f)) }).jpeg({ quality: 85 }).toBuffer()
  return {
    reencoded: await sharp(input).jpeg({ quality: 55 }).toBuffer(),
    resized: await sharp(input).resize(Math.round(w / 2)).png().toBuffer(),
    upscaled: await sharp(input).resize(w * 2).jpeg({ quality: 90 }).toBuffer(),
    cropped5: await crop(0.05),
    cropped8: await crop(0.08),
    pipeline: (await renderListingPhoto(input)).files.get('sm.webp')!,
    brighter: await sharp(input).modulate({ brightness: 1.1 }).jpeg({ quality: 80 }).toBuffer(),
  }
}

