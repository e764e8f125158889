// Spec §6 guards, run in SERVER loaders so a guarded page is never rendered for the wrong visitor, with or without
// JavaScript. The user comes from `GET /api/user` through the load context (the visitor's cookies go with it).
import { redirect, type AppLoadContext } from 'react-router'
import { serverApi } from './api.server'
import { loginRedirectPath } from './safe-next'
import { hasRole, type Profile } from './user'

// One request's loaders share one load context: ask the API once per page load, not once per loader.
const cache = new WeakMap<object, Promise<Profile | null>>()

/** The signed-in user, or null for a guest (401) and when the API cannot say. */
export function getUser(context: AppLoadContext | undefined): Promise<Profile | null> {
  const load = async () => {
    try {
      const res = await serverApi(context, '/api/user', { headers: { Accept: 'application/json' } })
      if (res.status === 401 || !res.ok) return null
      return (await res.json()) as Profile
    } catch {
      return null
    }
  }
  if (!context) return load()
  let pending = cache.get(context)
  if (!pending) {
    pending = load()
    cache.set(context, pending)
  }
  return pending
}

/** 'authenticated': a guest goes to `/?next={path+search}` (the home page then opens the login dialog). */
export async function requireUser(context: AppLoadContext | undefined, request: Request): Promise<Profile> {
  const user = await getUser(context)
  if (!user) {
    const url = new URL(request.url)
    throw redirect(loginRedirectPath(url.pathname + url.search))
  }
  return user
}

/** 'checkIfLoggedIn': login and register pages send a signed-in user home. */
export async function redirectIfLoggedIn(context: AppLoadContext | undefined): Promise<void> {
  if (await getUser(context)) throw redirect('/')
}

/** 'company': only role company or admin passes; everyone else goes home. */
export async function requireCompany(context: AppLoadContext | undefined, request: Request): Promise<Profile> {
  const user = await requireUser(context, request)
  if (!hasRole(user, 'company', 'admin')) throw redirect('/')
  return user
}
