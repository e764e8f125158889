// Saved searches in the browser (spec §4): the client changes its list only on 201 (added) and 204 (updated,
// removed). A guest's save waits in sessionStorage through the login dialog and is sent right after login.
import type { SavedSearchPeriod } from '@portal/contracts/saved-searches'
import { api } from './api'

export interface SaveRequest { filters: string; period: SavedSearchPeriod; notification: boolean; name?: string }

const PENDING_KEY = 'pending_saved_search'

/** POST; resolves with the new id only when the API answered 201. */
export async function saveSearch(req: SaveRequest): Promise<{ id: number } | null> {
  let status = 0
  const r = await api.post<{ id: number; created_at: string }>('/api/favorite-filters', req, { onStatus: (s) => { status = s } })
  return status === 201 && r ? { id: r.id } : null
}

/** PUT {id, …}; true only on 204. */
export async function updateSearch(id: number, change: { status?: boolean; period?: SavedSearchPeriod; seen?: boolean }): Promise<boolean> {
  let status = 0
  await api.put('/api/favorite-filters', { id, ...change }, { onStatus: (s) => { status = s } })
  return status === 204
}

/** DELETE; true only on 204. */
export async function removeSearch(id: number): Promise<boolean> {
  let status = 0
  await api.delete(`/api/favorite-filters/${id}`, { onStatus: (s) => { status = s } })
  return status === 204
}

export function keepPendingSave(req: SaveRequest): void {
  try { sessionStorage.setItem(PENDING_KEY, JSON.stringify(req)) } catch { /* storage blocked: the user saves again */ }
}

export function takePendingSave(): SaveRequest | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY)
    if (!raw) return null
    sessionStorage.removeItem(PENDING_KEY)
    return JSON.parse(raw) as SaveRequest
  } catch {
    return null
  }
}
