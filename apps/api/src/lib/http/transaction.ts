import { sql } from 'drizzle-orm'
import type { Db, DbHandle } from '@portal/db'

/**
 * Runs `fn` in one database transaction (PGlite and node-postgres alike): committed when it resolves, rolled back
 * when it throws. `fn` gets a DbHandle whose `db` is the transaction, so helpers that take a DbHandle
 * (recordPrice, publishListing, issueToken, …) join it. Send mails and touch files only after it resolved.
 */
export function inTransaction<T>(handle: DbHandle, fn: (tx: DbHandle) => Promise<T>): Promise<T> {
  return handle.db.transaction((tx) => fn({
    ...handle,
    db: tx as unknown as Db,
    // One statement per call inside a transaction (the extended protocol takes no statement lists).
    exec: async (text) => { await tx.execute(sql.raw(text)) },
    // Raw SQL joins the transaction too (the job queue enqueues with it, so a job exists only if the change commits).
    query: async (text, values) => {
      const parts = text.split(/\$(\d+)/)
      const chunks = parts.map((part, i) => (i % 2 ? sql`${values?.[Number(part) - 1] ?? null}` : sql.raw(part)))
      const r = await tx.execute(sql.join(chunks)) as unknown as { rows?: Record<string, unknown>[] }
      return { rows: r.rows ?? [] }
    },
    close: () => Promise.reject(new Error('close() inside a transaction')),
  }))
}
