// Decision 041: the web font comes after the first paint.
//
// fonts.css holds the @font-face rules of 'Inter PL' (41 KB of woff2) and fontsource's 'Inter Variable'. Linked from
// the head, the fonts were requested (or preloaded) beside the HTML and the CSS, and on a slow phone they shared its
// bandwidth with them and the LCP photo; Lighthouse's simulation counts them on the LCP's path. This inline script
// adds the stylesheet once the browser reported the first contentful paint (the text shows in 'Inter Fallback',
// Arial sized to Inter's metrics, and swaps without a shift), at once where a previous page already loaded it (the
// file and its fonts are then in the HTTP cache: no swap to see), at once in a hidden page, and 3 s after it ran in
// any case. Without JavaScript the <noscript> link loads it.
import fontsCss from '../fonts.css?url'

/** The loader's text; `h` is fonts.css's URL (a hashed asset: the cache flag names the very file). */
export function fontLoaderScript(href: string): string {
  return `(function (h) {
  var d = document, k = 'portal-fonts', f = 0, P = window.PerformanceObserver
  function go() {
    if (f) return
    f = 1
    var l = d.createElement('link')
    l.rel = 'stylesheet'
    l.href = h
    l.onload = function () { try { localStorage.setItem(k, h) } catch (e) {} }
    d.head.appendChild(l)
  }
  try { if (localStorage.getItem(k) === h) return go() } catch (e) {}
  if (d.visibilityState !== 'visible' || !P || (P.supportedEntryTypes || []).indexOf('paint') < 0) return go()
  setTimeout(go, 3000)
  new P(function (list, o) {
    if (list.getEntries().some(function (e) { return e.name === 'first-contentful-paint' })) {
      o.disconnect()
      go()
    }
  }).observe({ type: 'paint', buffered: true })
})(${JSON.stringify(href)})`.replace(/\n\s*/g, '\n')
}

const script = fontLoaderScript(fontsCss)

/** In <head>: the loader, and the plain link for a browser without JavaScript. */
export function WebFont({ nonce }: { nonce?: string }) {
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
      <noscript>
        <link rel="stylesheet" href={fontsCss} />
      </noscript>
    </>
  )
}
