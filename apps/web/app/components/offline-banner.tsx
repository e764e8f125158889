import { useEffect, useSyncExternalStore } from 'react'
import { WifiOffIcon } from './icons'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export function useOnline(): boolean {
  // The server cannot know; it renders "online" and the browser corrects it after hydration.
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
}

export const OFFLINE_TEXT = 'Jesteś offline — niektóre funkcje mogą nie działać, dopóki nie wrócisz do sieci.'

/** A polite live region that is always in the page, so the message is announced when it appears. */
export function OfflineBanner() {
  const online = useOnline()
  // The error screens (not-found.tsx) load on demand; a link followed offline needs 'Jesteś offline' from them, so
  // their code is fetched now, while there is a network (a later import() of it is answered from the module map).
  useEffect(() => { void import('./not-found').catch(() => {}) }, [])
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {!online && (
        <div className="border-b border-amber-200 bg-amber-50 text-amber-900">
          <p className="container-page flex items-center gap-2 py-2 text-sm font-medium">
            <WifiOffIcon size={18} className="shrink-0" />
            {OFFLINE_TEXT}
          </p>
        </div>
      )}
    </div>
  )
}
