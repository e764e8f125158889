import { hash, verify } from '@node-rs/argon2'

/** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2

/** argon2id with the library defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID as never })
}

let dummy: Promise<string> | null = null

/**
 * Checks a password against a stored hash. Without a hash (unknown address, account without a password) a dummy
 * hash is verified anyway so the answer takes about as long and does not reveal which addresses exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('dummy-password-for-timing')
    await verify(await dummy, password).catch(() => false)
    return false
  }
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}
