import { lazy, Suspense, type ComponentType } from 'react'
import { chunkReloadPending } from '~/lib/chunk-reload'
import { woken } from './early-press'

/**
 * A browser that says it is offline. Not Node, which has a `navigator` without `onLine` (a failed import there is
 * thrown as it is, not waited on with a `window` Node does not have).
 */
export const offlineInBrowser = () => typeof window !== 'undefined' && navigator.onLine === false

/**
 * A part that is server-rendered as usual but whose code the browser loads later (decision 040): when the browser is
 * idle after hydration started (`idle`), or as soon as it is rendered (`now`, for screens a page rarely shows). The
 * component is its own `<Suspense>` boundary: until its chunk arrives React keeps the server's HTML there (links work,
 * nothing moves) and hydrates it once the code is in. The server resolves it synchronously, so the HTML is complete, never a
 * streamed fallback. A press on a `pressEarly` button before the code arrived ends the idle wait (early-press.tsx,
 * decision 042).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>, when: 'idle' | 'now' = 'idle') {
  let ready: { default: ComponentType<P> } | undefined
  // A chunk that fails to load while the browser is offline is tried again when it is back online; meanwhile the part
  // stays the server's HTML (a rejected lazy would throw to the route's error screen). The same import() again is
  // enough where a failed fetch is not kept in the module map (whatwg/html#10327; Debian's Chromium 156 refetches,
  // e2e offline.spec.ts); an older browser rejects it at once, and that failure online goes, like a deploy that
  // replaced the chunk, to lib/chunk-reload (Vite's preload helper reports it): one reload, during which the part
  // keeps its HTML instead of flashing the error screen. Anything else is thrown, to the route's error screen.
  const fetch = (): Promise<unknown> => load().then(
    (c) => {
      // When lib/chunk-reload took the failure and reloads, Vite's preload helper resolves with nothing (React would
      // throw 'element type is invalid' to the error screen): wait for the reload instead.
      if (chunkReloadPending()) return new Promise<never>(() => {})
      ready = { default: c }
    },
    (err: unknown) => {
      if (chunkReloadPending()) return new Promise<never>(() => {})
      if (!offlineInBrowser()) throw err
      return new Promise<void>((again) => window.addEventListener('online', () => again(), { once: true })).then(fetch)
    },
  )
  // The server imports it at start, long before the first request renders it.
  if (import.meta.env.SSR) void fetch()
  const Part = lazy<ComponentType<P>>(() => {
    // A thenable that calls back at once: React.lazy then resolves in the same render (server, later client renders).
    if (ready) return { then: (done: (m: { default: ComponentType<P> }) => void) => done(ready!) } as Promise<{ default: ComponentType<P> }>
    if (when === 'now') return fetch().then(() => ready!)
    return new Promise<void>((go) => {
      void woken.then(go)
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => go(), { timeout: 2000 })
      else setTimeout(go, 200)
    }).then(fetch).then(() => ready!)
  })
  return function Later(props: P) {
    return (
      <Suspense>
        <Part {...props} />
      </Suspense>
    )
  }
}
