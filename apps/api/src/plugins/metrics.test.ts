import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, insertListings } from '../test/helpers.ts'

const TOKEN = 'metrics-token-for-tests-0123456789'

describe('Prometheus metrics at /metrics', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN })
    await insertListings(t.db, [{}, {}])
  })
  afterAll(async () => { await t.close() })

  it('is not public: 404 without the token or with a wrong one', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(404)
  })

  it('with the token: request durations by route pattern, search index size and lag, process metrics', async () => {
    await t.app.inject('/api/footers')
    await t.app.inject('/api/offers?limit=2')
    await t.app.inject('/api/search?kategoria=mieszkanie')
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/footers",status_code="200"\} 1/)
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/offers"/)
    expect(res.body).toMatch(/search_index_listings 2/)
    expect(res.body).toMatch(/search_index_lag_changes 0/)
    expect(res.body).toMatch(/process_resident_memory_bytes \d+/)
    if (t.db.driver === 'pg') expect(res.body).toMatch(/db_pool_connections\{state="max"\} \d+/)
  })

  it('shows the job queue depth by queue and state', async () => {
    // A job due in an hour stays waiting ('created').
    await t.app.jobs.enqueue('mail-send', { mailId: -1 }, { startAfter: 3600 })
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.body).toMatch(/job_queue_depth\{queue="mail-send",state="created"\} 1/)
  })

  it('without METRICS_TOKEN there is no /metrics at all', async () => {
    const plain = await createTestApp()
    try {
      expect((await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
