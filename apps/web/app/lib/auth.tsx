// The login state for the React tree (spec §3/§4): the server's user from the root loader, the login/register
// dialogs, login, logout and the guard's `next` target. The root loader is the source of truth; the browser copy
// (cookie isLogged + localStorage) follows it.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import { api } from './api'
import { whileAuthChanges, whilePersonalising } from './auth-revalidate'
import { readCookie } from './cookies'
import { LOGGED_COOKIE } from './site'
import { safeNext } from './safe-next'
import type { Profile } from './user'
import { applyLogin, applyLogout, browserEnv, setLoginFirst, syncWithServer } from './user-state'
import { useAsRendered, useWithFirst, type Rendered } from './as-rendered'

export type AuthView = 'login' | 'register' | 'remind' | 'resend'

export interface OpenOptions {
  /** Where to go after a successful login (validated by safeNext). */
  next?: string | null
  /** Prefill for the e-mail field of the next view. */
  email?: string
}

export interface AuthContextValue {
  user: Profile | null
  view: AuthView | null
  /** Options of the open dialog (next, email prefill). */
  options: OpenOptions
  open(view: AuthView, options?: OpenOptions): void
  close(): void
  /** Calls the API; throws its ApiError for the form to show. */
  login(email: string, password: string, next?: string | null): Promise<Profile>
  /** A session started elsewhere (account activation): adopt the profile and reload the shell. */
  adopt(profile: Profile): Promise<void>
  /** The profile changed (settings): show it at once, the root reload follows. */
  update(profile: Profile): void
  logout(): Promise<void>
  /**
   * The user once known: at once, or when the reload of a page from the shared cache (decision 099) brought them. A
   * press that needs the user (a heart) right after such a page waits for this instead of asking a guest to log in.
   */
  known(): Promise<Profile | null>
  /** Forget the user after the server ended the account (deletion), then go home. */
  forget(): Promise<void>
}

const AuthContext = createContext<Rendered<AuthContextValue> | null>(null)

/**
 * `user`: root loader's; `shell`: root's data object, a new one each time its loader ran (the end of the reload of a
 * page from the shared cache, decision 099).
 */
export function AuthProvider({ user: serverUser, shell, children }: { user: Profile | null; shell?: unknown; children: ReactNode }) {
  const [user, setUser] = useState<Profile | null>(serverUser)
  // A new user from the root loader is adopted in the same render as the rest of root's data (its favourites): in an
  // effect it came one commit late, and the favourites' provider took the new ids for a guest's and dropped them.
  const [adopted, setAdopted] = useState(serverUser)
  if (serverUser !== adopted) {
    setAdopted(serverUser)
    setUser(serverUser)
  }
  const [view, setView] = useState<AuthView | null>(null)
  const [options, setOptions] = useState<OpenOptions>({})
  const navigate = useNavigate()
  const { revalidate } = useRevalidator()

  const latest = useRef(serverUser)
  latest.current = serverUser
  const reload = useRef(revalidate)
  reload.current = revalidate
  const firstLoad = useRef(true)
  const userNow = useRef(user)
  userNow.current = user
  const loading = useRef<{ promise: Promise<void>; done: () => void } | null>(null)
  const shellAtStart = useRef(shell)
  const loaded = useCallback(() => { loading.current?.done(); loading.current = null }, [])
  // Each root load brings the server's answer: it wins over whatever the browser believed. But a page without a user
  // in a browser that is signed in (its isLogged cookie, which the server also sets on such a page) came from the
  // shared page cache (decision 099): its own data is loaded once before the browser's copy is touched.
  useEffect(() => {
    const first = firstLoad.current
    firstLoad.current = false
    if (first && serverUser === null && readCookie(LOGGED_COOKIE) === '1') {
      let done!: () => void
      loading.current = { promise: new Promise<void>((resolve) => { done = resolve }), done }
      shellAtStart.current = shell
      // Not reloaded (offline): the visitor stays a guest on this page; a press asks them to log in.
      void whilePersonalising(() => reload.current()).catch(loaded)
      return
    }
    syncWithServer(browserEnv(), serverUser)
  }, [serverUser])

  // The reload is over when root's data committed after it is a new object (the loader ran again).
  useEffect(() => {
    if (!loading.current || shell === shellAtStart.current) return
    // Still nobody (the session ended): now the browser's copy learns it, and the next page asks no more.
    if (latest.current === null) syncWithServer(browserEnv(), null)
    loaded()
  }, [shell, loaded])

  // A 401 anywhere (global handler of spec §8) resets the login state.
  useEffect(() => {
    api.configure({ onLoggedOut: () => setUser(null) })
  }, [])

  const open = useCallback((next: AuthView, opts: OpenOptions = {}) => {
    setOptions((prev) => ({ next: opts.next !== undefined ? opts.next : prev.next, email: opts.email }))
    setView(next)
    if (next === 'login' && opts.next) setLoginFirst(browserEnv(), true)
  }, [])

  const close = useCallback(() => {
    setView(null)
    setOptions({})
  }, [])

  const reloadShell = useCallback(() => whileAuthChanges(() => revalidate()), [revalidate])

  const login = useCallback(
    async (email: string, password: string, next?: string | null) => {
      // Spec §7: the CSRF cookie call comes first (the session is rotated by the login).
      await api.get('/api/sanctum/csrf-cookie', { silent: true }).catch(() => undefined)
      // Silent: a 401 here means wrong credentials, which the dialog says itself (no global redirect).
      const profile = await api.post<Profile>('/api/auth/login', { email: email.trim(), password }, { silent: true })
      applyLogin(browserEnv(), profile)
      setUser(profile)
      setView(null)
      setOptions({})
      const target = safeNext(next)
      await whileAuthChanges(() => (target ? navigate(target) : revalidate()))
      return profile
    },
    [navigate, revalidate],
  )

  const adopt = useCallback(
    async (profile: Profile) => {
      applyLogin(browserEnv(), profile)
      setUser(profile)
      await reloadShell()
    },
    [reloadShell],
  )

  const update = useCallback((profile: Profile) => {
    setUser(profile)
    syncWithServer(browserEnv(), profile)
  }, [])

  const forget = useCallback(async () => {
    applyLogout(browserEnv())
    setUser(null)
    await whileAuthChanges(() => navigate('/'))
  }, [navigate])

  const logout = useCallback(async () => {
    try {
      await api.post('/api/auth/logout', undefined, { silent: true })
    } catch {
      // Already logged out on the server (expired session): clearing the browser side is what is left to do.
    }
    await forget()
  }, [forget])

  const known = useCallback(async () => {
    await loading.current?.promise
    return userNow.current
  }, [])

  const value = useMemo<AuthContextValue>(
    () => ({ user, view, options, open, close, login, adopt, update, logout, forget, known }),
    [user, view, options, open, close, login, adopt, update, logout, forget, known],
  )
  const rendered = useWithFirst(value)
  return <AuthContext.Provider value={rendered}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth needs <AuthProvider>')
  return useAsRendered(ctx)
}

// A form's name, e-mail and phone from the signed-in user: here, beside useAuth, so the listing page's first paint
// gets no chunk of its own for them (its JavaScript budget, e2e/speed.spec).

type Who = { name?: string | null; email?: string | null; phone?: string | null }
type Defaults = { name?: string; email?: string; phone?: string }

/** The signed-in user's name, e-mail and phone in those fields of `values` still empty (a form without one ignores it). */
export function withUserDefaults<T extends Defaults>(values: T, who: Who | null | undefined): T {
  let next = values
  for (const k of ['name', 'email', 'phone'] as const) if (who?.[k] && k in values && !values[k]) next = { ...next, [k]: who[k] }
  return next
}

/**
 * A form's name, e-mail and phone from the signed-in user. A page from the shared cache (decision 099) learns who is
 * signed in only after it loaded: the fields still empty are filled then, as they would have been on a page rendered
 * for the user. `complete(values)` before a send gives them filled too, waiting for the user when still unknown (a send
 * before that is not a guest's).
 */
export function useUserDefaults<T extends Defaults>(setValues: (update: (values: T) => T) => void) {
  const { user, known } = useAuth()
  useEffect(() => { if (user) setValues((x) => withUserDefaults(x, user)) }, [user?.id]) // eslint-disable-line react-hooks/exhaustive-deps
  // The fields on screen are filled by the effect above once the user is known.
  return { complete: async (values: T) => withUserDefaults(values, user ?? await known()) }
}
