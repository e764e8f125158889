// Spec §8: when a code chunk fails to load (a deploy replaced it), reload the page once — at most once per 60 s,
// so a really broken deploy cannot loop.
export const CHUNK_RELOAD_KEY = 'portal_chunk_reload_at'
export const CHUNK_RELOAD_INTERVAL = 60_000

let reloading = false
/** A reload for a failed chunk is under way: what is on screen stays until the page goes (no error screen flash). */
export const chunkReloadPending = () => reloading

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL
}

/**
 * Reloads the page unless it was reloaded for this reason in the last 60 s; true when it does. Never while the browser
 * is offline: the chunk failed for want of a network, not because a deploy replaced it, and the reload could only
 * end on the browser's (or the service worker's) offline page instead of this one. The caller gets the error then
 * (hydrateLater waits for 'online' and loads the part again, decision 042).
 */
export function reloadOnce(win: Window = window, href?: string): boolean {
  if (win.navigator.onLine === false) return false
  let last: number | null = null
  try {
    const raw = win.sessionStorage.getItem(CHUNK_RELOAD_KEY)
    last = raw === null ? null : Number(raw)
  } catch {
    // Without storage we cannot guard against a loop: let the error surface instead of reloading.
    return false
  }
  if (!shouldReloadAfterChunkError(last, Date.now())) return false
  win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
  reloading = true
  if (href) win.location.assign(href)
  else win.location.reload()
  return true
}

/**
 * A route's code could not be loaded (offline, or a deploy lost the chunk and the page was already loaded again in
 * the last 60 s). The fallback route module throws it while rendering, so the root's error screen says so (with a way
 * on) instead of an empty page.
 */
export class RouteLoadError extends Error {
  override name = 'RouteLoadError'
}

/** Where the router is going: a failed route module belongs to the page being opened, not the one being left. */
export function navigationTarget(win: Window): string | undefined {
  const router = (win as unknown as { __reactRouterDataRouter?: { state?: { navigation?: { location?: { pathname: string; search: string; hash: string } } } } }).__reactRouterDataRouter
  const to = router?.state?.navigation?.location
  return to ? `${to.pathname}${to.search}${to.hash}` : undefined
}

/** A route module whose component throws RouteLoadError: what the router gets when the real one cannot be loaded. */
export function failedRouteModule(cause: unknown) {
  return {
    default: function RouteLoadFailed(): never {
      throw new RouteLoadError('route module failed to load', { cause })
    },
  }
}

export function installChunkReload(win: Window = window) {
  // Chunks imported by our own code (Vite's preload helper).
  win.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce(win)) event.preventDefault()
  })
  guardRouteModules(win)
}

type RouterGlobals = {
  __reactRouterRouteModules?: Record<string, unknown>
  __reactRouterManifest?: { routes?: Record<string, { module?: string } | undefined> }
}

/**
 * Route modules: React Router imports a route's module on the first navigation to it and, when that import fails,
 * reloads the page being left, every time (its loadRouteModule), so a deploy that lost a chunk would reload in a loop
 * and a click would seem to do nothing. Its
 * module cache is `window.__reactRouterRouteModules` and it asks the cache first (`id in cache`): this wrapper
 * answers a missing route by importing the module itself — success fills the cache as React Router would, a
 * failure loads the page being opened from the server at most once per 60 s and otherwise shows the error screen
 * (offline: 'Jesteś offline', which opens the page when the connection is back).
 */
export function guardRouteModules(win: Window) {
  const w = win as unknown as RouterGlobals
  const cache = w.__reactRouterRouteModules
  const manifest = w.__reactRouterManifest
  if (!cache || !manifest?.routes || typeof Proxy === 'undefined') return
  const pending = new Map<string, Promise<unknown>>()
  w.__reactRouterRouteModules = new Proxy(cache, {
    has(target, id) {
      if (typeof id !== 'string' || id in target) return id in target
      const module = manifest.routes?.[id]?.module
      if (!module) return false
      if (!pending.has(id)) {
        pending.set(id, import(/* @vite-ignore */ module).then(
          (m: unknown) => { target[id] = m; pending.delete(id); return m },
          (err: unknown) => {
            pending.delete(id)
            // Online, the first time in 60 s: load the page being opened from the server (a deploy replaced the
            // chunk; the new HTML names the new one). The navigation waits for ever meanwhile, instead of reaching
            // React Router's own reload of the page being left.
            if (reloadOnce(win, navigationTarget(win))) return new Promise(() => {})
            // Offline, or the chunk is broken: the router renders the page being opened as the error screen (a
            // rejection here would leave an empty page). Not cached: the next navigation to this route tries again.
            return failedRouteModule(err)
          },
        ))
      }
      return true
    },
    get(target, id) {
      if (typeof id === 'string' && !(id in target) && pending.has(id)) return pending.get(id)
      return target[id as string]
    },
  })
}

/**
 * Whether an error screen stands for a page that could not be loaded in the browser (its code or its data did not
 * arrive), and whether the browser is offline; undefined for any other error and on the server.
 */
export function pageLoadFailure(error: unknown, nav: Pick<Navigator, 'onLine'> | undefined = globalThis.navigator): 'offline' | 'online' | undefined {
  if (typeof document === 'undefined' || !nav) return undefined
  const network = error instanceof RouteLoadError
    || (error instanceof TypeError && /failed to fetch|networkerror|load failed|dynamically imported module|module script failed/i.test(error.message))
  if (nav.onLine === false && (network || error instanceof Error)) return 'offline'
  return network ? 'online' : undefined
}
