import { describe, expect, it, vi } from 'vitest'
import type { AppLoadContext } from 'react-router'
import { getUser, redirectIfLoggedIn, requireCompany, requireUser } from './auth.server'

const profile = { id: 7, name: 'Jan', email: 'jan@example.pl', roles: [], type: 'user' }

function ctx(status: number, body: unknown = profile) {
  const api = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))
  return { context: { api } as unknown as AppLoadContext, api }
}

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p
  } catch (e) {
    return e as Response
  }
  throw new Error('expected a redirect')
}

describe('guards (spec §6)', () => {
  it('loads the user once per request context', async () => {
    const { context, api } = ctx(200)
    const [a, b] = await Promise.all([getUser(context), getUser(context)])
    expect(a).toEqual(profile)
    expect(b).toBe(a)
    expect(api).toHaveBeenCalledTimes(1)
    expect(api).toHaveBeenCalledWith('/api/user', expect.anything())
  })

  it('treats 401 as a guest', async () => {
    expect(await getUser(ctx(401, { error: 'unauthenticated' }).context)).toBeNull()
  })

  it('authenticated: a guest goes to /?next= with path and query', async () => {
    const res = await thrown(requireUser(ctx(401).context, new Request('http://x/ustawienia-konta?tab=1')))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/?next=%2Fustawienia-konta%3Ftab%3D1')
    await expect(requireUser(ctx(200).context, new Request('http://x/ustawienia-konta'))).resolves.toEqual(profile)
  })

  it('authenticated: while the API cannot say (database away → 503) the page is 503, not a trip to the login', async () => {
    const res = await thrown(requireUser(ctx(503, { error: 'service_unavailable' }).context, new Request('http://x/ulubione'))) as unknown as { init: ResponseInit }
    expect(res.init.status).toBe(503)
    expect(new Headers(res.init.headers).get('Retry-After')).toBe('5')
    // Public pages still render, as for a guest.
    expect(await getUser(ctx(503, { error: 'service_unavailable' }).context)).toBeNull()
  })

  it('checkIfLoggedIn: a signed-in user goes home', async () => {
    const res = await thrown(redirectIfLoggedIn(ctx(200).context))
    expect(res.headers.get('Location')).toBe('/')
    await expect(redirectIfLoggedIn(ctx(401).context)).resolves.toBeUndefined()
  })

  it('company: only roles company or admin pass', async () => {
    const req = new Request('http://x/agenci')
    const res = await thrown(requireCompany(ctx(200, { ...profile, type: 'agency', roles: [] }).context, req))
    expect(res.headers.get('Location')).toBe('/')
    await expect(requireCompany(ctx(200, { ...profile, roles: ['company'] }).context, req)).resolves.toBeTruthy()
    await expect(requireCompany(ctx(200, { ...profile, roles: ['admin'] }).context, req)).resolves.toBeTruthy()
    const guest = await thrown(requireCompany(ctx(401).context, req))
    expect(guest.headers.get('Location')).toBe('/?next=%2Fagenci')
  })
})
