import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDb } from '@portal/db'
import { buildApp } from '../../app.ts'
import { parseEnv } from '../../env.ts'
import { createTestApp } from '../../test/helpers.ts'
import { inTransaction } from '../../lib/http/transaction.ts'
import { isDbUnavailable } from '../../lib/http/db-outage.ts'

const adminShutdown = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })

describe('database outage', () => {
  it('recognises connection errors, also wrapped by drizzle, and nothing else', () => {
    expect(isDbUnavailable(adminShutdown())).toBe(true)
    expect(isDbUnavailable(new Error('Failed query: select 1', { cause: adminShutdown() }))).toBe(true)
    expect(isDbUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDbUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDbUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDbUnavailable(new TypeError('x is undefined'))).toBe(false)
  })

  it('answers 503 with Retry-After (not 500) while the database is away, and /api/health says so', async () => {
    const t = await createTestApp()
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir })
    const down = { ...t.db, exec: async () => { throw adminShutdown() } }
    const app = await buildApp({ db: down, env, logger: false })
    app.get('/api/__outage', async () => { throw new Error('Failed query', { cause: adminShutdown() }) })
    await app.ready()
    const res = await app.inject('/api/__outage')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.json()).toEqual({ error: expect.stringContaining('chwilowo niedostępny'), message: expect.stringContaining('chwilowo niedostępny'), code: 'service_unavailable' })
    const health = await app.inject('/api/health')
    expect(health.statusCode).toBe(503)
    expect(health.headers['retry-after']).toBe('5')
    expect(health.json()).toMatchObject({ status: 'error', db: 'error' })
    await app.close()
    await t.close()
  }, 120_000)
})

// Real PostgreSQL only: the connection of a transaction is cut by the server between two statements.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection cut under a transaction', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let admin: Awaited<ReturnType<typeof openDb>>
  beforeAll(async () => {
    t = await createTestApp()
    admin = await openDb({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 })
  })
  afterAll(async () => { await admin.close(); await t.close() })

  it('does not crash the process (57P01 on a checked-out client), fails that request with 503, then recovers', async () => {
    // Without an 'error' listener on the checked-out client, pg re-emits the server's 57P01 as an uncaught
    // exception, which vitest reports as a failure of this run.
    const uncaught: unknown[] = []
    const onUncaught = (err: unknown) => { uncaught.push(err) }
    process.prependListener('uncaughtException', onUncaught)
    try {
      const tx = inTransaction(t.db, async (db) => {
        const r = await db.db.execute(sql`select pg_backend_pid() as pid`) as unknown as { rows: Array<{ pid: number }> }
        await admin.db.execute(sql`select pg_terminate_backend(${r.rows[0]!.pid})`)
        // The client sits idle in the transaction while the server's termination notice arrives.
        await new Promise((resolve) => setTimeout(resolve, 300))
        await db.db.execute(sql`select 1`)
      })
      const err = await tx.then(() => null, (e: unknown) => e)
      expect(err).not.toBeNull()
      expect(isDbUnavailable(err)).toBe(true)
      expect(uncaught).toEqual([])
    } finally {
      process.removeListener('uncaughtException', onUncaught)
    }
    // The pool opened a new connection by itself.
    const health = await t.app.inject('/api/health')
    expect(health.statusCode).toBe(200)
  })
})
