import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { PHOTO_SIZES } from '@portal/contracts/listing'
import { createRng } from './random.ts'
import { PHOTO_HEIGHT, PHOTO_WIDTH, POOL, type PoolImage } from './pool.ts'
import { renderScene } from './scenes.ts'

export interface PoolPhoto extends PoolImage { width: number; height: number; placeholder: string }

/** Bump when scenes change so existing pools are redrawn. */
const POOL_VERSION = 1
/** The pool does not depend on the data seed: one set of files serves every run. */
const POOL_SEED = 20240601

async function renderOne(img: PoolImage, dir: string): Promise<string> {
  const svg = renderScene(img.scene, createRng(POOL_SEED + img.index * 7919))
  const { data, info } = await sharp(Buffer.from(svg)).resize(PHOTO_WIDTH, PHOTO_HEIGHT).raw().toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const
  mkdirSync(dir, { recursive: true })
  for (const [size, width] of Object.entries(PHOTO_SIZES)) {
    await sharp(data, raw).resize(width, Math.round((width * 3) / 4)).webp({ quality: 80, effort: 2 }).toFile(path.join(dir, `${size}.webp`))
  }
  const tiny = await sharp(data, raw).resize(16, 12).blur(0.6).webp({ quality: 40 }).toBuffer()
  return `data:image/webp;base64,${tiny.toString('base64')}`
}

/**
 * Makes sure the 48 pool images exist under `${dataDir}/uploads/demo/p{NN}/{sm,md,lg}.webp` (drawn in parallel
 * with a small concurrency, skipped when already there) and returns them with their placeholders.
 */
export async function ensurePhotoPool(dataDir: string, concurrency = 3): Promise<PoolPhoto[]> {
  const root = path.join(dataDir, 'uploads')
  const manifestPath = path.join(root, 'demo', 'pool.json')
  let manifest: { version: number; placeholders: Record<string, string> } = { version: POOL_VERSION, placeholders: {} }
  if (existsSync(manifestPath)) {
    try {
      const m = JSON.parse(readFileSync(manifestPath, 'utf8'))
      if (m.version === POOL_VERSION) manifest = m
    } catch { /* redraw */ }
  }
  const complete = (img: PoolImage) => manifest.placeholders[img.key]
    && Object.keys(PHOTO_SIZES).every((s) => existsSync(path.join(root, img.key, `${s}.webp`)))
  const todo = POOL.filter((img) => !complete(img))
  let next = 0
  const worker = async () => {
    while (next < todo.length) {
      const img = todo[next++]!
      manifest.placeholders[img.key] = await renderOne(img, path.join(root, img.key))
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker))
  if (todo.length) {
    mkdirSync(path.dirname(manifestPath), { recursive: true })
    writeFileSync(manifestPath, JSON.stringify(manifest))
  }
  return POOL.map((img) => ({ ...img, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, placeholder: manifest.placeholders[img.key]! }))
}
