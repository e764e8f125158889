// Spec §8: when a code chunk fails to load (a deploy replaced it), reload the page once — at most once per 60 s,
// so a really broken deploy cannot loop.
export const CHUNK_RELOAD_KEY = 'portal_chunk_reload_at'
export const CHUNK_RELOAD_INTERVAL = 60_000

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL
}

export function installChunkReload(win: Window = window) {
  win.addEventListener('vite:preloadError', (event) => {
    let last: number | null = null
    try {
      const raw = win.sessionStorage.getItem(CHUNK_RELOAD_KEY)
      last = raw === null ? null : Number(raw)
    } catch {
      // Without storage we cannot guard against a loop: let the error surface instead of reloading.
      return
    }
    if (!shouldReloadAfterChunkError(last, Date.now())) return
    event.preventDefault()
    win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    win.location.reload()
  })
}
