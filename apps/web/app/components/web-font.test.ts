import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { fontLoaderScript } from './web-font'

const HREF = '/assets/fonts-BfR5dn48.css'
const FONTS = ['/assets/inter-latin-wght-400-800-08txwzyy.woff2', '/assets/inter-pl-wght-400-800-DnPaOUBy.woff2']

/** Runs the loader with a stand-in document; `paint()` reports a paint entry. */
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
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (l: (typeof appended)[number]) => appended.push(l) },
    },
    window: { PerformanceObserver },
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    setTimeout: (f: () => void) => timers.push(f),
  }
  vm.runInNewContext(fontLoaderScript(HREF, FONTS), context)
  const paint = (name: string) => observers.forEach((cb) => cb({ getEntries: () => [{ name }] }, { disconnect() {} }))
  return { appended, paint, storage, timers }
}

describe('the web font: no bytes before the first paint, no swap on the first page (decision 041)', () => {
  it('a first page only prefetches fonts.css and the fonts after its first contentful paint, then sets the flag', () => {
    const r = run(null)
    expect(r.appended).toEqual([])
    r.paint('first-paint')
    expect(r.appended).toEqual([])
    r.paint('first-contentful-paint')
    expect(r.appended.map((l) => [l.rel, l.href])).toEqual([['prefetch', HREF], ['prefetch', FONTS[0]], ['prefetch', FONTS[1]]])
    r.appended[0]!.onload!()
    r.appended[1]!.onload!()
    expect(r.storage.has('portal-fonts')).toBe(false)
    r.appended[2]!.onload!()
    expect(r.storage.get('portal-fonts')).toBe(HREF)
    r.timers.forEach((f) => f())
    expect(r.appended).toHaveLength(3)
  })

  it('a page after one that fetched this very file applies it at once; a stale flag waits like a first page', () => {
    expect(run(HREF).appended.map((l) => [l.rel, l.href])).toEqual([['stylesheet', HREF]])
    const old = run('/assets/fonts-0ld.css')
    expect(old.appended).toHaveLength(0)
    old.timers.forEach((f) => f())
    expect(old.appended.map((l) => l.rel)).toEqual(['prefetch', 'prefetch', 'prefetch'])
  })
})
