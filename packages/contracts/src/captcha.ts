/**
 * Self-hosted proof-of-work captcha (ALTCHA v2, altcha-lib). `GET /api/captcha/challenge` returns
 * `{enabled: true, challenge}` or `{enabled: false}`; the client solves `challenge` with altcha-lib's
 * `solveChallenge` (algorithm in `challenge.parameters.algorithm`, e.g. 'SHA-256' → `altcha-lib/algorithms/web/sha`
 * in a browser) and sends `captcha: encodeCaptchaPayload(challenge, solution)` with the form.
 */
export interface CaptchaChallenge {
  parameters: Record<string, unknown> & { algorithm: string; nonce: string; salt: string; keyPrefix: string }
  signature?: string
}
export interface CaptchaSolution { counter: number; derivedKey: string; time?: number }
export type CaptchaChallengeResponse = { enabled: true; challenge: CaptchaChallenge } | { enabled: false }

/** base64(JSON.stringify({challenge, solution})): the payload format of the ALTCHA v2 widget. */
export function encodeCaptchaPayload(challenge: CaptchaChallenge, solution: CaptchaSolution): string {
  const json = JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })
  // JSON of a challenge is ASCII (hex strings and numbers), so btoa is safe in browsers and Node alike.
  return btoa(json)
}

export const CAPTCHA_MESSAGE = 'Potwierdź, że nie jesteś robotem'
