import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/helpers.ts'
import { INTERNAL_HEADER, INTERNAL_TOKEN, nonce } from './security.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => { t = await createTestApp() }, 120_000)
afterAll(async () => { await t.close() })

const scriptSrc = (csp: unknown) => String(csp).split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? ''

describe('security headers (helmet built once)', () => {
  it('every outside response carries the full set, with its own nonce in script-src', async () => {
    const [a, b] = [await t.app.inject('/api/health'), await t.app.inject('/api/health')]
    for (const res of [a, b]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(res.headers['permissions-policy']).toContain('camera=()')
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
      expect(scriptSrc(res.headers['content-security-policy'])).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/)
    }
    expect(scriptSrc(a.headers['content-security-policy'])).not.toBe(scriptSrc(b.headers['content-security-policy']))
  })

  it('the SSR loaders\' in-process calls get none of them (their answers never reach a browser)', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { [INTERNAL_HEADER]: INTERNAL_TOKEN } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toBeUndefined()
    expect(res.headers['x-content-type-options']).toBeUndefined()
    // A wrong token is an outside request like any other.
    const forged = await t.app.inject({ url: '/api/health', headers: { [INTERNAL_HEADER]: 'x'.repeat(48) } })
    expect(forged.headers['content-security-policy']).toBeDefined()
  })

  it('nonces from the pool are 16 bytes each and do not repeat across refills', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => nonce()))
    expect(seen.size).toBe(1000)
    for (const n of seen) expect(Buffer.from(n, 'base64')).toHaveLength(16)
  })
})
