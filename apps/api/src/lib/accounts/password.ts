import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'

/**
 * Hashes running at once: half the cores. Each one holds a core and a libuv pool thread for ~40 ms, and the pool is
 * also where page compression and file reads run: 60 logins in two seconds (the load's arrival) took every core and
 * every pool thread, and the pages of everybody else waited behind them. Past the limit a login waits its turn.
 */
export const HASHES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2))
let running = 0
const waiting: Array<() => void> = []

/** Runs `work` when fewer than `limit` run (a finished one hands its place to the next in line). */
export async function inHashSlot<T>(work: () => Promise<T>, limit = HASHES_AT_ONCE): Promise<T> {
  if (running < limit) running++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2

/** argon2id with the library defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum recommendation). */
export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, { algorithm: ARGON2ID as never }))
}

let dummy: Promise<string> | null = null

/**
 * Checks a password against a stored hash. Without a hash (unknown address, account without a password) a dummy
 * hash is verified anyway so the answer takes about as long and does not reveal which addresses exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('dummy-password-for-timing')
    const stand = await dummy
    await inHashSlot(() => verify(stand, password)).catch(() => false)
    return false
  }
  try {
    return await inHashSlot(() => verify(stored, password))
  } catch {
    return false
  }
}
