import { randomFillSync } from 'node:crypto'

/**
 * Random bytes drawn from a pool filled 4 KB at a time, as node's own randomUUID does: one call into OpenSSL per
 * ~128 tokens instead of one per token. `randomBytes(32)` cost ~26 µs of the main thread on these machines against
 * ~0.7 µs from the pool, and every guest's API answer carries a fresh token (plugins/session.ts). Each byte is
 * handed out once.
 */
const pool = Buffer.alloc(4096)
let at = pool.length

/** `bytes` (at most 4096) random bytes as base64url text. */
export function randomToken(bytes: number): string {
  if (at + bytes > pool.length) {
    randomFillSync(pool)
    at = 0
  }
  const text = pool.toString('base64url', at, at + bytes)
  at += bytes
  return text
}
