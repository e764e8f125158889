// Decision 041: a page's own stylesheets are written into its HTML.
//
// The first paint needs the CSS (Tailwind's one file, ~12 KB brotli). As a `<link rel="stylesheet">` it is one more
// request after the HTML (on a phone a new connection and a round trip before anything shows); written into the HTML
// it comes with the first response. The link itself stays, `disabled` (a browser does not fetch a disabled
// stylesheet), so React still finds the element <Links/> rendered when it hydrates the head.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** `<link … rel="stylesheet" … href="/assets/x.css[#]" …>`, the form React Router's <Links/> writes. */
const STYLESHEET = /^<link(?=[^>]*\srel="stylesheet")(?=[^>]*\shref="(\/assets\/[\w.-]+\.css)#?")(?![^>]*\s(?:media|disabled)=)[^>]*>$/
/** Larger files stay links (the HTML is never cached by the browser, a file is). */
export const INLINE_CSS_MAX = 120_000

/** The text of a built stylesheet, or null where it cannot be inlined. */
export type CssReader = (href: string) => string | null

const cache = new Map<string, string | null>()

/** Reads `/assets/…` from the client build beside the server build (build/server/index.js → build/client). */
export const readBuiltCss: CssReader = (href) => {
  if (cache.has(href)) return cache.get(href)!
  let css: string | null = null
  try {
    const text = readFileSync(fileURLToPath(new URL(`../client${href}`, import.meta.url)), 'utf8')
    // The text goes into a <style> element: it must not close it. Relative url()s would resolve against the page.
    if (text.length <= INLINE_CSS_MAX && !/<\/style/i.test(text) && !/url\(\s*['"]?(?![a-z]+:|\/)/i.test(text)) css = text
  } catch {
    css = null
  }
  cache.set(href, css)
  return css
}

/**
 * The link tag rewritten: `<style>` with the file's text, then the link, disabled; other tags unchanged.
 * React Router writes the href with a `#` at its end; Vite's preload helper, before a lazy chunk that lists the CSS
 * among its dependencies runs, looks for `link[href="/assets/x.css"][rel="stylesheet"]` and adds (and waits for) that
 * link when none matches: a second disabled link under the plain href saves that request.
 */
export function inlineStylesheet(tag: string, read: CssReader = readBuiltCss): string {
  const m = STYLESHEET.exec(tag)
  if (!m) return tag
  const href = m[1]!
  const css = read(href)
  if (css === null) return tag
  const plain = tag.includes(`href="${href}#"`) ? `<link rel="stylesheet" href="${href}" disabled=""/>` : ''
  return `<style data-href="${href}">${css}</style>${tag.replace(/\s*\/?>$/, ' disabled=""/>')}${plain}`
}
