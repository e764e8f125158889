// Decision 036: a page requests its JavaScript only after its first paint.
//
// React Router's <Scripts/> writes a `<link rel="modulepreload">` per module of the page (React hoists them into
// <head>) and one inline `<script type="module">` that imports the route modules and the client entry. A browser
// fetches all of them while it parses the head, beside the CSS, fonts and the LCP photo; Lighthouse's simulation
// (Lantern) counts every module that finished downloading before the observed paint as on the LCP's path
// (decision 034). This rewrites the document as it streams out:
//   - the modulepreload links are taken out and their URLs remembered;
//   - the inline module script becomes a classic inline script (same place, same nonce, so React still hydrates it
//     as <Scripts/>'s element) that waits for the first paint (a frame, then a task), then adds the modulepreload
//     links and a module script with the original text and the same nonce. A hidden page (a background tab, where
//     frames do not run) loads at once.
// Everything else (the `window.__reactRouterContext` scripts, React's streaming scripts) passes through unchanged.
import { Transform } from 'node:stream'
// JSON that is safe inside an inline <script> (the escaping the page's JSON-LD uses).
import { jsonLdString as scriptJson } from './offer-text'

const PRELOAD = /^<link rel="modulepreload" href="([^"]*)"[^>]*>$/
const MODULE_TYPE = /\stype="module"/
const SRC = /\ssrc=/
const NONCE = /\snonce="([^"]*)"/
const TAG = /<(?:link|script)/g

/**
 * The loader, called with the module script's text and the modulepreload URLs where <Scripts/> put the module script.
 * It loads them once
 *   - the browser reported the first contentful paint (a `paint` entry: its time is when the frame was shown, which
 *     on a busy phone is well after the frame's main-thread work), and
 *   - the page's LCP photo, an `<img elementtiming="lcp-photo">` (the listing gallery's first photo), was painted
 *     (an `element` entry; where Element Timing is missing, its load or error and a frame);
 * where PerformanceObserver lacks `paint`, after a frame and a task; at once in a hidden page (frames do not run in a
 * background tab) or when it is hidden; and in any case 3 s after it ran.
 * `document.currentScript.nonce` is this response's nonce (browsers hide the attribute, not the property).
 */
export const LOADER = `(function (m, h) {
  var d = document, c = d.currentScript, n = c.nonce, f = 0
  var P = window.PerformanceObserver, t = (P && P.supportedEntryTypes) || []
  var img = d.querySelector('img[elementtiming="lcp-photo"]')
  function go() {
    if (f) return
    f = 1
    d.removeEventListener('visibilitychange', go)
    h.forEach(function (u) {
      var l = d.createElement('link')
      l.rel = 'modulepreload'
      l.href = u
      d.head.appendChild(l)
    })
    var s = d.createElement('script')
    s.type = 'module'
    s.nonce = n
    s.textContent = m
    d.head.appendChild(s)
  }
  function frame(next) {
    requestAnimationFrame(function () { setTimeout(next, 0) })
  }
  function seen(type, ok, next) {
    if (t.indexOf(type) < 0) return frame(next)
    var o = new P(function (list) {
      if (list.getEntries().some(ok)) {
        o.disconnect()
        next()
      }
    })
    o.observe({ type: type, buffered: true })
  }
  function photo() {
    if (!img) return go()
    img.addEventListener('error', go)
    if (t.indexOf('element') >= 0) return seen('element', function (e) { return e.element === img }, go)
    if (img.complete) return frame(go)
    img.addEventListener('load', function () { frame(go) })
  }
  if (d.visibilityState !== 'visible') return go()
  d.addEventListener('visibilitychange', go)
  setTimeout(go, 3000)
  seen('paint', function (e) { return e.name === 'first-contentful-paint' }, photo)
})`.replace(/\n\s*/g, '\n')

/** The classic script that stands in for <Scripts/>'s module script. */
export function deferredModuleScript(moduleText: string, preloads: string[], nonce: string | undefined): string {
  const attr = nonce === undefined ? '' : ` nonce="${nonce}"`
  return `<script${attr}>${LOADER}(${scriptJson(moduleText)},${scriptJson(preloads)})</script>`
}

function decodeAttr(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
}

/**
 * A streaming rewriter of the HTML text: `push` takes the next piece and returns what can be written so far (a tag
 * cut between two pieces waits for the rest), `end` returns the remainder.
 */
export class ModuleScriptDeferrer {
  /** `rewriteLink`: what to write for any other `<link>` tag (decision 041 inlines the stylesheets). */
  /**
   * `encoding`: the text is UTF-8 bytes one character per byte (deferModuleScripts): the module text and the preload
   * URLs are decoded before they are written into the loader, the loader encoded again.
   */
  constructor(
    private readonly rewriteLink: (tag: string) => string = (tag) => tag,
    private readonly encoding: { asBytes: (text: string) => string; asText: (bytes: string) => string } = { asBytes: (t) => t, asText: (t) => t },
  ) {}

  private pending = ''
  private preloads: string[] = []
  /** Inside a classic script's text (skipped unread: it is JavaScript, not markup). */
  private inScript = false
  /** Once the module script was rewritten, later modulepreload links (none expected) pass through. */
  private done = false

  push(text: string): string {
    return this.run(text, false)
  }

  end(): string {
    return this.run('', true)
  }

  private run(text: string, final: boolean): string {
    const buf = this.pending + text
    this.pending = ''
    let out = ''
    let pos = 0
    const hold = (from: number) => {
      if (final) out += buf.slice(from)
      else this.pending = buf.slice(from)
      return out
    }
    for (;;) {
      if (this.inScript) {
        const close = buf.indexOf('</script>', pos)
        if (close < 0) {
          // Keep back what could be the start of `</script>`.
          const keep = final ? buf.length : Math.max(pos, buf.length - 8)
          out += buf.slice(pos, keep)
          return hold(keep)
        }
        out += buf.slice(pos, close + 9)
        pos = close + 9
        this.inScript = false
        continue
      }
      // Straight to the next `<link` or `<script` (not to every tag: a page of 300 KB has thousands).
      TAG.lastIndex = pos
      const lt = TAG.exec(buf)?.index ?? -1
      if (lt < 0) {
        // A `<link` or `<script` cut at the end of this piece waits for the rest.
        const tail = final ? -1 : buf.lastIndexOf('<')
        if (tail >= pos && buf.length - tail < 8 && ('<script'.startsWith(buf.slice(tail)) || '<link'.startsWith(buf.slice(tail)))) {
          out += buf.slice(pos, tail)
          return hold(tail)
        }
        out += buf.slice(pos)
        return out
      }
      out += buf.slice(pos, lt)
      const head = buf.slice(lt, lt + 8)
      const isLink = head.startsWith('<link') && /^<link[\s/>]/.test(buf.slice(lt, lt + 6))
      const isScript = head.startsWith('<script') && (buf.length < lt + 8 || /^<script[\s>]/.test(head))
      if (!final && buf.length - lt < 8 && ('<script'.startsWith(head) || '<link'.startsWith(head) || head.startsWith('<link'))) {
        return hold(lt)
      }
      if (!isLink && !isScript) {
        out += '<'
        pos = lt + 1
        continue
      }
      const gt = buf.indexOf('>', lt)
      if (gt < 0) return hold(lt)
      const tag = buf.slice(lt, gt + 1)
      if (isLink) {
        const preload = this.done ? null : PRELOAD.exec(tag)
        if (preload) this.preloads.push(decodeAttr(this.encoding.asText(preload[1]!)))
        else out += this.rewriteLink(tag)
        pos = gt + 1
        continue
      }
      if (!this.done && MODULE_TYPE.test(tag) && !SRC.test(tag)) {
        const close = buf.indexOf('</script>', gt)
        if (close < 0) return hold(lt)
        const nonce = NONCE.exec(tag)?.[1]
        const { asBytes, asText } = this.encoding
        out += asBytes(deferredModuleScript(asText(buf.slice(gt + 1, close)), this.preloads, nonce === undefined ? undefined : decodeAttr(nonce)))
        this.done = true
        pos = close + 9
        continue
      }
      out += tag
      pos = gt + 1
      this.inScript = true
    }
  }
}

/** UTF-8 bytes held one character per byte (latin1), and back: what the stream below works on. */
const asBytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1')
const asText = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8')

/**
 * A Node stream that rewrites the HTML passing through it (UTF-8 in, UTF-8 out). It reads the bytes as latin1, one
 * character per byte: the tags it looks for are ASCII, a multi-byte character cut between two chunks needs no
 * decoder, and the page goes out byte for byte as it came in. Decoding and encoding it as UTF-8 made the strings of a
 * page with Polish text two bytes a character and cost ~1.1 ms of a 186 KB listing page's render (~0.15 ms so).
 * What is written in (the module text, the preload URLs, rewriteLink's answer) is converted at the edges.
 */
export function deferModuleScripts(rewriteLink: (tag: string) => string = (tag) => tag): Transform {
  const deferrer = new ModuleScriptDeferrer((tag) => asBytes(rewriteLink(asText(tag))), { asBytes, asText })
  const out = (text: string) => (text === '' ? undefined : Buffer.from(text, 'latin1'))
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      callback(null, out(deferrer.push(typeof chunk === 'string' ? asBytes(chunk) : chunk.toString('latin1'))))
    },
    flush(callback) {
      callback(null, out(deferrer.end()))
    },
  })
}
