import { afterEach, describe, expect, it, vi } from 'vitest'
import { offlineInBrowser } from './hydrate-later'

describe('offlineInBrowser (hydrateLater waits for the network only there)', () => {
  afterEach(() => { vi.unstubAllGlobals() })

  it('is false under Node, whose navigator has no onLine', () => {
    expect(typeof navigator).toBe('object')
    expect(offlineInBrowser()).toBe(false)
  })

  it('is true in a browser that is offline, false when it is online', () => {
    vi.stubGlobal('window', {})
    vi.stubGlobal('navigator', { onLine: false })
    expect(offlineInBrowser()).toBe(true)
    vi.stubGlobal('navigator', { onLine: true })
    expect(offlineInBrowser()).toBe(false)
  })
})
