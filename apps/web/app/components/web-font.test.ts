import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { fontLoaderScript } from './web-font'

const HREF = '/assets/fonts-BfR5dn48.css'

/** Runs the loader with a stand-in document; `paint()` reports the first contentful paint. */
function run(stored: string | null) {
  const appended: { rel: string; href: string; onload?: () => void }[] = []
  const observers: ((list: { getEntries: () => { name: string }[] }, o: { disconnect: () => void }) => void)[] = []
  const storage = new Map<string, string>(stored === null ? [] : [['portal-fonts', stored]])
  const timers: (() => void)[] = []
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'element']
    constructor(private cb: (typeof observers)[number]) {}
    observe() { observers.push(this.cb) }
  }
  const context = {
    document: {
      visibilityState: 'visible',
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (l: (typeof appended)[number]) => appended.push(l) },
    },
    window: { PerformanceObserver },
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    setTimeout: (f: () => void) => timers.push(f),
  }
  vm.runInNewContext(fontLoaderScript(HREF), context)
  const paint = (name: string) => observers.forEach((cb) => cb({ getEntries: () => [{ name }] }, { disconnect() {} }))
  return { appended, paint, storage, timers }
}

describe('the web font comes after the first paint (decision 041)', () => {
  it('adds fonts.css only once the first contentful paint was reported, then remembers it', () => {
    const r = run(null)
    expect(r.appended).toEqual([])
    r.paint('first-paint')
    expect(r.appended).toEqual([])
    r.paint('first-contentful-paint')
    expect(r.appended.map((l) => [l.rel, l.href])).toEqual([['stylesheet', HREF]])
    r.appended[0]!.onload!()
    expect(r.storage.get('portal-fonts')).toBe(HREF)
    r.timers.forEach((f) => f())
    expect(r.appended).toHaveLength(1)
  })

  it('adds it at once where a previous page loaded this very file, and after 3 s in any case', () => {
    expect(run(HREF).appended).toHaveLength(1)
    const old = run('/assets/fonts-0ld.css')
    expect(old.appended).toHaveLength(0)
    old.timers.forEach((f) => f())
    expect(old.appended).toHaveLength(1)
  })
})
