// Server-side data access for loaders. In the one-process server (apps/api) the load context carries `api`, which
// runs the request in-process against Fastify and forwards the visitor's cookies. Without it (`react-router dev`
// on its own) the request goes over HTTP to API_ORIGIN, so pages still render, with empty data if nothing answers.
import type { AppLoadContext } from 'react-router'

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
