import { createHmac } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { claimOnce } from './throttle.ts'
import { fieldError } from './errors.ts'

/**
 * Self-hosted ALTCHA proof of work. The challenge is HMAC-signed with a key derived from APP_KEY (so any instance
 * can verify it), expires after CHALLENGE_TTL_MS, and its signature is recorded in `throttles` once used, so a
 * solved payload cannot be replayed. Deterministic mode with a key signature makes verification one HMAC.
 */
export const CAPTCHA_ALGORITHM = 'SHA-256'
const CHALLENGE_TTL_MS = 30 * 60 * 1000
/** SHA-256 rounds the browser must try on average ~ (MIN + MAX) / 2: well under a second on a phone. */
const COUNTER_MIN = 5_000
const COUNTER_MAX = 25_000

const secrets = (appKey: string) => ({
  hmacSignatureSecret: createHmac('sha256', appKey).update('altcha-signature').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', appKey).update('altcha-key-signature').digest('hex'),
})

export async function newChallenge(appKey: string): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    ...secrets(appKey),
  })
}

interface Payload { challenge: Challenge; solution: Solution }

function decode(raw: string): Payload | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload
    if (!v || typeof v !== 'object' || !v.challenge?.parameters || !v.solution) return null
    return v
  } catch {
    return null
  }
}

/** True when the base64 payload solves a challenge of ours that has not expired and was not used before. */
export async function verifyCaptcha(request: FastifyRequest, raw: string | undefined | null): Promise<boolean> {
  if (!raw || raw.length > 4000) return false
  const payload = decode(raw)
  if (!payload || payload.challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) return false
  let ok = false
  try {
    const result = await verifySolution({
      challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets(request.server.appKey),
    })
    ok = result.verified
  } catch {
    return false
  }
  if (!ok || !payload.challenge.signature) return false
  const expiresAt = new Date(((payload.challenge.parameters.expiresAt as number | undefined) ?? 0) * 1000 + 60_000)
  return claimOnce(request.server.db, `captcha:${payload.challenge.signature}`, expiresAt)
}

/** Throws the 422 `{errors:{captcha:[…]}}` unless CAPTCHA=off or the payload verifies. */
export async function requireCaptcha(request: FastifyRequest, raw: string | undefined | null): Promise<void> {
  if (!request.server.env.CAPTCHA) return
  if (!(await verifyCaptcha(request, raw))) throw fieldError('captcha', AUTH_MESSAGES.captcha)
}
