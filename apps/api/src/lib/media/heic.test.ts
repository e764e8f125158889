import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { decodeHeic, HEIC_OPTIONS, isHeic, stopHeicWorker } from './heic.ts'
import { heicClaimingSize, heicPhoto, heicWithRotation } from '../../test/heic-fixtures.ts'

const ftyp = (major: string, ...compatible: string[]) => {
  const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1')
  const size = Buffer.alloc(4)
  size.writeUInt32BE(body.length + 4)
  return Buffer.concat([size, body, Buffer.alloc(32)])
}
const rgbAt = (d: { width: number; pixels: Buffer }, x: number, y: number) => [...d.pixels.subarray((y * d.width + x) * 4, (y * d.width + x) * 4 + 3)]
const isRed = ([r, , b]: number[]) => r! > 150 && b! < 100
const isBlue = ([r, , b]: number[]) => b! > 150 && r! < 100

describe('HEIC decoding (libheif WASM in a worker)', () => {
  afterAll(async () => { await stopHeicWorker() })

  it('isHeic: HEIC brands and generic HEIF brands by content; AVIF and others are not', async () => {
    expect(isHeic(heicPhoto())).toBe(true)
    for (const b of ['heic', 'heix', 'hevc', 'hevx']) expect(isHeic(ftyp(b, 'mif1'))).toBe(true)
    expect(isHeic(ftyp('mif1', 'heic'))).toBe(true)
    expect(isHeic(ftyp('msf1', 'iso8'))).toBe(true)
    expect(isHeic(ftyp('mif1', 'avif', 'miaf'))).toBe(false)
    expect(isHeic(ftyp('avif', 'mif1', 'miaf'))).toBe(false)
    expect(isHeic(ftyp('isom', 'mp42'))).toBe(false)
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).avif().toBuffer()
    expect(isHeic(avif)).toBe(false)
    expect(isHeic(Buffer.from('\xff\xd8\xff\xe0 not a heic at all', 'latin1'))).toBe(false)
  })

  it('decodes the primary image to RGBA; rotation boxes (irot) are applied', async () => {
    const d = await decodeHeic(heicPhoto(), 50_000_000)
    if (!d.ok) throw new Error(`decode failed: ${d.detail}`)
    expect(d).toMatchObject({ width: 320, height: 240, alpha: false })
    expect(d.pixels.length).toBe(320 * 240 * 4)
    expect(isRed(rgbAt(d, 40, 120))).toBe(true)
    expect(isBlue(rgbAt(d, 280, 120))).toBe(true)
    // A quarter turn counter-clockwise (a portrait iPhone photo): the blue right half ends on top.
    const r = await decodeHeic(heicWithRotation(heicPhoto(), 1), 50_000_000)
    if (!r.ok) throw new Error(`decode failed: ${r.detail}`)
    expect([r.width, r.height]).toEqual([240, 320])
    expect(isBlue(rgbAt(r, 120, 40))).toBe(true)
    expect(isRed(rgbAt(r, 120, 280))).toBe(true)
  })

  it('refuses by the header size before decoding; truncated or garbage input is not_image and the worker carries on', async () => {
    expect(await decodeHeic(heicPhoto(), 320 * 240 - 1)).toMatchObject({ ok: false, reason: 'too_many_pixels' })
    expect(await decodeHeic(heicClaimingSize(heicPhoto(), 20_000, 20_000), 50_000_000)).toMatchObject({ ok: false, reason: 'too_many_pixels' })
    const truncated = heicPhoto().subarray(0, 712) // boxes intact, image data cut
    expect(await decodeHeic(truncated, 50_000_000)).toMatchObject({ ok: false, reason: 'not_image' })
    expect(await decodeHeic(Buffer.from('ftypheic but nothing else'), 50_000_000)).toMatchObject({ ok: false, reason: 'not_image' })
    expect(await decodeHeic(heicPhoto(), 50_000_000)).toMatchObject({ ok: true, width: 320 })
  })

  it('a worker that hangs is ended after the time limit, one that crashes is survived: not_image, then a fresh worker', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'heic-stub-'))
    const stub = (name: string, onMessage: string) => {
      const file = path.join(dir, name)
      writeFileSync(file, `import { parentPort } from 'node:worker_threads'\nparentPort.on('message', () => { ${onMessage} })\n`)
      return pathToFileURL(file)
    }
    const saved = { ...HEIC_OPTIONS }
    try {
      await stopHeicWorker()
      HEIC_OPTIONS.workerUrl = stub('hang.mjs', '')
      HEIC_OPTIONS.timeoutMs = 300
      expect(await decodeHeic(heicPhoto(), 50_000_000)).toMatchObject({ ok: false, reason: 'not_image', detail: 'decode timed out' })
      HEIC_OPTIONS.workerUrl = stub('crash.mjs', "throw new Error('wasm abort')")
      HEIC_OPTIONS.timeoutMs = saved.timeoutMs
      expect(await decodeHeic(heicPhoto(), 50_000_000)).toMatchObject({ ok: false, reason: 'not_image', detail: 'wasm abort' })
    } finally {
      Object.assign(HEIC_OPTIONS, saved)
      rmSync(dir, { recursive: true, force: true })
    }
    expect(await decodeHeic(heicPhoto(), 50_000_000)).toMatchObject({ ok: true, width: 320, height: 240 })
  })
})
