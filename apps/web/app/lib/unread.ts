// The unread-messages count for the header and the account tab: fetched in the browser for a signed-in user, again
// after navigation and whenever a page says the count changed (a conversation was opened).
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { api } from './api'

const EVENT = 'portal:unread-changed'
export function notifyUnreadChanged() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT))
}

export function useUnreadMessages(loggedIn: boolean): number {
  const [n, setN] = useState(0)
  const { pathname } = useLocation()
  useEffect(() => {
    if (!loggedIn) return setN(0)
    let alive = true
    const load = () => api.get<{ unread: number }>('/api/messages/unread', { silent: true }).then((r) => { if (alive) setN(r?.unread ?? 0) }, () => {})
    void load()
    window.addEventListener(EVENT, load)
    return () => { alive = false; window.removeEventListener(EVENT, load) }
  }, [loggedIn, pathname])
  return n
}
