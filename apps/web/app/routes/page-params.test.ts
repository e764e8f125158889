import { describe, expect, it, vi } from 'vitest'
import type { AppLoadContext } from 'react-router'
import { loader as simulatorLoader } from './payment-simulator'
import { loader as threadLoader } from './message-thread'

/**
 * A malformed parameter in a page's URL makes the page a 404, never a 5xx (issue 29): the API answers 422 for a
 * simulator token of the wrong shape or a 300-character thread id, and the pages answered 503 'Wystąpił błąd'.
 * Only the API failing itself (5xx) makes the page a 503.
 */
const user = { id: 7, name: 'Jan', email: 'jan@example.pl', roles: [], type: 'user' }

function context(status: number) {
  const api = vi.fn(async (path: string) => path === '/api/user'
    ? Response.json(user)
    : Response.json({ message: 'Dane są nieprawidłowe.', errors: { id: ['Nieprawidłowy identyfikator.'] } }, { status }))
  return { api } as unknown as AppLoadContext
}

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p
  } catch (e) {
    return (e as { init?: ResponseInit }).init?.status ?? -1
  }
  return 200
}

const args = (path: string, params: Record<string, string>, status: number) =>
  ({ request: new Request(`http://x${path}`), params, context: context(status) }) as never

describe('page loaders and malformed URL parameters', () => {
  it('/platnosc/symulator/x: the API says 422 → 404; the API failing → 503', async () => {
    expect(await statusOf(simulatorLoader(args('/platnosc/symulator/x', { token: 'x' }, 422)))).toBe(404)
    expect(await statusOf(simulatorLoader(args('/platnosc/symulator/x', { token: 'x' }, 400)))).toBe(404)
    expect(await statusOf(simulatorLoader(args('/platnosc/symulator/x', { token: 'x' }, 500)))).toBe(503)
  })

  it('/wiadomosci/<300 characters>, logged in: 422 → 404', async () => {
    const id = 'a'.repeat(300)
    expect(await statusOf(threadLoader(args(`/wiadomosci/${id}`, { id }, 422)))).toBe(404)
    expect(await statusOf(threadLoader(args(`/wiadomosci/${id}`, { id }, 503)))).toBe(503)
  })
})
