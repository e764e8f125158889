import { Worker } from 'node:worker_threads'
import { COMPRESS_THRESHOLD, PAGE_BR_QUALITY, PAGE_GZIP_LEVEL, ZSTD_LEVEL, type Encoding } from '../plugins/compression.ts'

/** What the main thread hands a worker: the page request, its body read already (form posts are small). */
export interface RenderRequest {
  url: string
  method: string
  headers: [string, string][]
  body?: Uint8Array
  cspNonce?: string
  /** The worker compresses the page with this (the visitor's choice; none for pages the page cache keeps: it makes its own copies). */
  encoding?: Encoding
}

/** Runs a loader's `context.api()` call on the main thread (load-context.ts) for the render it belongs to. */
export type ApiCall = (path: string, init: RequestInit) => Promise<Response>

interface Pending { resolve: (r: Response) => void, reject: (e: Error) => void, api: ApiCall, timer: NodeJS.Timeout }

/** `loaded`: settles when the worker has imported the build (its 'ready' message) or ended trying. */
interface Thread { worker: Worker, pending: Map<number, Pending>, loaded: Promise<void> }

/** A render that a crashed or hung worker took with it: the page answers 503 (ssr.ts), the worker is replaced. */
export class RenderPoolError extends Error {}

/**
 * The SSR render pool (decision 081): `size` worker threads each run React Router's request handler on the server
 * build, so page renders use every core while HTTP, the API and the database stay on the main thread. Answers are
 * buffered (one message per page); a render gets the least busy worker.
 */
export class RenderPool {
  private threads: Thread[] = []
  private nextId = 0
  private closing = false
  /** Workers that finished importing the build (replacements included). */
  loadedCount = 0
  /** Workers started (replacements included). */
  spawned = 0
  /** The React Router module the last worker to load resolved (its production build, react-router-production.mjs). */
  reactRouter: string | null = null
  /** Workers in a row that ended before holding the build: the next one waits 1, 2, 4 … 60 s. */
  private failedLoads = 0
  private respawns = new Set<NodeJS.Timeout>()

  constructor(private opts: { size: number, buildUrl: string, timeoutMs?: number, onError?: (err: Error) => void }) {
    for (let i = 0; i < opts.size; i++) this.threads.push(this.spawn())
  }

  private spawn(): Thread {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: {
        buildUrl: this.opts.buildUrl,
        compression: { threshold: COMPRESS_THRESHOLD, brQuality: PAGE_BR_QUALITY, gzipLevel: PAGE_GZIP_LEVEL, zstdLevel: ZSTD_LEVEL },
      },
    })
    this.spawned++
    let loaded!: () => void
    let holdsBuild = false
    const thread: Thread = { worker, pending: new Map(), loaded: new Promise<void>((resolve) => { loaded = resolve }) }
    worker.on('message', (msg) => {
      if (msg?.type === 'ready') { this.reactRouter = msg.reactRouter ?? null; this.loadedCount++; this.failedLoads = 0; holdsBuild = true; loaded(); return }
      this.receive(thread, msg)
    })
    worker.on('error', (err) => this.opts.onError?.(err))
    worker.on('exit', () => {
      // A worker that ended while importing the build no longer holds ready() up.
      loaded()
      // Whatever it was rendering is lost; the others go on. A replacement takes its place unless we are closing.
      for (const p of thread.pending.values()) { clearTimeout(p.timer); p.reject(new RenderPoolError('render worker exited')) }
      thread.pending.clear()
      const i = this.threads.indexOf(thread)
      if (i < 0 || this.closing) return
      if (holdsBuild) { this.threads[i] = this.spawn(); return }
      // It never held the build (a broken or missing one): replaced at once, it failed again every ~1.5 s for good, a
      // core busy and an error logged each time. Pages answer 503 meanwhile (no worker), as they did.
      this.threads.splice(i, 1)
      const timer = setTimeout(() => {
        this.respawns.delete(timer)
        if (!this.closing) this.threads.push(this.spawn())
      }, Math.min(60_000, 1000 * 2 ** this.failedLoads++))
      timer.unref()
      this.respawns.add(timer)
    })
    return thread
  }

  /** The worker threads (tests end one to see it replaced). */
  get workers(): Worker[] { return this.threads.map((t) => t.worker) }

  /**
   * Settles when every worker has imported the web build (or ended), at most after `timeoutMs`. The server listens
   * only then (server.ts): a worker still importing React, the routes and their libraries (seconds of CPU on a busy
   * machine) would hold the first pages and share the cores with the traffic that started them.
   */
  async ready(timeoutMs = 60_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs) })
    try {
      return await Promise.race([Promise.all(this.threads.map((t) => t.loaded)).then(() => true as const), late])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Renders under way in all workers. */
  get busy(): number { return this.threads.reduce((n, t) => n + t.pending.size, 0) }

  render(request: RenderRequest, api: ApiCall, signal?: AbortSignal): Promise<Response> {
    if (this.closing) return Promise.reject(new RenderPoolError('render pool closed'))
    if (!this.threads.length) return Promise.reject(new RenderPoolError('no render worker holds the build'))
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
    const id = this.nextId++
    return new Promise<Response>((resolve, reject) => {
      // A render that never ends (a loop in a loader) would hold its worker for good: end that worker instead.
      const timer = setTimeout(() => { void thread.worker.terminate() }, this.opts.timeoutMs ?? 30_000)
      thread.pending.set(id, { resolve, reject, api, timer })
      signal?.addEventListener('abort', () => thread.worker.postMessage({ type: 'abort', id }), { once: true })
      thread.worker.postMessage({ type: 'render', id, ...request })
    })
  }

  private receive(thread: Thread, msg: { type: string, id: number } & Record<string, any>) {
    const p = thread.pending.get(msg.id)
    if (!p) return
    if (msg.type === 'api') {
      void this.answerApi(thread, p, msg)
      return
    }
    thread.pending.delete(msg.id)
    clearTimeout(p.timer)
    if (msg.type === 'done') p.resolve(new Response(msg.body, { status: msg.status, headers: msg.headers }))
    else p.reject(new Error(`render failed in a worker: ${msg.message}`))
  }

  private async answerApi(thread: Thread, p: Pending, msg: Record<string, any>) {
    const { id, call } = msg
    try {
      const res = await p.api(msg.path, { method: msg.method, headers: msg.headers, body: msg.body })
      const body = res.body ? new Uint8Array(await res.arrayBuffer()) : null
      thread.worker.postMessage({ type: 'api', id, call, status: res.status, headers: [...res.headers], body }, body ? [body.buffer] : [])
    } catch (err) {
      thread.worker.postMessage({ type: 'api', id, call, error: err instanceof Error ? err.message : String(err) })
    }
  }

  /** Waits for the renders under way (SIGTERM drains, shutdown.ts), then ends the workers. */
  async close(): Promise<void> {
    this.closing = true
    for (const timer of this.respawns) clearTimeout(timer)
    this.respawns.clear()
    const all = this.threads.flatMap((t) => [...t.pending.values()].map((p) => new Promise<void>((done) => {
      const { resolve, reject } = p
      p.resolve = (r) => { resolve(r); done() }
      p.reject = (e) => { reject(e); done() }
    })))
    await Promise.all(all)
    await Promise.all(this.threads.map((t) => t.worker.terminate()))
  }
}
