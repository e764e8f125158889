import PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import type { DbHandle } from '@portal/db'

/**
 * The background job queue (docs/decisions/021-job-queue.md): pg-boss on the application's own database, reached
 * through `DbHandle.query`, so the same queue runs on embedded PGlite and on a PostgreSQL server. Jobs survive
 * restarts; a failed job is retried with exponential backoff and, after its last attempt, moved to the queue's
 * dead-letter queue (`dead-letter`), whose worker logs it at error level ("job failed for good"). Scheduled
 * (cron) jobs are created once per minute slot across all instances sharing the database (pg-boss's cron lock
 * plus a 60 s singleton key), so with several API instances exactly one runs each scheduled job.
 *
 * Use it through `app.jobs` (apps/api/src/app.ts):
 *   app.jobs.work('listing-expiry', async (data) => { … })             // a handler, declared at start-up
 *   app.jobs.schedule('listing-expiry', '5 * * * *')                   // cron, UTC
 *   await app.jobs.enqueue('mail-send', { mailId }, { startAfter: 60 }) // one-off job; returns its id
 */
export interface QueueOptions {
  /** Attempts after the first one (default 5). */
  retryLimit?: number
  /** Seconds before the first retry (default 10); doubled on every further retry when retryBackoff. */
  retryDelay?: number
  retryBackoff?: boolean
  /** A job running longer than this fails (and is retried). Default 300 s. */
  expireInSeconds?: number
}

export interface WorkOptions extends QueueOptions {
  /** Parallel jobs of this queue per instance (default 1). */
  concurrency?: number
  /** How often an idle worker looks for jobs (default 2 s; jobs enqueued by this instance wake it at once). */
  pollingIntervalSeconds?: number
}

export interface EnqueueOptions {
  /** Seconds from now, or a date: the job waits until then. */
  startAfter?: number | Date
  /** With singletonSeconds: at most one job with this key per time slot (deduplication). */
  singletonKey?: string
  singletonSeconds?: number
  /** Run the insert on this handle (a transaction from inTransaction: the job exists only if it commits). */
  db?: DbHandle
  /** Higher runs first among waiting jobs of the queue (default 0): a sign-up link must not wait behind a bulk mailing. */
  priority?: number
}

export type JobHandler<T> = (data: T, job: { id: string; name: string; retryCount: number }) => Promise<unknown>

interface Definition { name: string; handler: JobHandler<never>; opts: WorkOptions }

const DEFAULTS: Required<QueueOptions> = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 }
/** One dead-letter queue for all: a job's data carries its queue's name (`_queue`) so the log can name it. */
export const DEAD_LETTER_QUEUE = 'dead-letter'

/** pg-boss's `db` option: `executeSql(text, values)` on one of our database handles. */
export function pgBossDb(handle: DbHandle) {
  return { executeSql: (text: string, values?: unknown[]) => handle.query(text, values) }
}

export class JobQueue {
  private boss: PgBoss | null = null
  private booting: Promise<PgBoss> | null = null
  private starting: Promise<PgBoss> | null = null
  /** Queues whose workers run (started once each). */
  private readonly queuesStarted = new Map<string, Promise<void>>()
  private readonly definitions = new Map<string, Definition>()
  private readonly schedules = new Map<string, { cron: string; data: object }>()
  /** Local worker ids per queue (woken when this instance enqueues). */
  private readonly workerIds = new Map<string, string[]>()
  private stopped = false

  constructor(private readonly db: DbHandle, private readonly log: FastifyBaseLogger,
    private readonly opts: {
      schedule?: boolean
      /** pg-boss's cron check (30 s) and cron worker (5 s) intervals; tests shorten them. */
      cronMonitorIntervalSeconds?: number
      cronWorkerIntervalSeconds?: number
      /**
       * Tests: nothing runs until the first enqueue(), which starts pg-boss without cron and only that job's queue
       * (a test file that mails creates two queues, not all of them). start() still starts everything.
       */
      lazy?: boolean
      /** How long stop() waits for running jobs (8 s; tests shorten it). */
      stopTimeoutMs?: number
    } = {}) {}

  /** Declares the handler of a queue; its workers start with the queue (call before start()). */
  work<T>(name: string, handler: JobHandler<T>, opts: WorkOptions = {}): void {
    if (this.definitions.has(name)) throw new Error(`job ${name} is already defined`)
    this.definitions.set(name, { name, handler: handler as JobHandler<never>, opts })
    if (this.boss && !this.opts.lazy) void this.startQueueOnce(this.boss, name)
  }

  /** A cron schedule (UTC, 5 fields) for a defined queue: one job per matching minute across all instances. */
  schedule(name: string, cron: string, data: object = {}): void {
    this.schedules.set(name, { cron, data: { ...data, _queue: name } })
    if (this.boss) void this.boss.schedule(name, cron, { ...data, _queue: name }, { tz: 'UTC' })
  }

  get started(): boolean { return this.boss !== null }

  /** Starts pg-boss (creating or migrating its `pgboss` schema), the workers and the schedules. */
  start(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'))
    this.starting ??= this.doStart()
    return this.starting
  }

  private async doStart(): Promise<PgBoss> {
    const boss = await this.boot(this.opts.schedule ?? true)
    for (const name of this.definitions.keys()) await this.startQueueOnce(boss, name)
    for (const [name, s] of this.schedules) await boss.schedule(name, s.cron, s.data, { tz: 'UTC' })
    // Schedules of queues no longer declared would fail every minute: drop them.
    for (const s of await boss.getSchedules()) {
      if (!this.schedules.has(s.name)) await boss.unschedule(s.name)
    }
    this.log.info({ queues: [...this.definitions.keys()], schedules: [...this.schedules.keys()] }, 'job queue started')
    return boss
  }

  private startQueueOnce(boss: PgBoss, name: string): Promise<void> {
    let started = this.queuesStarted.get(name)
    if (!started) {
      const def = this.definitions.get(name)
      started = def ? this.startQueue(boss, def) : Promise.resolve()
      this.queuesStarted.set(name, started)
    }
    return started
  }

  /** pg-boss itself (schema, maintenance, cron when `schedule`) and the dead-letter queue: once. */
  private boot(schedule: boolean): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'))
    this.booting ??= this.doBoot(schedule)
    return this.booting
  }

  private async doBoot(schedule: boolean): Promise<PgBoss> {
    const boss = new PgBoss({
      db: this.bossDb(),
      schedule,
      ...(this.opts.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: this.opts.cronWorkerIntervalSeconds } : {}),
      ...(this.opts.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: this.opts.cronMonitorIntervalSeconds } : {}),
      // Completed jobs are kept 1 day, archived ones 7 (pg-boss's maintenance runs on one instance at a time).
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    } as PgBoss.ConstructorOptions)
    boss.on('error', (err: Error & { queue?: string }) => this.log.error({ err: err.message, queue: err.queue }, 'job queue error'))
    await boss.start()
    await this.startDeadLetter(boss)
    this.boss = boss
    return boss
  }

  /**
   * Creates (or updates) a queue. Instances starting together on one PostgreSQL server can deadlock in pg-boss's
   * create_queue (each creates the queue's partition): the loser retries.
   */
  private async ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue)
        else await boss.createQueue(queue.name, queue)
        return
      } catch (err) {
        const code = (err as { code?: string }).code
        if (attempt >= 5 || !(code === '40P01' || code === '23505' || code === '42P07')) throw err
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 400))
      }
    }
  }

  private async startDeadLetter(boss: PgBoss): Promise<void> {
    await this.ensureQueue(boss, { name: DEAD_LETTER_QUEUE, retryLimit: 0 } as PgBoss.Queue)
    await boss.work(DEAD_LETTER_QUEUE, { batchSize: 10, pollingIntervalSeconds: 5 }, async (jobs) => {
      for (const job of jobs) {
        const { _queue: queue, ...data } = (job.data ?? {}) as { _queue?: string }
        this.log.error({ queue, jobData: data, deadJobId: job.id },
          `job ${queue ?? '?'} failed for good (dead letter; its errors are in the warnings before and in pgboss.job.output)`)
      }
    })
  }

  private async startQueue(boss: PgBoss, def: Definition): Promise<void> {
    const o = { ...DEFAULTS, ...def.opts }
    const queue = {
      name: def.name, retryLimit: o.retryLimit, retryDelay: o.retryDelay, retryBackoff: o.retryBackoff,
      expireInSeconds: o.expireInSeconds, deadLetter: DEAD_LETTER_QUEUE,
    }
    // Settings changed in code apply to a queue created by an earlier version too.
    await this.ensureQueue(boss, queue as PgBoss.Queue)
    const ids: string[] = []
    const workOpts = { batchSize: 1, pollingIntervalSeconds: def.opts.pollingIntervalSeconds ?? 2 }
    for (let i = 0; i < (def.opts.concurrency ?? 1); i++) {
      let id = ''
      id = await boss.work(def.name, workOpts, async (jobs) => {
        for (const job of jobs) await this.run(def, job as PgBoss.JobWithMetadata<never>)
        // pg-boss waits a polling interval after every fetch, even a fruitful one (1 job per 2 s per worker); a
        // worker that found work asks for the next job at once, so a backlog drains at full speed.
        if (jobs.length && id) boss.notifyWorker(id)
      })
      ids.push(id)
    }
    this.workerIds.set(def.name, ids)
  }

  private async run(def: Definition, job: PgBoss.JobWithMetadata<never>): Promise<unknown> {
    const started = Date.now()
    try {
      const { _queue: _q, ...data } = (job.data ?? {}) as { _queue?: string }
      const out = await def.handler(data as never, { id: job.id, name: job.name, retryCount: job.retryCount ?? 0 })
      this.log.debug({ queue: def.name, jobId: job.id, ms: Date.now() - started }, 'job done')
      return out
    } catch (err) {
      const e = err as Error
      this.log.warn({ queue: def.name, jobId: job.id, attempt: (job.retryCount ?? 0) + 1, err: e.message },
        `job ${def.name} failed (retried with backoff until its retry limit, then dead-lettered)`)
      throw err
    }
  }

  /** Adds a job; the queue must be defined (work()) on some instance. Returns the job id (null when deduplicated). */
  async enqueue<T extends object>(name: string, data: T, opts: EnqueueOptions = {}): Promise<string | null> {
    const boss = this.opts.lazy ? await this.boot(false) : (this.starting ? await this.starting : await this.start())
    await this.startQueueOnce(boss, name)
    const { db, startAfter, ...rest } = opts
    const id = await boss.send(name, { ...data, _queue: name }, {
      ...rest,
      ...(startAfter !== undefined ? { startAfter } : {}),
      ...(db ? { db: pgBossDb(db) } : {}),
    } as PgBoss.SendOptions)
    // Wake this instance's idle worker (other instances find the job on their next poll).
    if (!db) for (const wid of this.workerIds.get(name) ?? []) boss.notifyWorker(wid)
    return id
  }

  /** Jobs waiting or running per queue and state, for /metrics (all instances' jobs: the table is shared). */
  async depth(): Promise<Array<{ queue: string; state: string; n: number }>> {
    const { rows } = await this.db.query(
      `SELECT name AS queue, state::text AS state, count(*)::int AS n FROM pgboss.job
        WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`).catch(() => ({ rows: [] }))
    return rows.map((r) => ({ queue: String(r.queue), state: String(r.state), n: Number(r.n) }))
  }

  /** Jobs of these queues (all by default) not finished yet: created, retry or active. */
  async pending(names: string[] = [...this.definitions.keys()]): Promise<number> {
    if (!this.boss) return 0
    const { rows } = await this.db.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')`, [names])
    return Number(rows[0]?.n ?? 0)
  }

  /**
   * Waits until these queues have nothing left that can run now (tests, `flush`): jobs waiting for a later
   * startAfter (a retry's backoff) count as left only when `includeDelayed`.
   */
  async drain(names: string[] = [...this.definitions.keys()], { timeoutMs = 15_000, includeDelayed = false } = {}): Promise<void> {
    if (!this.boss) return
    const until = Date.now() + timeoutMs
    for (;;) {
      const { rows } = await this.db.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[])
           AND (state = 'active' OR (state IN ('created', 'retry') AND ($2::boolean OR start_after <= now())))`,
        [names, includeDelayed])
      if (Number(rows[0]?.n ?? 0) === 0) return
      if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms: ${names.join(', ')}`)
      for (const n of names) for (const wid of this.workerIds.get(n) ?? []) this.boss.notifyWorker(wid)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /**
   * pg-boss's own handle. pg-boss marks a job complete or failed without awaiting it; a job still running when stop()
   * gives up (its timeout) ends after the application has closed the database, and that write would reject with
   * nobody listening (an unhandled rejection). After stop() such a write is logged and dropped: the job stays active
   * and pg-boss's expiry retries it, as after a crash.
   */
  private bossDb() {
    return {
      executeSql: (text: string, values?: unknown[]) => this.db.query(text, values).catch((err: Error) => {
        if (!this.stopped) throw err
        this.log.warn({ err: err.message }, 'job queue: a write after stop was dropped (the job will be retried)')
        // pg-boss reads `undefined` as 'nothing affected' (a `rows` without the count it expects would throw).
        return undefined as unknown as { rows: Record<string, unknown>[] }
      }),
    }
  }

  /** Stops polling and waits for running jobs (SIGTERM, tests). */
  async stop(): Promise<void> {
    this.stopped = true
    const boss = this.boss ?? (this.booting ? await this.booting.catch(() => null) : null)
    if (!boss) return
    // close:false — the database handle is the application's and is closed by it.
    await boss.stop({ graceful: true, close: false, wait: true, timeout: this.opts.stopTimeoutMs ?? 8_000 })
    // pg-boss marks a finished job complete without awaiting it: let that last write land before the database closes.
    await new Promise((r) => setTimeout(r, 50))
    await this.db.query('SELECT 1').catch(() => {})
  }
}
