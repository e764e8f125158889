import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, type ApiClientDeps } from './api-client'

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

function setup(responses: Record<string, Response | (() => Response)>, opts: { path?: string; cookies?: Record<string, string> } = {}) {
  const cookies = new Map(Object.entries(opts.cookies ?? {}))
  const calls: { url: string; init: RequestInit }[] = []
  const deps: ApiClientDeps = {
    fetch: vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
      const u = String(url)
      calls.push({ url: u, init })
      if (u === '/api/sanctum/csrf-cookie') {
        cookies.set('XSRF-TOKEN', 'fresh-token')
        return new Response(null, { status: 204 })
      }
      const r = responses[`${init.method ?? 'GET'} ${u}`]
      if (!r) throw new TypeError('Failed to fetch')
      return typeof r === 'function' ? r() : r.clone()
    }) as unknown as typeof fetch,
    navigate: vi.fn(),
    toast: vi.fn(),
    pathname: () => opts.path ?? '/ogloszenia/x',
    readCookie: (n) => cookies.get(n) ?? null,
    removeCookie: vi.fn((n: string) => void cookies.delete(n)),
    removeStored: vi.fn(),
    onLoggedOut: vi.fn(),
  }
  return { client: createApiClient(deps), deps, calls, cookies }
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    return e as ApiError
  }
  throw new Error('expected a failure')
}

describe('api client', () => {
  it('sends credentials and Accept json, returns parsed JSON', async () => {
    const { client, calls } = setup({ 'GET /api/offers': json(200, { data: [1] }) })
    await expect(client.get('/api/offers')).resolves.toEqual({ data: [1] })
    expect(calls[0]!.init.credentials).toBe('include')
    expect((calls[0]!.init.headers as Record<string, string>).Accept).toBe('application/json')
  })

  it('fetches the CSRF cookie first when missing and sends X-XSRF-TOKEN on state changes', async () => {
    const { client, calls } = setup({ 'POST /api/x': json(201, { id: 1 }) })
    await client.post('/api/x', { a: 1 })
    expect(calls.map((c) => c.url)).toEqual(['/api/sanctum/csrf-cookie', '/api/x'])
    const headers = calls[1]!.init.headers as Record<string, string>
    expect(headers['X-XSRF-TOKEN']).toBe('fresh-token')
    expect(headers['Content-Type']).toBe('application/json')
    expect(calls[1]!.init.body).toBe('{"a":1}')
  })

  it('uses the existing XSRF cookie without asking for a new one; GET sends none', async () => {
    const { client, calls } = setup(
      { 'DELETE /api/x': new Response(null, { status: 204 }), 'GET /api/y': json(200, {}) },
      { cookies: { 'XSRF-TOKEN': 'abc' } },
    )
    await expect(client.delete('/api/x')).resolves.toBeUndefined()
    await client.get('/api/y')
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/y'])
    expect((calls[0]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc')
    expect((calls[1]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined()
  })

  it('a GET with csrf: true (a state change the spec names GET) sends the token', async () => {
    const { client, calls } = setup({ 'GET /api/z': json(200, {}) }, { cookies: { 'XSRF-TOKEN': 'abc' } })
    await client.get('/api/z', { csrf: true })
    expect((calls[0]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc')
  })

  it('retries once with a fresh cookie after a 419', async () => {
    let n = 0
    const { client, calls } = setup(
      { 'POST /api/x': () => (n++ === 0 ? json(419, { message: 'CSRF token mismatch.' }) : json(200, { ok: true })) },
      { cookies: { 'XSRF-TOKEN': 'stale' } },
    )
    await expect(client.post('/api/x', {})).resolves.toEqual({ ok: true })
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/sanctum/csrf-cookie', '/api/x'])
    expect((calls[2]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('fresh-token')
  })

  it('500 → error toast "Wystąpił problem, spróbuj ponownie" for 5000 ms', async () => {
    const { client, deps } = setup({ 'GET /api/__test/fail': json(500, { message: 'boom' }) })
    const err = await failure(client.get('/api/__test/fail'))
    expect(err).toBeInstanceOf(ApiError)
    expect(err.status).toBe(500)
    expect(err.handled).toBe(true)
    expect(deps.toast).toHaveBeenCalledWith({ type: 'error', message: 'Wystąpił problem, spróbuj ponownie', duration: 5000 })
    expect(deps.navigate).not.toHaveBeenCalled()
  })

  it('a network failure shows the same message', async () => {
    const { client, deps } = setup({})
    const err = await failure(client.get('/api/nowhere'))
    expect(err.status).toBe(0)
    expect(deps.toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Wystąpił problem, spróbuj ponownie' }))
  })

  it('401 → server message, go home, reset the login state', async () => {
    const { client, deps } = setup({ 'GET /api/user': json(401, { error: 'unauthenticated', message: 'Sesja wygasła' }) }, { cookies: { isLogged: '1' } })
    await failure(client.get('/api/user'))
    expect(deps.toast).toHaveBeenCalledWith({ type: 'error', message: 'Sesja wygasła', duration: 5000 })
    expect(deps.navigate).toHaveBeenCalledWith('/')
    expect(deps.removeCookie).toHaveBeenCalledWith('isLogged')
    expect(deps.removeStored).toHaveBeenCalledWith('portal_user')
    expect(deps.onLoggedOut).toHaveBeenCalled()
  })

  it('401 without a message uses the default text; on /auth it stays put', async () => {
    const { client, deps } = setup({ 'POST /api/auth/login': json(401, {}) }, { path: '/auth', cookies: { 'XSRF-TOKEN': 't' } })
    await failure(client.post('/api/auth/login', {}))
    expect(deps.toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Zaloguj się, aby mieć dostęp do tej strony' }))
    expect(deps.navigate).not.toHaveBeenCalled()
    expect(deps.removeCookie).not.toHaveBeenCalled()
  })

  it('400 email_already_exist → its Polish text; other 400 → server message or the 500 text', async () => {
    const { client, deps } = setup(
      {
        'POST /api/a': json(400, { error: 'email_already_exist', message: 'exists' }),
        'POST /api/b': json(400, { error: 'bad', message: 'Zły kod' }),
        'POST /api/c': json(400, {}),
      },
      { cookies: { 'XSRF-TOKEN': 't' } },
    )
    await failure(client.post('/api/a'))
    await failure(client.post('/api/b'))
    await failure(client.post('/api/c'))
    const messages = vi.mocked(deps.toast).mock.calls.map((c) => c[0].message)
    expect(messages).toEqual(['Ten adres email jest już używany przez inne konto', 'Zły kod', 'Wystąpił problem, spróbuj ponownie'])
  })

  it('422 → nothing global; the field errors go back to the caller', async () => {
    const { client, deps } = setup(
      { 'POST /api/form': json(422, { message: 'Invalid', errors: { email: ['Email jest wymagany'] } }) },
      { cookies: { 'XSRF-TOKEN': 't' } },
    )
    const err = await failure(client.post('/api/form', {}))
    expect(err.status).toBe(422)
    expect(err.handled).toBe(false)
    expect(err.fieldErrors).toEqual({ email: ['Email jest wymagany'] })
    expect(deps.toast).not.toHaveBeenCalled()
    expect(deps.navigate).not.toHaveBeenCalled()
  })

  it('404 → /404 without a message', async () => {
    const { client, deps } = setup({ 'GET /api/offers/nope': json(404, { error: 'not_found', message: 'Not found' }) })
    await failure(client.get('/api/offers/nope'))
    expect(deps.navigate).toHaveBeenCalledWith('/404')
    expect(deps.toast).not.toHaveBeenCalled()
  })

  it('silent calls skip the global handling', async () => {
    const { client, deps } = setup({ 'GET /api/x': json(500, {}) })
    const err = await failure(client.get('/api/x', { silent: true }))
    expect(err.handled).toBe(false)
    expect(deps.toast).not.toHaveBeenCalled()
  })
})
