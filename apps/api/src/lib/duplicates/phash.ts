import sharp from 'sharp'
import phash from 'sharp-phash'

/**
 * Perceptual hashes of listing photos: sharp-phash's 64-bit DCT hash (32×32 greyscale, low frequencies against their
 * median), kept as signed bigints for PostgreSQL. Re-encoding and resizing move a few bits; a DCT hash is not
 * crop-invariant, so each photo also gets the hashes of two centre crops: an agency's copy cropped by a few per cent on
 * each side lands near one of the original's centre hashes. Another photo differs in about half the bits.
 */
/** The image itself, then centres keeping 92 % and 84 % of each side. */
export const CROPS = [1, 0.92, 0.84] as const

/** One hash per entry of CROPS. */
export type PhotoHashes = bigint[]

const toBigInt = (bits: string) => BigInt.asIntN(64, BigInt(`0b${bits}`))

export async function photoHashes(image: Buffer): Promise<PhotoHashes> {
  const meta = await sharp(image).metadata()
  const w = meta.width ?? 0
  const h = meta.height ?? 0
  const out: bigint[] = []
  for (const keep of CROPS) {
    if (keep === 1 || w < 64 || h < 64) {
      out.push(toBigInt(await phash(image)))
      continue
    }
    const cw = Math.round(w * keep), ch = Math.round(h * keep)
    const centre = await sharp(image).extract({ left: Math.floor((w - cw) / 2), top: Math.floor((h - ch) / 2), width: cw, height: ch }).png().toBuffer()
    out.push(toBigInt(await phash(centre)))
  }
  return out
}

export function hamming(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b)
  let n = 0
  while (x) {
    x &= x - 1n
    n++
  }
  return n
}

/** The closest pairing of the two photos' hashes: a cropped copy's full hash meets one of the original's centres. */
export function photoDistance(a: PhotoHashes, b: PhotoHashes): number {
  let best = 64
  for (const x of a) for (const y of b) best = Math.min(best, hamming(x, y))
  return best
}

/** At most this many differing bits count as the same photo (measured in duplicates.test.ts on real photos). */
export const SAME_PHOTO_BITS = 10
