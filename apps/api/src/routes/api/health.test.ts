import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { parseEnv } from '../../env.ts'
import { createTestApp } from '../../test/helpers.ts'

describe('GET /api/health', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  it('reports ok when the database answers', async () => {
    const res = await t.app.inject('/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', search_index: { state: 'ready', listings: 0 } })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('answers 503 when the database fails', async () => {
    const broken = { ...t.db, exec: async () => { throw new Error('connection refused') } }
    const app = await buildApp({ db: broken, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir }), logger: false })
    const res = await app.inject('/api/health')
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'error', db: 'error' })
    await app.close()
  })
})
