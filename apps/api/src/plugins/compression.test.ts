import os from 'node:os'
import path from 'node:path'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, zstdCompressSync, zstdDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { buildApp } from '../app.ts'
import { createTestApp } from '../test/helpers.ts'
import { mountWeb } from '../web/ssr.ts'
import { COMPRESS_THRESHOLD, JSON_BR_QUALITY, JSON_GZIP_LEVEL, ZSTD_LEVEL, acceptWeights, acceptedEncoding, storedEncoding, type Encoding } from './compression.ts'

describe('compression (br/gzip)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let app: Awaited<ReturnType<typeof buildApp>>
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'portal-compress-'))
  const js = `export const words = ${JSON.stringify('zażółć gęślą jaźń '.repeat(400))};\n`
  const jsBr = brotliCompressSync(js)
  const css = `.a{color:red}\n`.repeat(300)
  beforeAll(async () => {
    t = await createTestApp()
    mkdirSync(path.join(clientDir, 'assets'))
    writeFileSync(path.join(clientDir, 'assets/entry-abc.js'), js)
    // What the build's precompress step writes beside a file: sent as it is.
    writeFileSync(path.join(clientDir, 'assets/entry-abc.js.br'), jsBr)
    writeFileSync(path.join(clientDir, 'assets/style-abc.css'), css)
    app = await buildApp({ db: t.db, env: t.app.env, logger: false })
    await mountWeb(app, { getBuild: async () => ({}) as ServerBuild, mode: 'production', clientDir })
    await app.ready()
  })
  afterAll(async () => { await app.close(); await t.close(); rmSync(clientDir, { recursive: true, force: true }) })

  it('API JSON goes out as br or gzip when the client accepts it, raw when not', async () => {
    const br = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    const json = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))
    expect(json).toHaveProperty('categories')
    const gz = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json)
    const raw = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'identity' } })
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.json()).toEqual(json)
  })

  it('API JSON is compressed in one call at the cheap levels, with its length; gzip when br is refused', async () => {
    const raw = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'identity' } })
    expect(raw.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD)
    expect(raw.headers.vary).toMatch(/accept-encoding/i)
    // What browsers send (Chromium 123+, Firefox 126+): zstd, in one call at its level, with its length.
    const zs = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(zs.headers['content-encoding']).toBe('zstd')
    expect(zs.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(zs.headers['content-length'])).toBe(zs.rawPayload.length)
    expect(zs.rawPayload).toEqual(zstdCompressSync(raw.rawPayload, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }))
    expect(zstdDecompressSync(zs.rawPayload)).toEqual(raw.rawPayload)
    const br = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    // Not a stream: the compressed length is known, and it is exactly brotli at the JSON quality (not the pages' 4).
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length)
    expect(br.rawPayload).toEqual(brotliCompressSync(raw.rawPayload, { params: {
      [constants.BROTLI_PARAM_QUALITY]: JSON_BR_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }))
    const gz = await app.inject({ url: '/api/search/filters', headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length)
    expect(gz.rawPayload.subarray(10)).toEqual(gzipSync(raw.rawPayload, { level: JSON_GZIP_LEVEL }).subarray(10)) // past the header's time
    // Below the threshold JSON goes out as it is.
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toHaveProperty('status')
  })

  it('Accept-Encoding, one parse, two rules: per response zstd when named, else br unless refused or weighted below gzip; a stored copy br whenever taken, else gzip; q=0 and unknown codings are not taken', () => {
    // header → the per-response coding (acceptedEncoding), the page cache's stored copy (storedEncoding)
    const cases: [string | undefined, Encoding | undefined, 'br' | 'gzip' | 'identity'][] = [
      ['gzip, deflate, br, zstd', 'zstd', 'br'],
      ['zstd;q=0, br, gzip', 'br', 'br'],
      ['zstd;q=0.5, br, gzip', 'br', 'br'],
      ['zstd;q=0.5, br;q=0, gzip', 'gzip', 'gzip'],
      ['zstd', 'zstd', 'identity'],
      ['gzip, deflate, br', 'br', 'br'],
      ['br;q=0.5, gzip;q=0.8', 'gzip', 'br'],
      ['br;q=0.5, gzip', 'gzip', 'br'],
      ['br;q=0, gzip', 'gzip', 'gzip'],
      ['gzip, deflate', 'gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined, 'identity'],
      ['x-gzip', 'gzip', 'gzip'],
      ['*', 'br', 'br'],
      ['*;q=0, gzip', 'gzip', 'gzip'],
      ['gzip;q=0, *;q=0', undefined, 'identity'],
      ['identity', undefined, 'identity'],
      [undefined, undefined, 'identity'],
    ]
    for (const [header, response, stored] of cases) {
      expect(acceptedEncoding(header), String(header)).toBe(response)
      expect(storedEncoding(acceptWeights(header)), String(header)).toBe(stored)
    }
  })

  it('a built JS file is served from its precompressed .br; CSS without one is compressed on the fly', async () => {
    const res = await app.inject({ url: '/assets/entry-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toContain('immutable')
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(js)
    // The file itself (its length is known), not a compression made for this request.
    expect(Number(res.headers['content-length'])).toBe(jsBr.length)
    const cssRes = await app.inject({ url: '/assets/style-abc.css', headers: { 'accept-encoding': 'gzip' } })
    expect(cssRes.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(cssRes.rawPayload).toString('utf8')).toBe(css)
    expect(cssRes.rawPayload.length).toBeLessThan(css.length / 5)
    // A stream through @fastify/compress for a browser: zstd.
    const cssZs = await app.inject({ url: '/assets/style-abc.css', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(cssZs.headers['content-encoding']).toBe('zstd')
    expect(zstdDecompressSync(cssZs.rawPayload).toString('utf8')).toBe(css)
  })
})
