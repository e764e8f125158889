// The login state for the React tree (spec §3/§4): the server's user from the root loader, the login/register
// dialogs, login, logout and the guard's `next` target. The root loader is the source of truth; the browser copy
// (cookie isLogged + localStorage) follows it.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import { api } from './api'
import { whileAuthChanges } from './auth-revalidate'
import { safeNext } from './safe-next'
import type { Profile } from './user'
import { applyLogin, applyLogout, browserEnv, setLoginFirst, syncWithServer } from './user-state'

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
  /** Forget the user after the server ended the account (deletion), then go home. */
  forget(): Promise<void>
}

const AuthContext = createContext<AuthContextValue | null>(null)

export function AuthProvider({ user: serverUser, children }: { user: Profile | null; children: ReactNode }) {
  const [user, setUser] = useState<Profile | null>(serverUser)
  const [view, setView] = useState<AuthView | null>(null)
  const [options, setOptions] = useState<OpenOptions>({})
  const navigate = useNavigate()
  const { revalidate } = useRevalidator()

  // Each root load brings the server's answer: it wins over whatever the browser believed.
  useEffect(() => {
    setUser(serverUser)
    syncWithServer(browserEnv(), serverUser)
  }, [serverUser])

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

  const value = useMemo<AuthContextValue>(
    () => ({ user, view, options, open, close, login, adopt, update, logout, forget }),
    [user, view, options, open, close, login, adopt, update, logout, forget],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth needs <AuthProvider>')
  return ctx
}
