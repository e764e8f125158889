// A thread of the SSR render pool (render-pool.ts, decision 081). Plain JavaScript, so the same file runs under
// vitest, tsx and the compiled server (scripts/build-server.mjs keeps import.meta.url pointing at the sources).
// It renders with React Router and answers with the whole page; the loaders' context.api() calls go back to the
// main thread, which runs them against the Fastify app as an in-process render would.
import { parentPort, workerData } from 'node:worker_threads'
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib'
import { useProductionReactRouter } from './react-router-production.mjs'

// The production build of React Router: hooks are per thread, so registered here too.
useProductionReactRouter()
const { createRequestHandler } = await import('react-router')
const build = await import(workerData.buildUrl)
const handle = createRequestHandler(build, 'production')

/** Render id → its abort controller and its pending api calls (call id → resolve/reject). */
const renders = new Map()
let nextCall = 0

function contextFor(id, cspNonce) {
  return {
    cspNonce,
    api: async (path, init = {}) => {
      const normalized = new Request(new URL(path, 'http://internal'), { ...init, ...(init.body != null ? { duplex: 'half' } : {}) })
      const body = init.body != null ? new Uint8Array(await normalized.arrayBuffer()) : undefined
      const call = nextCall++
      const answer = await new Promise((resolve, reject) => {
        renders.get(id)?.calls.set(call, { resolve, reject })
        parentPort.postMessage({ type: 'api', id, call, path, method: normalized.method, headers: [...normalized.headers], body })
      })
      return new Response(answer.body, { status: answer.status, headers: answer.headers })
    },
  }
}

/**
 * A page for a visitor the page cache does not serve, compressed here as the main thread's compression plugin would
 * (same threshold and levels, passed in workerData), so its CPU is spent on this thread (decision 089).
 */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml)\b)/i
function compressed(res, bytes, encoding) {
  const { threshold, brQuality, gzipLevel, zstdLevel } = workerData.compression ?? {}
  const type = res.headers.get('content-type') ?? ''
  if (!encoding || !threshold || !bytes || bytes.length < threshold || !COMPRESSIBLE.test(type) || res.status === 206
    || (res.headers.get('content-encoding') ?? 'identity') !== 'identity') return null
  const out = encoding === 'zstd'
    ? zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: zstdLevel } })
    : encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brQuality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: gzipLevel })
  const headers = new Headers(res.headers)
  headers.set('content-encoding', encoding)
  headers.set('content-length', String(out.length))
  const vary = headers.get('vary')
  if (!vary) headers.set('vary', 'Accept-Encoding')
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`)
  // A copy of its own: a small Buffer may sit in Node's shared pool, whose memory must not be transferred away.
  return { headers, bytes: new Uint8Array(out) }
}

async function render({ id, url, method, headers, body, cspNonce, encoding }) {
  const controller = new AbortController()
  renders.set(id, { controller, calls: new Map() })
  try {
    const request = new Request(url, { method, headers, body, signal: controller.signal })
    const res = await handle(request, contextFor(id, cspNonce))
    const raw = method === 'HEAD' || !res.body ? null : new Uint8Array(await res.arrayBuffer())
    const packed = compressed(res, raw, encoding)
    const bytes = packed ? packed.bytes : raw
    parentPort.postMessage({ type: 'done', id, status: res.status, headers: [...(packed ? packed.headers : res.headers)], body: bytes }, bytes ? [bytes.buffer] : [])
  } catch (err) {
    parentPort.postMessage({ type: 'error', id, message: err instanceof Error ? err.stack ?? err.message : String(err) })
  } finally {
    renders.delete(id)
  }
}

parentPort.on('message', (msg) => {
  if (msg.type === 'render') void render(msg)
  else if (msg.type === 'abort') renders.get(msg.id)?.controller.abort()
  else if (msg.type === 'api') {
    const pending = renders.get(msg.id)?.calls.get(msg.call)
    renders.get(msg.id)?.calls.delete(msg.call)
    if (msg.error) pending?.reject(new Error(msg.error))
    else pending?.resolve(msg)
  }
})
// Which React Router build this thread renders with (render-pool.test checks it is the production one).
parentPort.postMessage({ type: 'ready', reactRouter: import.meta.resolve('react-router') })
