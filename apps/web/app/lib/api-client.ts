// The browser's API client: credentials, JSON, the XSRF header for state changes, and the global error
// handling of spec §8. Pure: fetch, navigation, toasts, cookies and storage are injected, so it is unit-tested
// without a DOM and wired to React Router and the toast store in lib/api.ts.
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import type { ToastInput } from './toast-store'
import { LOGGED_COOKIE, USER_STORAGE_KEY } from './site'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'
export const CSRF_COOKIE_PATH = '/api/sanctum/csrf-cookie'

export interface ApiClientDeps {
  fetch: typeof globalThis.fetch
  navigate: (to: string) => void
  toast: (input: ToastInput) => void
  /** The current path, to leave /auth alone on a 401. */
  pathname: () => string
  readCookie: (name: string) => string | null
  removeCookie: (name: string) => void
  removeStored: (key: string) => void
  /** Called after a 401 reset, so a user store can forget the user. */
  onLoggedOut?: () => void
  baseUrl?: string
}

export interface RequestOptions {
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams as they are. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Skip the global handling (no toast, no redirect); the caller deals with every failure. */
  silent?: boolean
  /** Told the status of a successful answer (spec §4: a saved search is added only on 201, changed only on 204). */
  onStatus?: (status: number) => void
  /** Send the CSRF header on a safe method too: a GET the spec names that changes state (issue 29 L5). */
  csrf?: boolean
}

/** A failed call. `handled` says the global handler already told the user (toast or redirect). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly handled: boolean,
  ) {
    super(bodyMessage(body) ?? `HTTP ${status}`)
    this.name = 'ApiError'
  }
  /** Field errors of a 422 `{message, errors: {field: [msg]}}`. */
  get fieldErrors(): Record<string, string[]> {
    const errors = (this.body as { errors?: unknown } | null)?.errors
    return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : {}
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function bodyMessage(body: unknown): string | undefined {
  const m = (body as { message?: unknown } | null)?.message
  return typeof m === 'string' && m.trim() ? m : undefined
}
function bodyError(body: unknown): string | undefined {
  const e = (body as { error?: unknown } | null)?.error
  return typeof e === 'string' ? e : undefined
}

/** The texts and actions of spec §8 for one failed response; exported for the tests and for callers. */
export function globalErrorAction(status: number, body: unknown, pathname: string) {
  if (status >= 500 || status === 0) {
    return { toast: CLIENT_MESSAGES.serverError } as const
  }
  if (status === 401) {
    const onAuth = /^\/auth(\/|$)/i.test(pathname)
    return { toast: bodyMessage(body) ?? CLIENT_MESSAGES.unauthorized, resetLogin: !onAuth, navigate: onAuth ? undefined : '/' }
  }
  if (status === 400) {
    if (bodyError(body) === 'email_already_exist') return { toast: CLIENT_MESSAGES.emailAlreadyExist } as const
    return { toast: bodyMessage(body) ?? CLIENT_MESSAGES.serverError } as const
  }
  if (status === 404) return { navigate: '/404' } as const
  // 422 goes back to the form; 403, 419 and 429 are the caller's business too.
  return null
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined
  const text = await res.text()
  if (!text) return undefined
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

export function createApiClient(initial: ApiClientDeps) {
  const deps: ApiClientDeps = { ...initial }
  let csrfInFlight: Promise<void> | null = null

  async function fetchCsrfCookie() {
    csrfInFlight ??= deps
      .fetch(`${deps.baseUrl ?? ''}${CSRF_COOKIE_PATH}`, { credentials: 'include', headers: { Accept: 'application/json' } })
      .then(() => undefined)
      .finally(() => {
        csrfInFlight = null
      })
    await csrfInFlight
  }

  async function xsrfToken(): Promise<string | null> {
    let token = deps.readCookie(XSRF_COOKIE)
    if (!token) {
      await fetchCsrfCookie()
      token = deps.readCookie(XSRF_COOKIE)
    }
    return token
  }

  function runGlobalHandler(status: number, body: unknown): boolean {
    const action = globalErrorAction(status, body, deps.pathname())
    if (!action) return false
    if ('toast' in action && action.toast) deps.toast({ type: 'error', message: action.toast, duration: 5000 })
    if ('resetLogin' in action && action.resetLogin) {
      deps.removeCookie(LOGGED_COOKIE)
      deps.removeStored(USER_STORAGE_KEY)
      deps.onLoggedOut?.()
    }
    if (action.navigate) deps.navigate(action.navigate)
    return true
  }

  async function send(method: string, path: string, opts: RequestOptions, retried: boolean): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers }
    let body: BodyInit | undefined
    if (opts.body !== undefined) {
      const b = opts.body
      if (b instanceof FormData || b instanceof URLSearchParams || b instanceof Blob || typeof b === 'string') body = b
      else {
        body = JSON.stringify(b)
        headers['Content-Type'] = 'application/json'
      }
    }
    const needsToken = STATE_CHANGING.has(method) || opts.csrf === true
    if (needsToken) {
      const token = await xsrfToken()
      if (token) headers[XSRF_HEADER] = token
    }

    let res: Response
    try {
      res = await deps.fetch(`${deps.baseUrl ?? ''}${path}`, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: opts.signal,
      })
    } catch (err) {
      if ((err as { name?: string })?.name === 'AbortError') throw err
      // No answer at all (offline, server down): the same message as a 500.
      throw new ApiError(0, null, opts.silent ? false : runGlobalHandler(0, null))
    }

    const data = await readBody(res)
    if (res.ok) {
      opts.onStatus?.(res.status)
      return data
    }
    // An expired CSRF token (419): fetch a fresh cookie and try once more.
    if (res.status === 419 && needsToken && !retried) {
      await fetchCsrfCookie()
      return send(method, path, opts, true)
    }
    throw new ApiError(res.status, data, opts.silent ? false : runGlobalHandler(res.status, data))
  }

  const request = <T = unknown>(method: string, path: string, opts: RequestOptions = {}) =>
    send(method.toUpperCase(), path, opts, false) as Promise<T>

  return {
    request,
    get: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
    put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
    patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
    delete: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    /** Swap dependencies once React is up (navigate from React Router, the toast store). */
    configure(next: Partial<ApiClientDeps>) {
      Object.assign(deps, next)
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
