import { Worker } from 'node:worker_threads'

/**
 * HEIC (HEVC-coded HEIF: iPhone photos). sharp's prebuilt libvips/libheif decodes AV1 (AVIF) only, so these go to
 * libheif compiled to WebAssembly (libheif-js, docs/decisions/010-heic-decoding.md) in a worker thread: the decode
 * is synchronous and CPU-bound (about 1 s for 12 Mpx) and must not stall other requests. The worker and its WASM
 * module load on the first HEIC only (server start stays fast), jobs run one at a time (bounded memory), and the
 * worker is ended after a minute idle because WebAssembly memory never shrinks.
 */

/** ISO-BMFF brands of HEVC-coded HEIF (heic/heix: image, hevc/hevx: sequence; heim/heis/hevm/hevs: multi-layer). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'])
/** Generic HEIF brands: HEIC unless the compatible brands say AVIF (which sharp decodes itself). */
const HEIF_BRANDS = new Set(['mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

/** True when the `ftyp` box names a HEIC brand, or a generic HEIF brand without an AVIF one. Content only. */
export function isHeic(buf: Buffer): boolean {
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return false
  const size = Math.min(buf.readUInt32BE(0), buf.length, 256)
  const major = buf.toString('latin1', 8, 12)
  const compatible: string[] = []
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(buf.toString('latin1', at, at + 4))
  if (HEIC_BRANDS.has(major)) return true
  if (AVIF_BRANDS.has(major) || compatible.some((b) => AVIF_BRANDS.has(b))) return false
  return HEIF_BRANDS.has(major) || compatible.some((b) => HEIC_BRANDS.has(b))
}

export type HeicDecoded =
  | { ok: true; width: number; height: number; alpha: boolean; pixels: Buffer }
  | { ok: false; reason: 'not_image' | 'too_many_pixels'; detail?: string }

type Reply = { id: number; width?: number; height?: number; alpha?: boolean; pixels?: ArrayBuffer; error?: 'not_image' | 'too_many_pixels'; detail?: string }

/** Per-job time limit, idle time before the worker ends, and the worker script (tests swap in a stub). */
export const HEIC_OPTIONS = { timeoutMs: 30_000, idleMs: 60_000, workerUrl: new URL('./heic-worker.mjs', import.meta.url) }

let worker: Worker | null = null
let idleTimer: NodeJS.Timeout | null = null
let seq = 0
let queue: Promise<unknown> = Promise.resolve()

function startWorker(): Worker {
  const w = new Worker(HEIC_OPTIONS.workerUrl)
  // Never keeps the process (or a test run) alive on its own.
  w.unref()
  const forget = () => { if (worker === w) worker = null }
  w.on('error', forget)
  w.on('exit', forget)
  return w
}

function scheduleIdleStop() {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = setTimeout(() => { void stopHeicWorker() }, HEIC_OPTIONS.idleMs)
  idleTimer.unref()
}

/** Ends the worker (frees its WebAssembly memory); the next HEIC starts a new one. */
export async function stopHeicWorker(): Promise<void> {
  const w = worker
  worker = null
  if (w) await w.terminate()
}

function run(input: Buffer, maxPixels: number): Promise<HeicDecoded> {
  if (idleTimer) clearTimeout(idleTimer)
  const w = worker ?? (worker = startWorker())
  const id = ++seq
  // A copy the worker owns (the upload buffer may be a view into a larger pooled one).
  const data = new Uint8Array(input).buffer
  return new Promise<HeicDecoded>((resolve) => {
    const done = (r: HeicDecoded) => {
      clearTimeout(timer)
      w.off('message', onMessage)
      w.off('error', onError)
      w.off('exit', onExit)
      resolve(r)
    }
    const onMessage = (m: Reply) => {
      if (m.id !== id) return
      if (m.error || !m.pixels || !m.width || !m.height) done({ ok: false, reason: m.error ?? 'not_image', detail: m.detail })
      else done({ ok: true, width: m.width, height: m.height, alpha: !!m.alpha, pixels: Buffer.from(m.pixels) })
    }
    // A crash inside the WASM module (abort, out of memory) ends the worker: this file is then not an image we take.
    const onError = (err: Error) => done({ ok: false, reason: 'not_image', detail: err.message })
    const onExit = () => done({ ok: false, reason: 'not_image', detail: 'decoder exited' })
    const timer = setTimeout(() => {
      if (worker === w) worker = null
      void w.terminate()
      done({ ok: false, reason: 'not_image', detail: 'decode timed out' })
    }, HEIC_OPTIONS.timeoutMs)
    w.on('message', onMessage)
    w.on('error', onError)
    w.on('exit', onExit)
    w.postMessage({ id, data, maxPixels }, [data])
  })
}

/**
 * Decodes the primary image of a HEIC file to interleaved RGBA (libheif applies the irot/imir/clap transformations,
 * so the pixels come out upright). Refuses more than `maxPixels` from the header, before decoding anything.
 */
export function decodeHeic(input: Buffer, maxPixels: number): Promise<HeicDecoded> {
  const job = queue.then(() => run(input, maxPixels))
  queue = job.catch(() => undefined).finally(scheduleIdleStop)
  return job
}
