import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { PHOTO_SIZES } from '@portal/contracts/listing'
import { createRng } from './random.ts'
import { PHOTO_HEIGHT, PHOTO_WIDTH, POOL, type PoolImage } from './pool.ts'
import { renderScene } from './scenes.ts'

export interface PoolPhoto extends PoolImage { width: number; height: number; placeholder: string }

/** Bump when scenes change so existing pools are redrawn. */
export const POOL_VERSION = 2
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

type Manifest = { version: number; placeholders: Record<string, string> }
const SIZES = Object.keys(PHOTO_SIZES)

function readManifest(file: string): Manifest | null {
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest
    return m.version === POOL_VERSION ? m : null
  } catch {
    return null
  }
}

/**
 * One drawn pool per checkout, in node_modules/.cache next to sharp: a fresh DATA_DIR (the e2e server, the seed tests
 * on either database, `npm start` with another folder) copies it instead of drawing the 52 images again (~10 s of CPU
 * each time). Null when there is no node_modules to hold it.
 */
function sharedPoolDir(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('sharp')
    const marker = `${path.sep}node_modules${path.sep}`
    const at = entry.lastIndexOf(marker)
    return at < 0 ? null : path.join(entry.slice(0, at + marker.length), '.cache', 'portal-demo-photos', `v${POOL_VERSION}`)
  } catch {
    return null
  }
}

const completeIn = (dir: string, manifest: Manifest, img: PoolImage) =>
  !!manifest.placeholders[img.key] && SIZES.every((s) => existsSync(path.join(dir, img.key, `${s}.webp`)))

/** Every size of these images from one uploads-like folder to another. */
function copyImages(from: string, to: string, images: PoolImage[]) {
  for (const img of images) {
    mkdirSync(path.join(to, img.key), { recursive: true })
    for (const size of SIZES) copyFileSync(path.join(from, img.key, `${size}.webp`), path.join(to, img.key, `${size}.webp`))
  }
}

/** The shared pool's files into `root` (uploads/) for these images, when it holds all of them. */
function copyShared(shared: string | null, root: string, todo: PoolImage[], manifest: Manifest): boolean {
  const from = shared ? readManifest(path.join(shared, 'demo', 'pool.json')) : null
  if (!shared || !from || !todo.every((img) => completeIn(shared, from, img))) return false
  copyImages(shared, root, todo)
  for (const img of todo) manifest.placeholders[img.key] = from.placeholders[img.key]!
  return true
}

/** A complete pool in `root` becomes the shared one (written aside, then renamed: a reader never sees half of it). */
function publishShared(shared: string | null, root: string, manifest: Manifest) {
  if (!shared || existsSync(path.join(shared, 'demo', 'pool.json'))) return
  const tmp = `${shared}.tmp-${process.pid}-${Date.now()}`
  try {
    copyImages(root, tmp, POOL)
    writeFileSync(path.join(tmp, 'demo', 'pool.json'), JSON.stringify(manifest))
    renameSync(tmp, shared)
  } catch {
    // Another process published it first, or the cache is not writable: the data folder's own copy is enough.
    rmSync(tmp, { recursive: true, force: true })
  }
}

/**
 * Makes sure the 52 pool images exist under `${dataDir}/uploads/demo/p{NN}/{sm,md,lg}.webp` (copied from the shared
 * pool when it is complete, else drawn in parallel with a small concurrency and then shared; skipped when already
 * there) and returns them with their placeholders.
 */
export async function ensurePhotoPool(dataDir: string, concurrency = 3, shared = sharedPoolDir()): Promise<PoolPhoto[]> {
  const root = path.join(dataDir, 'uploads')
  const manifestPath = path.join(root, 'demo', 'pool.json')
  const manifest: Manifest = readManifest(manifestPath) ?? { version: POOL_VERSION, placeholders: {} }
  const todo = POOL.filter((img) => !completeIn(root, manifest, img))
  if (todo.length && copyShared(shared, root, todo, manifest)) {
    writeFileSync(manifestPath, JSON.stringify(manifest))
    return withPlaceholders(manifest)
  }
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
    publishShared(shared, root, manifest)
  }
  return withPlaceholders(manifest)
}

const withPlaceholders = (manifest: Manifest): PoolPhoto[] =>
  POOL.map((img) => ({ ...img, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, placeholder: manifest.placeholders[img.key]! }))
