import { describe, expect, it } from 'vitest'
import { randomToken } from './random-token.ts'

describe('randomToken', () => {
  it('hands out base64url text of the asked length, never the same bytes twice across refills of the pool', () => {
    const seen = new Set<string>()
    // 1,000 × 32 bytes: eight refills of the 4 KB pool, and sizes that do not divide it.
    for (let i = 0; i < 1000; i++) seen.add(randomToken(32))
    for (let i = 0; i < 300; i++) seen.add(randomToken(16))
    expect(seen.size).toBe(1300)
    for (const t of [randomToken(32), randomToken(16)]) expect(t).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(randomToken(32)).toHaveLength(43)
    expect(randomToken(16)).toHaveLength(22)
    // Not a fixed pattern: the characters of many tokens cover the alphabet.
    const chars = new Set([...Array.from({ length: 200 }, () => randomToken(32)).join('')])
    expect(chars.size).toBeGreaterThan(60)
  })
})
