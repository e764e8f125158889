import { afterEach, describe, expect, it } from 'vitest'
import { publicOrigin } from './offer-origin.server'

describe('publicOrigin', () => {
  const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PORT: process.env.PORT }
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })

  it('is PUBLIC_URL when set (no trailing slash or path)', () => {
    process.env.PUBLIC_URL = 'https://dazu.pl/'
    expect(publicOrigin(new Request('http://evil.example/ogloszenia/x'))).toBe('https://dazu.pl')
  })

  it('without PUBLIC_URL never takes the Host of the request', () => {
    delete process.env.PUBLIC_URL
    process.env.PORT = '3112'
    const forged = new Request('http://evil.example/sitemap.xml', { headers: { host: 'evil.example' } })
    expect(publicOrigin(forged)).toBe('http://localhost:3112')
  })
})
