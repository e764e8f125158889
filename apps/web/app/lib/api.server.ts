// Server-side data access for loaders. In the one-process server (apps/api) the load context carries `api`, which
// runs the request in-process against Fastify and forwards the visitor's cookies. Without it (`react-router dev`
// on its own) the request goes over HTTP to API_ORIGIN, so pages still render, with empty data if nothing answers.
import { data, type AppLoadContext } from 'react-router'

export type ContextApi = (path: string, init?: RequestInit) => Promise<Response>

declare module 'react-router' {
  interface AppLoadContext {
    api?: ContextApi
  }
}

export function serverApi(context: AppLoadContext | undefined, path: string, init?: RequestInit): Promise<Response> {
  if (context?.api) return context.api(path, init)
  const origin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000'
  return fetch(origin + path, { ...init, headers: { Accept: 'application/json', ...init?.headers } })
}

/** GET JSON, or `null` when the API fails or cannot be reached: a shell must not die because a widget's data did. */
export async function serverJson<T>(context: AppLoadContext | undefined, path: string): Promise<T | null> {
  try {
    const res = await serverApi(context, path, { headers: { Accept: 'application/json' } })
    if (!res.ok) {
      console.warn(`[web] ${path} → HTTP ${res.status}`)
      return null
    }
    return (await res.json()) as T
  } catch (err) {
    console.warn(`[web] ${path} failed: ${(err as Error).message}`)
    return null
  }
}

/**
 * A loader's answer to an API failure: what the page's URL asked for does not exist when the API said so (404) or
 * found the URL's parameter malformed (400, 422: a token of the wrong shape, 300 characters for an id), so the page
 * is a 404; only the API failing itself (5xx, 429 …) makes the page a 503 (issue 29: /platnosc/symulator/x and
 * /wiadomosci/<300 characters> were 503).
 */
export function loadFailed(res: Response): never {
  throw data(null, { status: res.status === 400 || res.status === 404 || res.status === 422 ? 404 : 503 })
}
