// Spec §6 guards, run in SERVER loaders so a guarded page is never rendered for the wrong visitor, with or without
// JavaScript. The user comes from `GET /api/user` through the load context (the visitor's cookies go with it).
import { data, redirect, type AppLoadContext } from 'react-router'
import { serverApi } from './api.server'
import { loginRedirectPath } from './safe-next'
import { hasRole, type Profile } from './user'

// One request's loaders share one load context: ask the API once per page load, not once per loader.
// `unavailable`: the API could not say (database away → 503, network error), which is not the same as a guest.
type Lookup = { user: Profile | null; unavailable: boolean }
const cache = new WeakMap<object, Promise<Lookup>>()

function lookUp(context: AppLoadContext | undefined): Promise<Lookup> {
  const load = async (): Promise<Lookup> => {
    try {
      const res = await serverApi(context, '/api/user', { headers: { Accept: 'application/json' } })
      if (res.status === 401) return { user: null, unavailable: false }
      if (!res.ok) return { user: null, unavailable: true }
      return { user: (await res.json()) as Profile, unavailable: false }
    } catch {
      return { user: null, unavailable: true }
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

/** The signed-in user, or null for a guest (401) and when the API cannot say (public pages render as for a guest). */
export async function getUser(context: AppLoadContext | undefined): Promise<Profile | null> {
  return (await lookUp(context)).user
}

/** 'authenticated': a guest goes to `/?next={path+search}` (the home page then opens the login dialog). */
export async function requireUser(context: AppLoadContext | undefined, request: Request): Promise<Profile> {
  const { user, unavailable } = await lookUp(context)
  // A signed-in visitor must not be sent to the login page because the database is away for a moment.
  if (unavailable) throw data(null, { status: 503, headers: { 'Retry-After': '5' } })
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
