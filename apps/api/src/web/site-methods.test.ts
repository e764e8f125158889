import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { pino } from 'pino'
import { Writable } from 'node:stream'
import { createTestApp } from '../test/helpers.ts'
import { mountWeb } from './ssr.ts'
import { siteAcceptsUnsafe } from './site-methods.ts'

const route = (id: string, extra: Record<string, unknown> = {}, module: Record<string, unknown> = {}) =>
  ({ id, module: { default: () => null, ...module }, ...extra })

/** Only the route table: a request that reaches React Router's handler with it would fail with 500. */
const build = {
  routes: {
    root: route('root', { path: '' }),
    'routes/home': route('routes/home', { parentId: 'root', index: true }),
    'routes/offer': route('routes/offer', { parentId: 'root', path: 'ogloszenia/:slug' }),
    'routes/contact': route('routes/contact', { parentId: 'root', path: 'kontakt' }, { action: async () => null }),
    'routes/splat': route('routes/splat', { parentId: 'root', path: '*' }),
  },
} as unknown as ServerBuild

describe('unsafe methods on site paths', () => {
  it('accepted only where a route of the match has an action (single-fetch .data paths too)', () => {
    expect(siteAcceptsUnsafe(build, '/kontakt')).toBe(true)
    expect(siteAcceptsUnsafe(build, '/kontakt.data')).toBe(true)
    expect(siteAcceptsUnsafe(build, '/')).toBe(false)
    expect(siteAcceptsUnsafe(build, '/_root.data')).toBe(false)
    expect(siteAcceptsUnsafe(build, '/ogloszenia/dom')).toBe(false)
    expect(siteAcceptsUnsafe(build, '/cokolwiek/dalej')).toBe(false)
    expect(siteAcceptsUnsafe(build, '/%E0%A4%A')).toBe(false)
  })

  describe('through the SSR catch-all', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>
    const lines: Array<{ level: number; msg?: string }> = []
    beforeAll(async () => { t = await createTestApp() })
    afterAll(async () => { await t.close() })

    it('answers 405 with Allow and logs no error', async () => {
      const { buildApp } = await import('../app.ts')
      const { parseEnv } = await import('../env.ts')
      const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done() } })
      const app = await buildApp({ db: t.db, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir }), logger: pino({ level: 'info' }, sink) as never })
      await mountWeb(app, { getBuild: async () => build, mode: 'production' })
      await app.ready()
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/', '/ogloszenia/dom', '/nie-ma/takiej', '/_root.data']) {
          const res = await app.inject({ method, url, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
          expect(res.statusCode, `${method} ${url}`).toBe(405)
          expect(res.headers.allow).toBe('GET, HEAD')
        }
      }
      await app.close()
      expect(lines.filter((l) => l.level >= 50)).toEqual([])
    })
  })
})
