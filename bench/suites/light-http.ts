/**
 * The load suites' HTTP client: node:http with kept-alive sockets, asking for zstd/br/gzip as a browser does but
 * keeping the bytes as they came (a body is decoded only when a user reads it: a created listing's id, an error's example).
 * With fetch the load generator itself took ~94 % of one of the two cores (a tee of every body for the timing, then
 * decompression of every page), so the server measured beside it had one core, not two.
 */
import http from 'node:http'
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })

/** Closes the kept-alive sockets (a server stopping gracefully waits for them). */
export const dropConnections = () => agent.destroy()

export class LightResponse {
  readonly headers = new Headers()
  constructor(readonly status: number, raw: http.IncomingHttpHeaders, readonly bytes: Buffer) {
    for (const [k, v] of Object.entries(raw)) {
      for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) this.headers.append(k, one)
    }
  }

  text(): string {
    const enc = this.headers.get('content-encoding')
    const body = enc === 'zstd' ? zstdDecompressSync(this.bytes) : enc === 'br' ? brotliDecompressSync(this.bytes) : enc === 'gzip' ? gunzipSync(this.bytes) : this.bytes
    return body.toString('utf8')
  }

  json(): unknown {
    return JSON.parse(this.text())
  }
}

export interface LightInit {
  method?: string
  headers?: Record<string, string>
  body?: string
  timeoutMs?: number
}

/** What Chromium (123+) and Firefox (126+) send: the load is made of browsers' requests. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

/** One request; resolves once the whole body is in (the moment fetch's arrayBuffer() would resolve). */
export function lightRequest(url: string, init: LightInit = {}): Promise<LightResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: init.method ?? 'GET', agent,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve(new LightResponse(res.statusCode ?? 0, res.headers, Buffer.concat(chunks))))
      res.on('error', reject)
    })
    req.setTimeout(init.timeoutMs ?? 30_000, () => req.destroy(new Error(`no answer in ${init.timeoutMs ?? 30_000} ms`)))
    req.on('error', reject)
    req.end(init.body)
  })
}
