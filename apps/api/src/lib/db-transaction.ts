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
    close: () => Promise.reject(new Error('close() inside a transaction')),
  }))
}
