import { describe, expect, it } from 'vitest'
import { ModuleScriptDeferrer } from './defer-module-scripts.server'
import { inlineStylesheet, type CssReader } from './inline-css.server'

const CSS = '@font-face{font-family:Inter Fallback;src:local(Arial)}.flex{display:flex}.bg{background:url(/assets/x.webp)}'
const read: CssReader = (href) => (href === '/assets/root-nCyOoU1X.css' ? CSS : null)
const LINK = '<link nonce="abc" rel="stylesheet" href="/assets/root-nCyOoU1X.css#"/>'

describe('a page carries its stylesheet in its HTML (decision 041)', () => {
  it('writes the file into a <style> and keeps the link, disabled, for React to hydrate', () => {
    expect(inlineStylesheet(LINK, read)).toBe(
      `<style data-href="/assets/root-nCyOoU1X.css">${CSS}</style><link nonce="abc" rel="stylesheet" href="/assets/root-nCyOoU1X.css#" disabled=""/>` +
        // Vite's preload helper looks the file up under its plain href before a lazy chunk that lists it.
        '<link rel="stylesheet" href="/assets/root-nCyOoU1X.css" disabled=""/>',
    )
    expect(inlineStylesheet('<link rel="stylesheet" href="/assets/root-nCyOoU1X.css"/>', read)).toBe(
      `<style data-href="/assets/root-nCyOoU1X.css">${CSS}</style><link rel="stylesheet" href="/assets/root-nCyOoU1X.css" disabled=""/>`,
    )
  })

  it('leaves other links, unknown files, media-bound or already disabled stylesheets alone', () => {
    for (const tag of [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
      '<link rel="preload" href="/assets/root-nCyOoU1X.css" as="style"/>',
      '<link rel="stylesheet" href="/assets/other-1234.css"/>',
      '<link rel="stylesheet" href="https://cdn.example.com/assets/root-nCyOoU1X.css"/>',
      '<link rel="stylesheet" href="/assets/root-nCyOoU1X.css" media="print"/>',
      '<link rel="stylesheet" href="/assets/root-nCyOoU1X.css" disabled=""/>',
    ]) expect(inlineStylesheet(tag, read)).toBe(tag)
  })

  it('is applied by the streaming rewriter to the head, however the stream is cut', () => {
    const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${LINK}</head><body><p>tekst &lt;link&gt;</p></body></html>`
    const whole = (() => {
      const d = new ModuleScriptDeferrer((tag) => inlineStylesheet(tag, read))
      return d.push(page) + d.end()
    })()
    expect(whole).toContain(`<style data-href="/assets/root-nCyOoU1X.css">${CSS}</style>`)
    expect(whole).not.toMatch(/<link[^>]*stylesheet(?![^>]*disabled)/)
    for (let cut = 1; cut < page.length; cut += 7) {
      const d = new ModuleScriptDeferrer((tag) => inlineStylesheet(tag, read))
      expect(d.push(page.slice(0, cut)) + d.push(page.slice(cut)) + d.end()).toBe(whole)
    }
  })
})
