import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_KEY, reloadOnce, shouldReloadAfterChunkError } from './chunk-reload'

/** Just what reloadOnce touches: the network state, sessionStorage and location.reload. */
function fakeWindow(onLine: boolean) {
  const stored = new Map<string, string>()
  let reloads = 0
  const win = {
    navigator: { onLine },
    sessionStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
    location: { reload: () => void reloads++ },
  } as unknown as Window
  return { win, stored, reloads: () => reloads }
}

describe('chunk reload guard', () => {
  it('reloads the first time and then at most once per 60 s', () => {
    expect(shouldReloadAfterChunkError(null, 1_000_000)).toBe(true)
    expect(shouldReloadAfterChunkError(1_000_000, 1_030_000)).toBe(false)
    expect(shouldReloadAfterChunkError(1_000_000, 1_060_000)).toBe(true)
  })

  it('reloads once online, never offline (the reload would end on the offline page)', () => {
    const online = fakeWindow(true)
    expect(reloadOnce(online.win)).toBe(true)
    expect(reloadOnce(online.win)).toBe(false)
    expect(online.reloads()).toBe(1)
    const offline = fakeWindow(false)
    expect(reloadOnce(offline.win)).toBe(false)
    expect(offline.reloads()).toBe(0)
    // Not counted as a reload either: the first failure once online still reloads.
    expect(offline.stored.has(CHUNK_RELOAD_KEY)).toBe(false)
  })
})
