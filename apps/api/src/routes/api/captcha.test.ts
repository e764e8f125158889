import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { encodeCaptchaPayload, type CaptchaChallengeResponse } from '@portal/contracts/captcha'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { createTestApp, startSession } from '../../test/helpers.ts'
import { createUser, send } from './auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const CAPTCHA_ERROR = { message: AUTH_MESSAGES.captcha, errors: { captcha: ['Potwierdź, że nie jesteś robotem'] } }

/** What the browser does: fetch a challenge, solve it with altcha-lib, encode {challenge, solution}. */
async function solve(t: T): Promise<string> {
  const res = await t.app.inject('/api/captcha/challenge')
  const body = res.json() as CaptchaChallengeResponse
  if (!body.enabled) throw new Error('captcha off')
  const solution = await solveChallenge({ challenge: body.challenge as never, deriveKey })
  return encodeCaptchaPayload(body.challenge, solution!)
}

const registration = (email: string, captcha?: string) => ({
  type: 'user', name: 'Robot Nie', email, phone: '', password: 'Haslo123', password_confirmation: 'Haslo123',
  ...(captcha === undefined ? {} : { captcha }),
})

describe('captcha (ALTCHA proof of work)', () => {
  let on: T
  let off: T
  beforeAll(async () => {
    on = await createTestApp({ CAPTCHA: 'on' })
    off = await createTestApp({ CAPTCHA: 'off' })
  })
  afterAll(async () => { await on.close(); await off.close() })

  it('GET /api/captcha/challenge: a signed challenge, or enabled:false when off', async () => {
    const res = await on.app.inject('/api/captcha/challenge')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    expect(body.enabled).toBe(true)
    expect(body.challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 })
    expect(body.challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect((await off.app.inject('/api/captcha/challenge')).json()).toEqual({ enabled: false })
  })

  it('register, remind-password, resend-email and phone need a solved captcha when on; a payload works once', async () => {
    const g = await startSession(on.app)
    const missing = await send(on.app, g, 'POST', '/api/auth/register', registration('bot@example.com'))
    expect(missing.statusCode).toBe(422)
    expect(missing.json()).toEqual(CAPTCHA_ERROR)
    const garbage = await send(on.app, g, 'POST', '/api/auth/register', registration('bot@example.com', 'bm90IGpzb24='))
    expect(garbage.json()).toEqual(CAPTCHA_ERROR)

    const payload = await solve(on)
    // A tampered solution fails.
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString())
    decoded.solution.derivedKey = decoded.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'))
    const tampered = await send(on.app, g, 'POST', '/api/auth/register',
      registration('bot@example.com', Buffer.from(JSON.stringify(decoded)).toString('base64')))
    expect(tampered.json()).toEqual(CAPTCHA_ERROR)

    const ok = await send(on.app, g, 'POST', '/api/auth/register', registration('human@example.com', payload))
    expect(ok.statusCode).toBe(204)
    // Replay of the same solved challenge.
    const replay = await send(on.app, g, 'POST', '/api/auth/register', registration('human2@example.com', payload))
    expect(replay.statusCode).toBe(422)
    expect(replay.json()).toEqual(CAPTCHA_ERROR)

    for (const url of ['/api/auth/remind-password', '/api/auth/resend-email']) {
      expect((await send(on.app, g, 'POST', url, { email: 'human@example.com' })).json()).toEqual(CAPTCHA_ERROR)
      expect((await send(on.app, g, 'POST', url, { email: 'human@example.com', captcha: await solve(on) })).statusCode).toBe(204)
    }
    const u = await createUser(on.db, { email: 'tel@example.com', phone: '500 600 700' })
    expect((await send(on.app, g, 'POST', `/api/user/${u.id}/phone`, {})).json()).toEqual(CAPTCHA_ERROR)
    const ph = await send(on.app, g, 'POST', `/api/user/${u.id}/phone`, { captcha: await solve(on) })
    expect(ph.json()).toEqual({ phone: '500 600 700' })
  })

  it('a challenge signed by another key (another installation) is refused', async () => {
    // Solved for this installation, sent to one with a different APP_KEY.
    const foreign = await solve(on)
    const other = await createTestApp({ CAPTCHA: 'on', APP_KEY: 'x'.repeat(40) })
    try {
      const g = await startSession(other.app)
      const res = await send(other.app, g, 'POST', '/api/auth/register', registration('foreign@example.com', foreign))
      expect(res.json()).toEqual(CAPTCHA_ERROR)
    } finally {
      await other.close()
    }
  })

  it('without CAPTCHA the forms work with no captcha field; APP_KEY is generated once under DATA_DIR', async () => {
    const g = await startSession(off.app)
    expect((await send(off.app, g, 'POST', '/api/auth/register', registration('off@example.com'))).statusCode).toBe(204)
    const key = readFileSync(path.join(on.app.env.DATA_DIR, 'app-key'), 'utf8').trim()
    expect(key.length).toBeGreaterThanOrEqual(60)
    expect(on.app.appKey).toBe(key)
  })
})
