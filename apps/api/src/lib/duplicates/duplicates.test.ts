import { describe, expect, it } from 'vitest'
import { copiesOf, photo, PHOTOS } from '../../test/photo-fixtures.ts'
import { hamming, photoDistance, photoHashes, SAME_PHOTO_BITS } from './phash.ts'

// Real photographs and real copies of them (test/photo-fixtures.ts): the same photo must stay within
// SAME_PHOTO_BITS, different photos well beyond.
describe('perceptual photo hashes on real photos', () => {
  it('copies (re-encoded, resized, cropped, WebP pipeline, brighter) stay within the threshold; other photos do not', async () => {
    const originals = new Map<string, bigint[]>()
    const worstCopy: Record<string, number> = {}
    for (const name of PHOTOS) {
      const h = await photoHashes(photo(name))
      originals.set(name, h)
      for (const [kind, copy] of Object.entries(await copiesOf(photo(name)))) {
        const d = photoDistance(h, await photoHashes(copy))
        worstCopy[kind] = Math.max(worstCopy[kind] ?? 0, d)
        expect(d, `${name} ${kind}`).toBeLessThanOrEqual(SAME_PHOTO_BITS)
      }
    }
    let closestOther = 64
    for (const a of PHOTOS) for (const b of PHOTOS) {
      if (a < b) closestOther = Math.min(closestOther, photoDistance(originals.get(a)!, originals.get(b)!))
    }
    // Measured here (bits of 64): the worst copy per kind, and the closest pair of different photos.
    console.info('pHash distances', { worstCopy, closestOther })
    expect(closestOther).toBeGreaterThan(SAME_PHOTO_BITS + 6)
  }, 60_000)

  it('hamming counts differing bits of signed 64-bit values', () => {
    expect(hamming(0n, 0n)).toBe(0)
    expect(hamming(-1n, 0n)).toBe(64)
    expect(hamming(BigInt.asIntN(64, 0x8000000000000001n), 1n)).toBe(1)
  })
})
