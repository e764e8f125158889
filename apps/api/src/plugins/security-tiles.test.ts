import { describe, expect, it } from 'vitest'
import { tileOrigin, tileUrlFrom } from '@portal/contracts/map-tiles'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { createTestApp } from '../test/helpers.ts'

const imgSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src')) ?? ''

describe('map tiles: MAP_TILE_URL and the CSP', () => {
  it('defaults to OpenStreetMap, off means none, {s} becomes a wildcard host', () => {
    expect(tileUrlFrom(undefined)).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    expect(tileUrlFrom('off')).toBeNull()
    expect(tileOrigin(tileUrlFrom(undefined))).toBe('https://tile.openstreetmap.org')
    expect(tileOrigin('https://{s}.tiles.example.org/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org')
    expect(tileOrigin(null)).toBeNull()
  })

  it('img-src allows the tile host (default OSM, a configured one), nothing extra when off', async () => {
    const t = await createTestApp()
    try {
      for (const [extra, host] of [[{}, 'https://tile.openstreetmap.org'], [{ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }, 'https://tiles.example.org'], [{ MAP_TILE_URL: 'off' }, null]] as const) {
        // Another app on the same database, with this MAP_TILE_URL.
        const app = await buildApp({ db: t.db, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: t.app.env.DATA_DIR, ...extra }), logger: false })
        await app.ready()
        const csp = String((await app.inject('/api/health')).headers['content-security-policy'])
        await app.close()
        if (host) expect(imgSrc(csp)).toContain(host)
        else expect(imgSrc(csp)).toBe("img-src 'self' data: blob:")
      }
    } finally { await t.close() }
  }, 120_000)
})
