import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDb, rowsOf } from './client.ts'

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('run without JIT, whatever the server sets (decision 076)', async () => {
    const h = await openDb({ url: process.env.TEST_DATABASE_URL!, poolSize: 2 })
    try {
      const [a, b] = await Promise.all([h.db.execute(sql`show jit`), h.query('show jit')])
      expect(rowsOf<{ jit: string }>(a)[0]!.jit).toBe('off')
      expect(b.rows[0]!.jit).toBe('off')
    } finally { await h.close() }
  })
})
