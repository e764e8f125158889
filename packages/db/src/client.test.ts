import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openTestDb } from './testing.ts'

describe.runIf(process.env.TEST_DATABASE_URL)('openDb on PostgreSQL', () => {
  it('survives the server terminating an idle pooled connection', async () => {
    const h = await openTestDb()
    try {
      await h.db.execute(sql`select 1`)
      const other = await openTestDb()
      // Kill every other backend of the first database: its idle pooled client gets a FATAL 57P01.
      const r = await h.db.execute(sql`select current_database() as d`)
      const name = (r as unknown as { rows: { d: string }[] }).rows[0]!.d
      await other.db.execute(sql.raw(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`))
      await other.close()
      await new Promise((resolve) => setTimeout(resolve, 200))
      // The pool dropped the dead client and opens a new one.
      const again = await h.db.execute(sql`select 2 as n`)
      expect((again as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2)
    } finally {
      await h.close()
    }
  })
})
