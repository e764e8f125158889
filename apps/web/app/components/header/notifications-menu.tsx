import { useCallback, useEffect, useRef, useState } from 'react'
import type { NotificationsPage } from '@portal/contracts/notifications'
import { NOTIFICATION_MESSAGES } from '@portal/contracts/plain/notifications'
import { api } from '~/lib/api'
import { useAuth } from '~/lib/auth'
import { lazyPart, StandInButton, useLazyPart } from '../lazy-part'
import { BellContent, bellButton } from './notifications-bell'

/** How often the count is refreshed while the page is open (and at once when the tab comes back into view). */
const POLL_MS = 60_000

const panelPart = lazyPart(() => import('./notifications-panel').then((m) => m.NotificationsPanel))

/**
 * The bell (spec §2/§4): a plain bell, or a badge with the count, kept fresh by polling while the page is open.
 * The panel with the list (notifications-panel.tsx, a react-aria popover dialog) loads on hover or focus and
 * opens on the first press.
 */
export function NotificationsMenu() {
  const auth = useAuth()
  const [page, setPage] = useState<NotificationsPage | null>(null)
  const live = useRef(true)
  const userId = auth.user?.id ?? null
  const { Real, initialOpen, prefetch, open } = useLazyPart(panelPart)

  const refresh = useCallback(async () => {
    if (userId === null) return
    try {
      const p = await api.get<NotificationsPage>('/api/user/notifications', { silent: true })
      if (live.current) setPage(p)
    } catch {
      // Offline or logged out meanwhile: keep what is shown; the next poll tries again.
    }
  }, [userId])

  useEffect(() => {
    live.current = true
    setPage(null)
    if (userId === null) return
    void refresh()
    const timer = setInterval(() => { if (document.visibilityState === 'visible') void refresh() }, POLL_MS)
    const onVisible = () => { if (document.visibilityState === 'visible') void refresh() }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      live.current = false
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [userId, refresh])

  const count = page?.total ?? 0
  const label = count > 0 ? `Powiadomienia: ${count} ${count === 1 ? 'nowe' : 'nowych'}` : NOTIFICATION_MESSAGES.title
  if (Real) return <Real initialOpen={initialOpen} page={page} setPage={setPage} refresh={refresh} label={label} />
  return (
    <StandInButton
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      className={bellButton}
      onPrefetch={prefetch}
      onOpen={() => {
        open()
        void refresh()
      }}
    >
      <BellContent count={count} />
    </StandInButton>
  )
}
