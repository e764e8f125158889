import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { openTestDb } from '@portal/db/testing'
import type { DbHandle } from '@portal/db'
import { JobQueue } from './queue.ts'

/** A logger that keeps what was logged (the dead letter must be visible in the logs). */
function memoryLog() {
  const lines: Array<{ level: string; obj: unknown; msg: string }> = []
  const at = (level: string) => (obj: unknown, msg?: string) => { lines.push({ level, obj, msg: msg ?? String(obj) }) }
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), fatal: at('fatal'), trace: at('trace'), child: () => log, level: 'info', silent: () => {} }
  return { log: log as unknown as FastifyBaseLogger, lines }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await wait(50)
  }
}

describe('JobQueue (pg-boss on our database handle)', () => {
  let db: DbHandle
  const queues: JobQueue[] = []
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => {
    for (const q of queues) await q.stop()
    await db.close()
  })

  it('runs an enqueued job once with its data; retries a failing one with backoff, then dead-letters it in the log', async () => {
    const { log, lines } = memoryLog()
    const q = new JobQueue(db, log, { schedule: false })
    queues.push(q)
    const seen: unknown[] = []
    q.work<{ n: number }>('echo', async (data) => { seen.push(data) })
    let attempts = 0
    q.work('always-fails', async () => { attempts++; throw new Error('SMTP 451 try later') }, { retryLimit: 2, retryDelay: 1, retryBackoff: true, pollingIntervalSeconds: 0.5 })
    let flaky = 0
    q.work('flaky', async () => { if (++flaky < 2) throw new Error('first time fails') }, { retryLimit: 3, retryDelay: 1, pollingIntervalSeconds: 0.5 })
    await q.start()

    await q.enqueue('echo', { n: 1 })
    await q.drain(['echo'])
    expect(seen).toEqual([{ n: 1 }])

    await q.enqueue('flaky', {})
    await q.enqueue('always-fails', { to: 'x@example.com' })
    // Backoff: 1 s, then 2 s; then the job is moved to always-fails__dead and logged at error level.
    await until(() => lines.some((l) => l.level === 'error' && l.msg.includes('always-fails failed for good')), 25_000)
    expect(attempts).toBe(3)
    expect(flaky).toBe(2)
    const warns = lines.filter((l) => l.level === 'warn' && l.msg.includes('always-fails'))
    expect(warns).toHaveLength(3)
    const dead = lines.find((l) => l.msg.includes('failed for good'))!
    expect(dead.obj).toMatchObject({ queue: 'always-fails', jobData: { to: 'x@example.com' } })
    const { rows } = await db.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'always-fails'`)
    expect(rows).toEqual([{ state: 'failed', retry_count: 2 }])
  }, 30_000)

  it('a job still running when stop() gives up ends after the database closed: its write is dropped and logged, never an unhandled rejection', async () => {
    const own = await openTestDb()
    const { log, lines } = memoryLog()
    const q = new JobQueue(own, log, { schedule: false, stopTimeoutMs: 300 })
    let started = false
    let release!: () => void
    const gate = new Promise<void>((r) => { release = r })
    q.work('slow', async () => { started = true; await gate; throw new Error('the job failed late') }, { pollingIntervalSeconds: 0.5 })
    await q.start()
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => { rejections.push(reason) }
    process.on('unhandledRejection', onRejection)
    try {
      await q.enqueue('slow', {})
      await until(() => started)
      await q.stop()
      await own.close()
      release()
      await until(() => lines.some((l) => l.level === 'warn' && l.msg.includes('a write after stop was dropped')), 5_000)
      await wait(100)
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })

  it('a job enqueued inside a transaction exists only if it commits', async () => {
    const { log } = memoryLog()
    const q = queues[0]!
    void log
    const { inTransaction } = await import('../http/transaction.ts')
    await expect(inTransaction(db, async (tx) => {
      await q.enqueue('echo', { n: 2 }, { db: tx })
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    await inTransaction(db, async (tx) => { await q.enqueue('echo', { n: 3 }, { db: tx }) })
    await q.drain(['echo'])
    const { rows } = await db.query(`SELECT data FROM pgboss.job WHERE name = 'echo' ORDER BY created_on`)
    expect(rows.map((r) => r.data)).toEqual([{ n: 1, _queue: 'echo' }, { n: 3, _queue: 'echo' }])
  })

  it('drains a backlog without waiting a polling interval per job, and runs higher priority first', async () => {
    const { log } = memoryLog()
    const q = new JobQueue(db, log, { schedule: false })
    queues.push(q)
    const order: string[] = []
    let release!: () => void
    const gate = new Promise<void>((r) => { release = r })
    // A long polling interval: a worker that waited one per job could not finish the 21 within the wait below, however
    // fast the machine, and one that does not wait needs no bound in milliseconds (a bound of 15 s measured the machine as much as the code).
    q.work<{ k: string }>('backlog', async (data) => { order.push(data.k); if (data.k === 'bulk0') await gate }, { pollingIntervalSeconds: 20 })
    // While the worker is busy, a burst of 19 bulk jobs (reminders) and then one a person awaits (a sign-up link).
    await q.enqueue('backlog', { k: 'bulk0' })
    await until(() => order.length === 1)
    for (let i = 1; i < 20; i++) await q.enqueue('backlog', { k: `bulk${i}` })
    await q.enqueue('backlog', { k: 'signup' }, { priority: 10 })
    release()
    // Not drain(): it wakes the workers itself. One job per 20 s poll would take 400 s; two polls' time is the limit.
    await until(() => order.length === 21, 40_000)
    expect(order).toHaveLength(21)
    expect(order[1]).toBe('signup')
  }, 60_000)

  it('a scheduled job runs once per slot however many instances share the database', async () => {
    // Not across a minute boundary (two slots would rightly give two runs).
    if (new Date().getUTCSeconds() > 45) await wait((61 - new Date().getUTCSeconds()) * 1000)
    let runs = 0
    const instances = [1, 2, 3].map(() => new JobQueue(db, memoryLog().log, { cronWorkerIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 }))
    queues.push(...instances)
    for (const q of instances) {
      q.work('tick', async () => { runs++ })
      q.schedule('tick', '* * * * *')
    }
    await Promise.all(instances.map((q) => q.start()))
    // A slow machine (a CI run under load once took longer than 20 s) may reach the next minute first.
    await until(() => runs > 0, 60_000)
    // Every instance checks the schedule each second meanwhile: still one run per minute. Counted per slot, the
    // minute pg-boss's send-it job is a singleton for: a run that slipped into the next minute is that slot's run.
    await wait(4000)
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT singleton_on)::int AS slots FROM pgboss.job
       WHERE name = '__pgboss__send-it' AND data->>'name' = 'tick'`,
    )
    const slots = rows[0]!.slots as number
    expect(slots).toBeGreaterThanOrEqual(1)
    expect(rows[0]!.n).toBe(slots)
    const ticks = await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'tick'`)
    expect(ticks.rows[0]!.n).toBe(slots)
    expect(runs).toBe(slots)
  }, 90_000)
})
