import { describe, expect, it } from 'vitest'
import { readCookie } from './cookies'
import { applyLogin, applyLogout, readUserState, setLoginFirst, syncWithServer, type StateEnv } from './user-state'
import type { Profile } from './user'

// document.cookie semantics, enough for one cookie at a time.
function fakeEnv(): StateEnv & { map: Map<string, string>; cookies: Map<string, string> } {
  const map = new Map<string, string>()
  const cookies = new Map<string, string>()
  const jar = {
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    },
    set cookie(v: string) {
      const [pair, ...attrs] = v.split(';')
      const [k, val] = pair!.split('=')
      if (attrs.some((a) => a.trim() === 'Max-Age=0')) cookies.delete(k!.trim())
      else cookies.set(k!.trim(), val!.trim())
    },
  }
  return {
    map,
    cookies,
    jar,
    storage: {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    },
  }
}
const profile = { id: 1, name: 'Jan', email: 'jan@example.pl' } as Profile

describe('client login state (spec §3/§4)', () => {
  it('login sets the cookie, stores the user under one key and resets loginFirst', () => {
    const env = fakeEnv()
    setLoginFirst(env, true)
    const s = applyLogin(env, profile)
    expect(s).toEqual({ isLogged: true, loginFirst: false, profile })
    expect(readCookie('isLogged', env.jar!)).toBe('1')
    expect([...env.map.keys()]).toEqual(['portal_user'])
    expect(readUserState(env)).toEqual(s)
  })

  it('logout clears the user, the cookie and the local recent search', () => {
    const env = fakeEnv()
    applyLogin(env, profile)
    env.map.set('recent_search', '["Kraków"]')
    expect(applyLogout(env)).toEqual({ isLogged: false, loginFirst: false, profile: null })
    expect(readCookie('isLogged', env.jar!)).toBeNull()
    expect(env.map.has('recent_search')).toBe(false)
    expect(readUserState(env).profile).toBeNull()
  })

  it('follows the server: a vanished session resets the copy, loginFirst survives', () => {
    const env = fakeEnv()
    applyLogin(env, profile)
    setLoginFirst(env, true)
    expect(syncWithServer(env, null)).toEqual({ isLogged: false, loginFirst: true, profile: null })
    expect(readCookie('isLogged', env.jar!)).toBeNull()
    const s = syncWithServer(env, { ...profile, name: 'Jan K.' })
    expect(s.profile?.name).toBe('Jan K.')
    expect(readCookie('isLogged', env.jar!)).toBe('1')
  })

  it('survives broken storage', () => {
    const env = fakeEnv()
    env.map.set('portal_user', '{oops')
    expect(readUserState(env).isLogged).toBe(false)
    expect(readUserState({ storage: null, jar: null }).isLogged).toBe(false)
  })
})
