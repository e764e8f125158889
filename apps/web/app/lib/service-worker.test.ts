import { describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from './service-worker'

const fakeWindow = (navigator: object) => ({ navigator, document: { readyState: 'complete' }, addEventListener: vi.fn() }) as unknown as Window

describe('registerServiceWorker', () => {
  it('registers /sw.js with scope / once the page has loaded', () => {
    const register = vi.fn(() => Promise.resolve())
    registerServiceWorker(fakeWindow({ serviceWorker: { register } }))
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('without service worker support the error is thrown and swallowed (§8); a failed registration too', async () => {
    expect(() => registerServiceWorker(fakeWindow({}))).not.toThrow()
    const register = vi.fn(() => Promise.reject(new Error('SecurityError')))
    expect(() => registerServiceWorker(fakeWindow({ serviceWorker: { register } }))).not.toThrow()
    await Promise.resolve()
  })
})
