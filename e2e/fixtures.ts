import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test'

/** One error seen in the browser: a console.error (or a failed resource load) or an uncaught page error. */
export interface BrowserError {
  kind: 'console' | 'pageerror'
  text: string
  url?: string
}

export interface ErrorMatcher {
  /** Matches the message text. */
  text?: RegExp
  /** Matches the URL the console message points at (for "Failed to load resource" that is the failed request). */
  url?: RegExp
}

export interface ConsoleErrors {
  /**
   * Opt in to errors a test provokes on purpose: exactly `times` (default 1) console errors matching `matcher` must
   * occur; any more, any other console error, and any page error still fail the test. Page errors are never allowed.
   */
  allow(matcher: ErrorMatcher, times?: number): void
  /** Everything seen so far. */
  readonly seen: readonly BrowserError[]
}

const matches = (e: BrowserError, m: ErrorMatcher) =>
  e.kind === 'console' && (!m.text || m.text.test(e.text)) && (!m.url || m.url.test(e.url ?? ''))

/**
 * `test` for every e2e file: any console error or uncaught page error in any page of the test's browser context
 * fails the test (checked after the test body), unless the test explicitly allowed it with `consoleErrors.allow`.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context }, use, testInfo) => {
      const seen: BrowserError[] = []
      const allowances: { matcher: ErrorMatcher; times: number }[] = []
      const onConsole = (msg: ConsoleMessage) => {
        if (msg.type() === 'error') seen.push({ kind: 'console', text: msg.text(), url: msg.location().url })
      }
      context.on('console', onConsole)
      context.on('weberror', (err) => {
        const e = err.error()
        seen.push({ kind: 'pageerror', text: e.stack ?? `${e.name}: ${e.message}` })
      })

      await use({
        allow: (matcher, times = 1) => void allowances.push({ matcher, times }),
        get seen() {
          return seen
        },
      })

      const unexpected: BrowserError[] = []
      const used = allowances.map(() => 0)
      for (const e of seen) {
        const i = allowances.findIndex((a, j) => used[j] < a.times && matches(e, a.matcher))
        if (i >= 0) used[i]++
        else unexpected.push(e)
      }
      if (seen.length) {
        await testInfo.attach('browser-errors.json', { body: JSON.stringify(seen, null, 2), contentType: 'application/json' })
      }
      expect(unexpected, 'console errors or page errors in the browser').toEqual([])
      allowances.forEach((a, j) =>
        expect(used[j], `allowed console error ${String(a.matcher.text ?? a.matcher.url)} should occur exactly ${a.times}×`).toBe(a.times),
      )
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Waits until React has hydrated: the app's <ApiBridge/> sets `window.__portalApi` in an effect, so once it
 * exists, clicks reach React handlers (react-aria menus do nothing before that).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => '__portalApi' in window && (window as { __portalApi?: unknown }).__portalApi != null)
}

/** Polish prices as the app prints them: '1 250 000 zł' (pl-PL groups with a no-break space), '950 zł'. */
export const PRICE = /\d[\d \u00a0\u202f]* zł/
