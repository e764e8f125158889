// Followed advertisers (favourite users) for the whole page: the ids come from the browser once per login, the
// hearts on advertiser cards read and toggle them (POST /api/favorite-users/{id} → {status}).
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { FAVORITE_USER_MESSAGES } from '@portal/contracts/plain/favorite-users'
import { api } from './api'
import { ApiError } from './api-client'
import { useAuth } from './auth'
import { useToast } from './toast'

export const FOLLOW_LOGIN_PROMPT = 'Zaloguj się, aby obserwować ogłoszeniodawców.'

interface FollowValue { has(id: number): boolean; toggle(id: number): Promise<void>; busy(id: number): boolean }
const FollowContext = createContext<FollowValue | null>(null)

export function FavoriteUsersProvider({ children }: { children: ReactNode }) {
  const auth = useAuth()
  const toast = useToast()
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set())
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set())
  const userId = auth.user?.id ?? null

  // The same set stays the same object and the answer is a transition (see lib/favorites.tsx: an urgent context
  // change client-renders the parts of the page still waiting for their code).
  useEffect(() => {
    setIds((s) => (s.size ? new Set() : s))
    if (userId === null) return
    let live = true
    api.get<{ ids: number[] }>('/api/favorite-users/ids', { silent: true })
      .then((r) => { if (live) startTransition(() => setIds(new Set(r.ids))) })
      .catch(() => undefined)
    return () => { live = false }
  }, [userId])

  const toggle = useCallback(async (id: number) => {
    if (!auth.user) {
      toast.info(FOLLOW_LOGIN_PROMPT)
      auth.open('login', { next: window.location.pathname + window.location.search })
      return
    }
    setPending((p) => new Set(p).add(id))
    try {
      const r = await api.post<{ status: boolean }>(`/api/favorite-users/${id}`)
      setIds((prev) => { const n = new Set(prev); if (r.status) n.add(id); else n.delete(id); return n })
      toast.success(r.status ? FAVORITE_USER_MESSAGES.followed : FAVORITE_USER_MESSAGES.unfollowed)
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast.error(err instanceof ApiError && err.status === 422 ? FAVORITE_USER_MESSAGES.self : 'Nie udało się. Spróbuj ponownie.')
    } finally {
      setPending((p) => { const n = new Set(p); n.delete(id); return n })
    }
  }, [auth, toast])

  const value = useMemo<FollowValue>(() => ({ has: (id) => ids.has(id), busy: (id) => pending.has(id), toggle }), [ids, pending, toggle])
  return <FollowContext.Provider value={value}>{children}</FollowContext.Provider>
}

export function useFavoriteUsers(): FollowValue {
  const ctx = useContext(FollowContext)
  if (!ctx) throw new Error('useFavoriteUsers needs <FavoriteUsersProvider>')
  return ctx
}
