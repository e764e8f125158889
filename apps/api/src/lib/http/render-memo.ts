import type { FastifyRequest } from 'fastify'
import { randomToken } from './random-token.ts'

/**
 * What the API calls of one server-rendered page share (decision 096): a page's loaders make five or six in-process
 * calls with the visitor's cookie, and each looked the session up again (and most the user row): a signed-in
 * listing page read the same two rows a dozen times. The page's load context opens a memo and names it in
 * RENDER_MEMO_HEADER on its GET calls; the session plugin and currentUser read through it. A call that is not a
 * GET (an action) empties it first, so the loaders after it read again. The key is random and lives only while its
 * page is being answered: a client cannot name a memo it did not open.
 */
export const RENDER_MEMO_HEADER = 'x-portal-render'

export interface RenderMemo {
  session?: Promise<unknown>
  user?: Promise<unknown>
}

const memos = new Map<string, RenderMemo>()

/** A memo for one page's calls; `close` when the page has been answered. */
export function openRenderMemo(): { key: string; close: () => void } {
  const key = randomToken(16)
  memos.set(key, {})
  return { key, close: () => { memos.delete(key) } }
}

/** The memo a GET of a page's load context shares; undefined for anything else (a non-GET empties it). */
export function renderMemoOf(request: FastifyRequest): RenderMemo | undefined {
  const key = request.headers[RENDER_MEMO_HEADER]
  if (typeof key !== 'string') return undefined
  const memo = memos.get(key)
  if (!memo) return undefined
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    memo.session = undefined
    memo.user = undefined
    return undefined
  }
  return memo
}

/** How many memos are open (tests: every page closes its own). */
export const openRenderMemos = () => memos.size
