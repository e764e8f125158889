// Recent searches (spec §3, §4): places, on the server for logged-in users (GET/POST/DELETE /api/recent-search),
// in localStorage `recent_search` for guests.
import { useCallback, useEffect, useState } from 'react'
import { api } from './api'
import { useAuth } from './auth'
import { pushRecent, RECENT_KEY, recentList, type Suggestion } from './search-suggest'
import type { PickedLocation } from './search-location'

function readLocal(): Suggestion[] {
  try {
    return recentList(JSON.parse(globalThis.localStorage?.getItem(RECENT_KEY) ?? '[]'))
  } catch {
    return []
  }
}
function writeLocal(list: Suggestion[]) {
  try {
    globalThis.localStorage?.setItem(
      RECENT_KEY,
      JSON.stringify(list.map((s) => ({ display_name: s.label, lat: s.lat, lon: s.lon, url: s.url }))),
    )
  } catch {
    // Blocked storage: the list simply is not remembered.
  }
}

/** Remembers a searched place (the server's list for a signed-in user, else localStorage); returns its entry. */
export function addRecentSearch(loc: PickedLocation, url: string, logged: boolean): Suggestion {
  const entry: Suggestion = { label: loc.display_name, url, lat: loc.lat, lon: loc.lon }
  if (logged) void api.post('/api/recent-search', { display_name: loc.display_name, lat: loc.lat, lon: loc.lon }, { silent: true }).catch(() => {})
  else writeLocal(pushRecent(readLocal(), entry))
  return entry
}

export function useRecentSearches(enabled: boolean) {
  const { user } = useAuth()
  const logged = !!user
  const [list, setList] = useState<Suggestion[]>([])
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    if (!enabled || loaded) return
    setLoaded(true)
    if (!logged) {
      setList(readLocal())
      return
    }
    api.get('/api/recent-search', { silent: true }).then((r) => setList(recentList(r)), () => setList([]))
  }, [enabled, loaded, logged])

  const add = useCallback(
    (loc: PickedLocation, url: string) => {
      const entry = addRecentSearch(loc, url, logged)
      if (logged) setList((prev) => pushRecent(prev, entry))
      else setList(readLocal())
    },
    [logged],
  )

  const clear = useCallback(() => {
    setList([])
    if (logged) void api.delete('/api/recent-search', { silent: true }).catch(() => {})
    else {
      try {
        globalThis.localStorage?.removeItem(RECENT_KEY)
      } catch {
        // nothing stored
      }
    }
  }, [logged])

  return { list, add, clear }
}

