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
export function reloadOnce(win: Window = window): boolean {
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
  win.location.reload()
  return true
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
 * reloads the page every time (its loadRouteModule), so a deploy that lost a chunk would reload in a loop. Its
 * module cache is `window.__reactRouterRouteModules` and it asks the cache first (`id in cache`): this wrapper
 * answers a missing route by importing the module itself — success fills the cache as React Router would, a
 * failure reloads at most once per 60 s and otherwise reaches the route's error screen.
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
            // Reloading: the navigation waits for ever instead of reaching React Router's own reload.
            if (reloadOnce(win)) return new Promise(() => {})
            throw err
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
