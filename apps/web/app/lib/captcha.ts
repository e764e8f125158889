// Self-hosted proof-of-work captcha (ALTCHA v2): ask the API for a challenge, solve it here in the browser with
// altcha-lib (loaded only when the captcha is on), send the encoded solution with the form. No third-party script.
import { encodeCaptchaPayload, type CaptchaChallengeResponse } from '@portal/contracts/captcha'
import { api } from './api'

/** The `captcha` field for a form, or undefined when the server has the captcha switched off. */
export async function solveCaptcha(signal?: AbortSignal): Promise<string | undefined> {
  const res = await api.get<CaptchaChallengeResponse>('/api/captcha/challenge', { silent: true, signal })
  if (!res || !res.enabled) return undefined
  const [{ solveChallenge }, algorithm] = await Promise.all([import('altcha-lib'), loadAlgorithm(res.challenge.parameters.algorithm)])
  const controller = new AbortController()
  signal?.addEventListener('abort', () => controller.abort(), { once: true })
  const solution = await solveChallenge({
    challenge: res.challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey: algorithm.deriveKey,
    controller,
    timeout: 60_000,
  })
  if (!solution) throw new Error('captcha not solved')
  return encodeCaptchaPayload(res.challenge, solution)
}

function loadAlgorithm(name: string) {
  return /^PBKDF2/i.test(name) ? import('altcha-lib/algorithms/web/pbkdf2') : import('altcha-lib/algorithms/web/sha')
}
