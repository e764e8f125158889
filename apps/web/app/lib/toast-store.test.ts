import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastStore } from './toast-store'

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('uses the spec durations: 4000 ms by default, 5000 ms for errors', () => {
    const store = createToastStore()
    store.show({ type: 'info', message: 'a' })
    store.show({ type: 'error', message: 'b' })
    expect(store.getSnapshot().map((t) => t.duration)).toEqual([4000, 5000])
    vi.advanceTimersByTime(4000)
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['b'])
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toEqual([])
  })

  it('counts a toast\'s time from when it is drawn, and still closes one never drawn', () => {
    const store = createToastStore()
    const late = store.show({ type: 'error', message: 'drawn late' })
    store.show({ type: 'info', message: 'never drawn' })
    vi.advanceTimersByTime(300)
    store.shown(late)
    vi.advanceTimersByTime(4700)
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['drawn late'])
    vi.advanceTimersByTime(299)
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['drawn late'])
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toEqual([])
    store.shown(late)
    vi.advanceTimersByTime(10_000)
    expect(store.getSnapshot()).toEqual([])
  })

  it('closes by hand and notifies subscribers', () => {
    const store = createToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const id = store.show({ type: 'success', message: 'ok', duration: 3000 })
    store.dismiss(id)
    expect(store.getSnapshot()).toEqual([])
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('shows a repeated message once', () => {
    const store = createToastStore()
    store.show({ type: 'error', message: 'x' })
    store.show({ type: 'error', message: 'x' })
    expect(store.getSnapshot()).toHaveLength(1)
  })
})
