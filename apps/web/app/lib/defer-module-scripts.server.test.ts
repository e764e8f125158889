import { Readable } from 'node:stream'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { loadedScripts } from '../../../../bench/page-weight-scripts.ts'
import { deferModuleScripts, ModuleScriptDeferrer } from './defer-module-scripts.server'

const NONCE = 'MmquIia9TSo+ifpQgz2Fcw=='
const MODULE_TEXT =
  ';\nimport * as route0 from "/assets/root-p7KHVjYk.js";\nimport * as route1 from "/assets/home-C80RfNJ1.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-CS1eAvpK.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-CS1eAvpK.js");'
const PRELOADS = ['/assets/entry.client-CS1eAvpK.js', '/assets/react-dom-DGvj29kb.js', '/assets/home-C80RfNJ1.js']

/** What React Router 7.18's <Scripts/> and React 19 write (shortened from a real home page). */
const PAGE =
  '<!DOCTYPE html><html lang="pl"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-pl.woff2" crossorigin="anonymous"/>' +
  `<link nonce="${NONCE}" rel="icon" href="/favicon.svg" type="image/svg+xml"/>` +
  PRELOADS.map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`).join('') +
  '<link rel="stylesheet" href="/assets/root-nCyOoU1X.css"/></head><body class="flex">' +
  '<main><h1>Znajdź &lt;script type=&quot;module&quot;&gt; i &lt;link rel=&quot;modulepreload&quot;&gt;</h1></main>' +
  `<script nonce="${NONCE}">((storageKey2, restoreKey) => { if (1 < 2) {} })("positions", null)</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {"basename":"/","note":"<link rel=\\"modulepreload\\">"};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE_TEXT}</script>` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]\\n");</script><!--/$-->` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`

function rewrite(pieces: string[]): string {
  const deferrer = new ModuleScriptDeferrer()
  return pieces.map((p) => deferrer.push(p)).join('') + deferrer.end()
}

/** The loader's arguments, read back from the page (the module text and the modulepreload URLs). */
function loaderArgs(html: string): [string, string[]] {
  const body = /<script nonce="[^"]*">(\(function \(m, h\)[\s\S]*?)<\/script>/.exec(html)![1]!
  return JSON.parse(`[${body.slice(body.lastIndexOf('\n})(') + 4, -1)}]`) as [string, string[]]
}

describe('the module scripts of a page wait for its first paint (decision 036)', () => {
  const out = rewrite([PAGE])

  it('takes out the modulepreload links and the module script, nothing else', () => {
    expect(out).not.toContain('rel="modulepreload"')
    expect(out).not.toContain('type="module"')
    const [moduleText, preloads] = loaderArgs(out)
    expect(moduleText).toBe(MODULE_TEXT)
    expect(preloads).toEqual(PRELOADS)
    // The rest is byte for byte what React wrote: the hydration data and streaming scripts, the text, other links.
    const loader = /<script nonce="[^"]*">\(function \(m, h\)[\s\S]*?<\/script>/.exec(out)![0]
    const moduleScript = `<script nonce="${NONCE}" type="module" async="">${MODULE_TEXT}</script>`
    expect(out.replace(loader, moduleScript)).toBe(PAGE.replace(PRELOADS.map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`).join(''), ''))
  })

  it('the loader carries the nonce and is safe inside a script element', () => {
    expect(out).toContain(`<script nonce="${NONCE}">(function (m, h)`)
    const [, loader] = /<script nonce="[^"]*">(\(function \(m, h\)[\s\S]*?)<\/script>/.exec(out)!
    expect(loader).not.toMatch(/<\/script|<!--/i)
  })

  it('gives the same page however the stream is cut', () => {
    for (let i = 1; i < PAGE.length; i++) expect(rewrite([PAGE.slice(0, i), PAGE.slice(i)])).toBe(out)
    const bytes = [...PAGE]
    expect(rewrite(bytes)).toBe(out)
  })

  it('bench/page-weight and e2e/speed count the same modules in both forms', () => {
    expect(loadedScripts(out).sort()).toEqual(loadedScripts(PAGE).sort())
    expect(loadedScripts(out)).toContain('/assets/root-p7KHVjYk.js')
  })

  it('leaves a module script with src (Vite\'s dev client) and a page without scripts alone', () => {
    const dev = '<head><script type="module" src="/@vite/client"></script></head><body><p>x</p></body>'
    expect(rewrite([dev])).toBe(dev)
  })

  it('streams UTF-8 cut inside a character', async () => {
    const text = Buffer.from(PAGE.replace('Znajdź', 'Znajdź żółć'))
    const cut = text.indexOf(Buffer.from('ż')) + 1
    const chunks: Buffer[] = []
    for await (const c of Readable.from([text.subarray(0, cut), text.subarray(cut)]).pipe(deferModuleScripts())) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(rewrite([PAGE.replace('Znajdź', 'Znajdź żółć')]))
  })

  it('writes non-ASCII text of the module script, the preload URLs and rewriteLink as UTF-8, cut anywhere', async () => {
    const page = PAGE.replace('Znajdź', 'Znajdź żółć').replace('import("/assets/', 'import("/assets/ś-')
      .replace(`href="${PRELOADS[0]}"`, `href="/assets/ł-&amp;.js"`).replace('<link nonce=', '<link rel="alternate" title="Łódź" href="/x"/><link nonce=')
    const rewriteLink = (tag: string) => (tag.includes('stylesheet') ? '<style>p::before{content:"→ ł"}</style>' : tag)
    const expected = (() => {
      const d = new ModuleScriptDeferrer(rewriteLink)
      return d.push(page) + d.end()
    })()
    expect(expected).toContain('<style>p::before{content:"→ ł"}</style>')
    expect(loaderArgs(expected)[0]).toContain('import("/assets/ś-')
    expect(loaderArgs(expected)[1]).toContain('/assets/ł-&.js')
    expect(expected).toContain('<link rel="alternate" title="Łódź" href="/x"/>')
    const bytes = Buffer.from(page)
    for (const cut of [1, bytes.indexOf(Buffer.from('ś')) + 1, bytes.indexOf(Buffer.from('ł')) + 1, bytes.length - 3]) {
      const chunks: Buffer[] = []
      for await (const c of Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(deferModuleScripts(rewriteLink))) chunks.push(c as Buffer)
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected)
    }
  })
})

/** Runs the loader of the rewritten page in a stand-in browser and tells what it added, and when. */
function browser(opts: { hidden?: boolean; entryTypes?: string[]; photo?: boolean }) {
  const added: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = []
  const frames: (() => void)[] = []
  const timers: { fn: () => void; ms: number }[] = []
  const observers: { type: string; cb: (list: { getEntries: () => unknown[] }) => void }[] = []
  const listeners: Record<string, (() => void)[]> = {}
  const img = { complete: false, listeners: {} as Record<string, (() => void)[]>, addEventListener(t: string, f: () => void) { (this.listeners[t] ??= []).push(f) } }
  const document = {
    currentScript: { nonce: NONCE },
    visibilityState: opts.hidden ? 'hidden' : 'visible',
    querySelector: (sel: string) => (opts.photo && sel === 'img[elementtiming="lcp-photo"]' ? img : null),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (el: (typeof added)[number]) => added.push({ ...el }) },
    addEventListener: (t: string, f: () => void) => (listeners[t] ??= []).push(f),
    removeEventListener: (t: string, f: () => void) => { listeners[t] = (listeners[t] ?? []).filter((g) => g !== f) },
  }
  class PerformanceObserver {
    static supportedEntryTypes = opts.entryTypes ?? ['paint', 'element', 'largest-contentful-paint']
    constructor(private cb: (list: { getEntries: () => unknown[] }) => void) {}
    observe({ type }: { type: string }) { observers.push({ type, cb: this.cb }) }
    disconnect() { observers.splice(0, observers.length, ...observers.filter((o) => o.cb !== this.cb)) }
  }
  const [moduleText, preloads] = loaderArgs(rewrite([PAGE]))
  const loader = /<script nonce="[^"]*">(\(function \(m, h\)[\s\S]*?)<\/script>/.exec(rewrite([PAGE]))![1]!
  vm.runInNewContext(loader, {
    document, window: { PerformanceObserver }, requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  })
  return {
    added, moduleText, preloads, img,
    entry: (type: string, entry: unknown) => observers.filter((o) => o.type === type).forEach((o) => o.cb({ getEntries: () => [entry] })),
    frame: () => frames.splice(0).forEach((f) => f()),
    tasks: (max = 0) => timers.splice(0).forEach((t) => (t.ms <= max ? t.fn() : timers.push(t))),
    visibility: () => (listeners['visibilitychange'] ?? []).forEach((f) => f()),
  }
}

describe('the loader', () => {
  it('adds the modulepreload links and the module script (same text, same nonce) after the first contentful paint', () => {
    const b = browser({})
    b.frame()
    b.tasks()
    b.entry('paint', { name: 'first-paint' })
    expect(b.added).toEqual([])
    b.entry('paint', { name: 'first-contentful-paint' })
    expect(b.added.filter((e) => e.rel === 'modulepreload').map((e) => e.href)).toEqual(b.preloads)
    expect(b.added.at(-1)).toEqual({ tag: 'script', type: 'module', nonce: NONCE, textContent: b.moduleText })
    b.entry('paint', { name: 'first-contentful-paint' })
    b.visibility()
    expect(b.added).toHaveLength(b.preloads.length + 1)
  })

  it('on a page with an LCP photo, waits until the photo was painted too', () => {
    const b = browser({ photo: true })
    b.entry('paint', { name: 'first-contentful-paint' })
    b.entry('element', { element: {} })
    expect(b.added).toEqual([])
    b.entry('element', { element: b.img })
    expect(b.added).toHaveLength(b.preloads.length + 1)
  })

  it('without Element Timing, waits for the photo to load and a frame; a photo that fails does not hold the page', () => {
    const b = browser({ photo: true, entryTypes: ['paint'] })
    b.entry('paint', { name: 'first-contentful-paint' })
    expect(b.added).toEqual([])
    b.img.listeners['load']!.forEach((f) => f())
    b.frame()
    expect(b.added).toEqual([])
    b.tasks()
    expect(b.added).toHaveLength(b.preloads.length + 1)
    const failed = browser({ photo: true })
    failed.entry('paint', { name: 'first-contentful-paint' })
    failed.img.listeners['error']!.forEach((f) => f())
    expect(failed.added).toHaveLength(failed.preloads.length + 1)
  })

  it('without paint timing, loads after a frame and a task', () => {
    const b = browser({ entryTypes: [] })
    expect(b.added).toEqual([])
    b.frame()
    b.tasks()
    expect(b.added).toHaveLength(b.preloads.length + 1)
  })

  it('loads at once in a hidden page, when the page is hidden, and after 3 s in any case', () => {
    expect(browser({ hidden: true }).added).toHaveLength(PRELOADS.length + 1)
    const hiddenLater = browser({})
    hiddenLater.visibility()
    expect(hiddenLater.added).toHaveLength(PRELOADS.length + 1)
    const late = browser({})
    late.tasks(2999)
    expect(late.added).toEqual([])
    late.tasks(3000)
    expect(late.added).toHaveLength(PRELOADS.length + 1)
  })
})
