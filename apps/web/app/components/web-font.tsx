// Decision 041: the first paint needs no font bytes, and the first page of a visit does not swap its font.
//
// fonts.css holds the @font-face rules of 'Inter PL' (41 KB of woff2) and fontsource's 'Inter Variable'. Linked or
// preloaded from the head, the fonts were requested beside the HTML and the CSS: on a slow phone they shared its
// bandwidth with them and the LCP photo, and Lighthouse's simulation counts them on the LCP's path. Added after the
// first paint instead, the swap re-lays out the whole page while it hydrates (+0.3–0.6 s of simulated main-thread
// time on /szukaj, measured). So this inline script
//   - applies fonts.css at once where a previous page already fetched it (a `localStorage` flag naming the hashed
//     file: it and its fonts are in the HTTP cache, the text starts in Inter);
//   - otherwise leaves the page in 'Inter Fallback' (Arial sized to Inter's metrics) and, once the browser reported
//     the first contentful paint (or 3 s after it ran), only fetches fonts.css and the two Inter files into the HTTP
//     cache (`rel=prefetch`, idle priority) and sets the flag when all three arrived;
// and the component applies fonts.css on the first client-side navigation, where the new page's render hides the
// change. Without JavaScript the <noscript> link loads it.
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import fontsCss from '../fonts.css?url'
import interLatin from '../fonts/inter-latin-wght-400-800.woff2?url'
import interPolish from '../fonts/inter-pl-wght-400-800.woff2?url'

/**
 * The loader's text (written compact: it is part of the first-paint JS as well): `h` is fonts.css's URL (hashed: the
 * flag names the very file), `w` the font files. `a` adds a link, `p` prefetches the three files and sets the flag
 * once all arrived.
 */
export function fontLoaderScript(href: string, fonts: string[]): string {
  return (
    `(function(h,w){var d=document,k='portal-fonts',f=0,P=window.PerformanceObserver;` +
    `function a(r,u,o){var l=d.createElement('link');l.rel=r;l.href=u;l.onload=o;d.head.appendChild(l)}` +
    `function p(){if(f)return;f=1;var n=0,x=[h].concat(w);x.forEach(function(u){a('prefetch',u,function(){if(++n==x.length)try{localStorage.setItem(k,h)}catch(e){}})})}` +
    `try{if(localStorage.getItem(k)==h)return a('stylesheet',h)}catch(e){}` +
    `setTimeout(p,3e3);if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){` +
    `if(l.getEntries().some(function(e){return e.name=='first-contentful-paint'})){o.disconnect();p()}}).observe({type:'paint',buffered:true})` +
    `})(${JSON.stringify(href)},${JSON.stringify(fonts)})`
  )
}

// The text only on the server: the browser runs it from the HTML, hydration keeps the element as it is (React does not
// compare an inline script's innerHTML in production), so the client bundle need not carry it.
const script = import.meta.env.SSR ? fontLoaderScript(fontsCss, [interLatin, interPolish]) : ''

/** Adds fonts.css to the document unless it is there. */
export function applyWebFont(doc: Document = document) {
  if (doc.querySelector(`link[rel="stylesheet"][href="${fontsCss}"]`)) return
  const l = doc.createElement('link')
  l.rel = 'stylesheet'
  l.href = fontsCss
  doc.head.appendChild(l)
}

/** In <head>: the loader, and the plain link for a browser without JavaScript. */
export function WebFont({ nonce }: { nonce?: string }) {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) first.current = false
    else applyWebFont()
  }, [pathname])
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />
      <noscript>
        {/* media: the HTML rewriter inlines plain stylesheet links (lib/inline-css.server.ts); this one stays a link. */}
        <link rel="stylesheet" href={fontsCss} media="all" />
      </noscript>
    </>
  )
}
