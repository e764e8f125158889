import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensurePhotoPool, POOL_VERSION } from './images.ts'
import { POOL } from './pool.ts'

const SIZES = ['sm', 'md', 'lg']
let dirs: string[] = []
const tmp = () => { const d = mkdtempSync(path.join(tmpdir(), 'photo-pool-')); dirs.push(d); return d }
afterEach(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); dirs = [] })

/** A complete pool of stand-in files (not images: only a copy can put them into a data folder). */
function fakePool(root: string, skip: string[] = []) {
  const placeholders: Record<string, string> = {}
  for (const img of POOL) {
    if (skip.includes(img.key)) continue
    mkdirSync(path.join(root, img.key), { recursive: true })
    for (const s of SIZES) writeFileSync(path.join(root, img.key, `${s}.webp`), `${img.key} ${s}`)
    placeholders[img.key] = `data:image/webp;base64,${img.index}`
  }
  mkdirSync(path.join(root, 'demo'), { recursive: true })
  writeFileSync(path.join(root, 'demo', 'pool.json'), JSON.stringify({ version: POOL_VERSION, placeholders }))
}

describe('the shared photo pool', () => {
  it('a fresh data folder copies a complete shared pool instead of drawing it', async () => {
    const shared = path.join(tmp(), 'v1')
    fakePool(shared)
    const data = tmp()
    const photos = await ensurePhotoPool(data, 3, shared)
    expect(photos).toHaveLength(POOL.length)
    expect(photos[5]!.placeholder).toBe('data:image/webp;base64,5')
    for (const img of POOL) for (const s of SIZES) expect(readFileSync(path.join(data, 'uploads', img.key, `${s}.webp`), 'utf8')).toBe(`${img.key} ${s}`)
  })

  it('a pool drawn in a data folder becomes the shared one; an incomplete shared pool is not used', async () => {
    const shared = path.join(tmp(), 'v1')
    fakePool(shared, ['demo/p52'])
    const data = tmp()
    // All but the last image are already in the data folder: only p52 (a floor plan) is drawn (a real image), then shared.
    fakePool(path.join(data, 'uploads'), ['demo/p52'])
    rmSync(shared, { recursive: true })
    const photos = await ensurePhotoPool(data, 3, shared)
    expect(photos[51]!.placeholder).toMatch(/^data:image\/webp;base64,.{20,}/)
    const lg = readFileSync(path.join(shared, 'demo/p52/lg.webp'))
    expect(lg.subarray(8, 12).toString()).toBe('WEBP')
    expect(readFileSync(path.join(shared, 'demo/p01/sm.webp'), 'utf8')).toBe('demo/p01 sm')
    expect(JSON.parse(readFileSync(path.join(shared, 'demo/pool.json'), 'utf8')).placeholders['demo/p52']).toBe(photos[51]!.placeholder)

    // A shared pool missing an image is ignored: the data folder draws what it lacks itself.
    const partial = path.join(tmp(), 'v1')
    fakePool(partial, ['demo/p52'])
    const other = tmp()
    fakePool(path.join(other, 'uploads'), ['demo/p52'])
    await ensurePhotoPool(other, 3, partial)
    expect(readFileSync(path.join(other, 'uploads/demo/p52/md.webp')).subarray(8, 12).toString()).toBe('WEBP')
    expect(existsSync(path.join(partial, 'demo/p52'))).toBe(false)
  })
})
