// HEIC decoding in a worker thread (started by lib/media/heic.ts). Plain JavaScript because Node loads it directly,
// without tsx or vitest's transform. libheif-js is libheif + libde265 compiled to WebAssembly: no system library,
// but its decode is synchronous and takes about a second for a 12 Mpx photo, so it must not run on the main thread.
// A message {id, data: ArrayBuffer, maxPixels} is answered with {id, width, height, alpha, pixels: ArrayBuffer}
// (interleaved RGBA, transferred) or {id, error: 'not_image' | 'too_many_pixels', detail?}.
import { createRequire } from 'node:module'
import { parentPort } from 'node:worker_threads'

// libheif-js reports failures through console.log; keep the last line as the error detail instead of printing it.
let lastLog = ''
console.log = (...args) => { lastLog = args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ').slice(0, 300) }

// The bundle holds the .wasm inline (libheif-js/wasm reads it relative to the working directory).
const libheif = createRequire(import.meta.url)('libheif-js/wasm-bundle.js')

async function decode(bytes, maxPixels) {
  await libheif.ready
  lastLog = ''
  const decoder = new libheif.HeifDecoder()
  // Parses the boxes only (item list, ispe sizes, irot/imir); pixels are decoded by display() below.
  const images = decoder.decode(bytes)
  try {
    const image = images.find((i) => i.is_primary()) ?? images[0]
    if (!image) return { error: 'not_image', detail: lastLog || 'no image' }
    // Size after libheif's transformations (rotation swaps the sides): checked before any pixel is decoded.
    const width = image.get_width()
    const height = image.get_height()
    if (!(width > 0 && height > 0)) return { error: 'not_image', detail: 'no size' }
    if (width * height > maxPixels) return { error: 'too_many_pixels', detail: `${width}x${height}` }
    const out = new Uint8ClampedArray(width * height * 4)
    const ok = await new Promise((resolve) => image.display({ data: out, width, height }, (d) => resolve(!!d)))
    if (!ok) return { error: 'not_image', detail: lastLog || 'decode failed' }
    return { width, height, alpha: image.has_alpha_channel(), pixels: out.buffer }
  } finally {
    for (const i of images) i.free()
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder)
    decoder.decoder = null
  }
}

parentPort.on('message', async ({ id, data, maxPixels }) => {
  let result
  try {
    result = await decode(new Uint8Array(data), maxPixels)
  } catch (err) {
    result = { error: 'not_image', detail: String(err?.message ?? err).slice(0, 300) }
  }
  parentPort.postMessage({ id, ...result }, result.pixels ? [result.pixels] : [])
})
