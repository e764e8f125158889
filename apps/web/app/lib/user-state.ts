// The browser's copy of the login state (spec §3/§4): cookie `isLogged=1` while signed in, and the user part of the
// client state in localStorage under ONE key. The server stays the source of truth: the root loader's user
// overwrites this copy on every load. Storage and cookies are injected so the transitions are unit-tested.
import type { CookieJar } from './cookies'
import { LOGGED_COOKIE, USER_STORAGE_KEY } from './site'
import type { Profile } from './user'

export const RECENT_SEARCH_KEY = 'recent_search'

export interface UserState {
  isLogged: boolean
  /** The login popup flag: a guarded page asked for a login first. */
  loginFirst: boolean
  profile: Profile | null
}

export const LOGGED_OUT: UserState = { isLogged: false, loginFirst: false, profile: null }

export interface StateEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  jar: CookieJar | null
}

export function browserEnv(): StateEnv {
  let storage: StateEnv['storage'] = null
  try {
    storage = globalThis.localStorage ?? null
  } catch {
    // Blocked storage (privacy mode): the cookie and the server still work.
  }
  return { storage, jar: globalThis.document ?? null }
}

export function readUserState(env: StateEnv): UserState {
  try {
    const raw = env.storage?.getItem(USER_STORAGE_KEY)
    if (!raw) return LOGGED_OUT
    const v = JSON.parse(raw) as Partial<UserState>
    return { isLogged: !!v.isLogged, loginFirst: !!v.loginFirst, profile: v.profile ?? null }
  } catch {
    return LOGGED_OUT
  }
}

function write(env: StateEnv, state: UserState) {
  try {
    env.storage?.setItem(USER_STORAGE_KEY, JSON.stringify(state))
  } catch {
    // Quota or blocked storage: the in-memory state is enough for this page.
  }
}

function setLoggedCookie(env: StateEnv, on: boolean) {
  if (!env.jar) return
  env.jar.cookie = on
    ? `${LOGGED_COOKIE}=1; Path=/; SameSite=Lax`
    : `${LOGGED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
}

/** Login success (spec §4): cookie flag 1, profile filled, logged in, loginFirst reset. */
export function applyLogin(env: StateEnv, profile: Profile): UserState {
  const state: UserState = { isLogged: true, loginFirst: false, profile }
  setLoggedCookie(env, true)
  write(env, state)
  return state
}

/** The server says who is signed in (root loader): keep the copy in line without touching loginFirst. */
export function syncWithServer(env: StateEnv, profile: Profile | null): UserState {
  const prev = readUserState(env)
  if (profile) {
    const state = { ...prev, isLogged: true, profile }
    setLoggedCookie(env, true)
    write(env, state)
    return state
  }
  // A guest: if the copy still says logged in, the session ended on the server (token reset of spec §4).
  const state = { ...LOGGED_OUT, loginFirst: prev.loginFirst }
  if (prev.isLogged || prev.profile) write(env, state)
  setLoggedCookie(env, false)
  return state
}

/** Logout (spec §4): user fields and the logged flag cleared, cookie removed, the local recent search removed. */
export function applyLogout(env: StateEnv): UserState {
  setLoggedCookie(env, false)
  write(env, LOGGED_OUT)
  try {
    env.storage?.removeItem(RECENT_SEARCH_KEY)
  } catch {
    // Nothing stored then.
  }
  return LOGGED_OUT
}

export function setLoginFirst(env: StateEnv, loginFirst: boolean): UserState {
  const state = { ...readUserState(env), loginFirst }
  write(env, state)
  return state
}
