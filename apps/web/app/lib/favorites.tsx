// The logged-in user's favourite listings for the whole page: one id set from the root loader
// (GET /api/favorites/ids, once per page load), read by every heart, changed optimistically by toggle().
import { FAVORITE_MESSAGES } from '@portal/contracts/plain/favorites'
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { api } from './api'
import type { ApiError } from './api-client'
import { useAuth } from './auth'
import { useToast } from './toast'
import { useAsRendered, useWithFirst, type Rendered } from './as-rendered'

export const FAVORITE_LOGIN_PROMPT = 'Zaloguj się, aby zapisywać ogłoszenia w ulubionych.'
const GONE_MESSAGE = 'To ogłoszenie nie jest już dostępne.'

export interface FavoritesValue {
  /** Whether the listing is a favourite now (optimistic while a change is on its way). */
  has(id: number): boolean
  /** A change of this listing is on its way. */
  pending(id: number): boolean
  /** Guests get the login dialog; users flip the heart at once and keep it unless the API says no. Resolves to the new state. */
  toggle(id: number): Promise<boolean>
  /** The page knows better for one listing (the listing read's is_favorite): adopt it. */
  remember(id: number, favourite: boolean): void
  /** Ids known to be favourites. */
  ids: ReadonlySet<number>
  /** The set came from the server (root loader or the browser's own call); false for guests and until then. */
  ready: boolean
}

/** Set with `id` added or removed (a new Set, so React sees the change). */
export function withFavorite(ids: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(ids)
  if (on) next.add(id)
  else next.delete(id)
  return next
}

/** The set holds exactly these ids. */
const sameIds = (set: ReadonlySet<number>, ids: readonly number[]) => set.size === new Set(ids).size && ids.every((id) => set.has(id))

const FavoritesContext = createContext<Rendered<FavoritesValue> | null>(null)

export function FavoritesProvider({ serverIds, children }: { serverIds: number[] | null; children: ReactNode }) {
  const auth = useAuth()
  const toast = useToast()
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set(serverIds ?? []))
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set())
  const [ready, setReady] = useState(serverIds !== null)
  const current = useRef(ids)
  current.current = ids
  // This page's changes since the server's set last arrived, and the ones on their way. A reload that began before
  // a change reached the server brings a set without it: on /ulubione a heart turned off while the reload of the
  // previous removal was under way came back pressed, its card listed, while the server had removed it.
  const changes = useRef(new Map<number, boolean>())
  const inFlight = useRef(new Set<number>())
  const userId = auth.user?.id ?? null

  /** A set from the server with this page's own changes over it; the ones done are then forgotten (a later set has them). */
  const withChanges = useCallback((server: readonly number[]): ReadonlySet<number> => {
    const next = [...changes.current].reduce<ReadonlySet<number>>((s, [id, on]) => withFavorite(s, id, on), new Set(server))
    for (const id of changes.current.keys()) if (!inFlight.current.has(id)) changes.current.delete(id)
    return next
  }, [])

  // Each root load (page load, login, logout, a form submission) brings the server's set: it wins, but for the
  // page's own changes (above).
  // Updates after the first render keep the set they would replace when it holds the same ids, and the ones that
  // arrive later are transitions: a new set is a context change, and an urgent one makes React client-render (drop
  // the server's HTML of, and shift the page around) every part still waiting for its code (decision 040).
  useEffect(() => {
    if (!serverIds) return
    const next = withChanges(serverIds)
    setIds((s) => (sameIds(s, [...next]) ? s : next))
    setReady(true)
  }, [serverIds, withChanges])

  // Logged out: no hearts. Logged in without the server's set (its call failed): ask once from the browser.
  useEffect(() => {
    if (userId === null) {
      changes.current.clear()
      setIds((s) => (s.size ? new Set() : s))
      setReady(false)
      return
    }
    if (serverIds) return
    let live = true
    api.get<{ ids: number[] }>('/api/favorites/ids', { silent: true })
      .then((r) => {
        if (!live) return
        startTransition(() => {
          setIds(withChanges(r.ids))
          setReady(true)
        })
      })
      .catch(() => undefined)
    return () => { live = false }
  }, [userId, serverIds, withChanges])

  const loginFirst = useCallback(() => {
    toast.info(FAVORITE_LOGIN_PROMPT)
    auth.open('login', { next: window.location.pathname + window.location.search })
  }, [auth, toast])

  const toggle = useCallback(async (id: number): Promise<boolean> => {
    // Right after a page from the shared cache the user may still be on the way (decision 099).
    if (!auth.user && !(await auth.known())) {
      loginFirst()
      return false
    }
    const was = current.current.has(id)
    setIds((s) => withFavorite(s, id, !was))
    setBusy((s) => withFavorite(s, id, true))
    changes.current.set(id, !was)
    inFlight.current.add(id)
    try {
      if (was) await api.delete(`/api/favorites/${id}`, { silent: true })
      else await api.post('/api/favorites', { offer_id: id }, { silent: true })
      toast.success(was ? FAVORITE_MESSAGES.removed : FAVORITE_MESSAGES.added)
      return !was
    } catch (err) {
      changes.current.delete(id)
      setIds((s) => withFavorite(s, id, was))
      const status = (err as ApiError).status
      if (status === 401) loginFirst()
      else toast.error(status === 404 ? GONE_MESSAGE : FAVORITE_MESSAGES.failed)
      return was
    } finally {
      inFlight.current.delete(id)
      setBusy((s) => withFavorite(s, id, false))
    }
  }, [auth, loginFirst, toast])

  const remember = useCallback((id: number, favourite: boolean) => {
    if (current.current.has(id) !== favourite) setIds((s) => withFavorite(s, id, favourite))
  }, [])

  const value = useMemo<FavoritesValue>(() => ({
    ids,
    ready,
    has: (id) => ids.has(id),
    pending: (id) => busy.has(id),
    toggle,
    remember,
  }), [ids, ready, busy, toggle, remember])
  const rendered = useWithFirst(value)
  return <FavoritesContext.Provider value={rendered}>{children}</FavoritesContext.Provider>
}

export function useFavorites(): FavoritesValue {
  const ctx = useContext(FavoritesContext)
  if (!ctx) throw new Error('useFavorites needs <FavoritesProvider>')
  return useAsRendered(ctx)
}
