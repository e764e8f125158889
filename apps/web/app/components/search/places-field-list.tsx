import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { useNavigate } from 'react-router'
import { api } from '~/lib/api'
import { useAuth } from '~/lib/auth'
import { useRecentSearches } from '~/lib/search-recent'
import { LOCATION_DEBOUNCE_MS, LOCATION_ERROR, placeName, toPicked, usableLocations, type LocationSuggestion } from '~/lib/search-location'
import { addChoice, choiceOf } from '~/lib/search-form'
import type { PlaceChoice } from '~/lib/search-places'
import type { Suggestion } from '~/lib/search-suggest'
import { useDebounced } from '~/lib/use-debounced'
import { SearchIcon } from '../icons'

/** What the field asks of the loaded list: arrows, Enter on a highlighted option, Esc. */
export interface PlacesListHandle {
  onKey(e: KeyboardEvent<HTMLInputElement>): void
}
export interface PlacesListState { visible: boolean; active: number; error?: boolean }
type Update = (chips: PlaceChoice[]) => PlaceChoice[]
type Option = { kind: 'place'; l: LocationSuggestion } | { kind: 'search'; s: Suggestion }

/**
 * The places field's list (places-field.tsx loads it on first focus, hover or input; decision 080): from the first
 * letter, /api/locations after 300 ms (an error says so under the field); before typing, with `history` and no chip
 * yet, recent searches and a signed-in person's newest five saved ones, each going to its search. Its keys: arrows,
 * Enter, Esc, and Backspace in the empty box.
 */
export function PlacesList({ handle, id, listId, text, open, history, chips, onPick, onChips, onClose, onState }: {
  handle: RefObject<PlacesListHandle | null>
  id: string
  listId: string
  text: string
  open: boolean
  history: boolean
  chips: PlaceChoice[]
  /** A pick (the field empties its text too). */
  onPick: (f: Update) => void
  onChips: (f: Update) => void
  onClose: () => void
  onState: (s: PlacesListState) => void
}) {
  const navigate = useNavigate()
  const { user } = useAuth()
  const query = useDebounced(text.trim(), LOCATION_DEBOUNCE_MS)
  const [found, setFound] = useState<{ q: string; list: LocationSuggestion[] } | null>(null)
  const [error, setError] = useState(false)
  const [active, setActive] = useState(-1)
  const before = history && !text.trim() && !chips.length
  const recent = useRecentSearches(open && before)
  const [saved, setSaved] = useState<Suggestion[]>([])

  useEffect(() => {
    if (!query) return
    const ctl = new AbortController()
    setError(false)
    api
      .get<unknown>(`/api/locations?q=${encodeURIComponent(query)}`, { silent: true, signal: ctl.signal })
      .then((r) => setFound({ q: query, list: usableLocations(r) }))
      .catch((err) => {
        if ((err as { name?: string })?.name === 'AbortError') return
        setFound(null)
        setError(true)
      })
    return () => ctl.abort()
  }, [query])

  useEffect(() => {
    if (!open || !before || !user) return
    const ctl = new AbortController()
    api
      .get<{ data?: { name: string; url: string }[] }>('/api/favorite-filters?per_page=5', { silent: true, signal: ctl.signal })
      .then((r) => setSaved((r.data ?? []).slice(0, 5).map((x) => ({ label: x.name, url: x.url }))))
      .catch(() => {})
    return () => ctl.abort()
  }, [open, before, user])

  // A town from the URL (a point without its gmina) joined by another place: its gmina, from the reverse lookup.
  const unresolved = chips.length > 1 ? chips.filter((c) => c.point && !c.place) : []
  useEffect(() => {
    if (!unresolved.length) return
    const ctl = new AbortController()
    for (const c of unresolved) {
      api
        .get<LocationSuggestion>(`/api/locations/reverse?lat=${c.point!.lat}&lon=${c.point!.lon}`, { silent: true, signal: ctl.signal })
        .then((r) => r.gmina && onChips((all) => all.map((x) => (x.label === c.label && !x.place ? { ...x, place: r.gmina } : x))))
        .catch(() => {})
    }
    return () => ctl.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unresolved.map((c) => c.label).join('\n')])

  const typed = text.trim()
  const loading = !!typed && !error && found?.q !== typed
  const places = typed && found?.q === typed ? found.list : []
  const recentShown = before ? recent.list : []
  const savedShown = before && user ? saved : []
  const options: Option[] = before
    ? [...recentShown, ...savedShown].map((s) => ({ kind: 'search', s }))
    : places.map((l) => ({ kind: 'place', l }))
  const visible = open && (before ? options.length > 0 : !!typed && !error)

  useEffect(() => setActive(-1), [text])
  useEffect(() => onState({ visible, active, error }), [visible, active, error, onState])

  const choose = (o: Option) => {
    if (o.kind === 'search') {
      onClose()
      navigate(o.s.url)
      return
    }
    const c = choiceOf(toPicked(o.l))
    // The answer stays: the same text typed again at once (before the debounce moves) shows it without a new request.
    onPick((all) => addChoice(all, c))
  }

  handle.current = {
    onKey(e) {
      // Backspace in the empty box removes the last chip (here: the list has loaded on the field's first focus).
      if (e.key === 'Backspace' && !text && chips.length) {
        e.preventDefault()
        onChips((all) => all.slice(0, -1))
      } else if (e.key === 'ArrowDown' && options.length) {
        e.preventDefault()
        setActive((a) => (a + 1) % options.length)
      } else if (e.key === 'ArrowUp' && options.length) {
        e.preventDefault()
        setActive((a) => (a <= 0 ? options.length - 1 : a - 1))
      } else if (e.key === 'Enter' && visible && options[active]) {
        e.preventDefault()
        choose(options[active])
      } else if (e.key === 'Escape' && visible) {
        e.preventDefault()
        onClose()
      }
    },
  }

  const option = (o: Option, i: number, body: React.ReactNode) => (
    <li
      key={i}
      id={`${listId}-${i}`}
      role="option"
      aria-selected={i === active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => choose(o)}
      onMouseEnter={() => setActive(i)}
      className={`cursor-pointer rounded-lg px-3 py-2 ${i === active ? 'bg-accent-50' : ''}`}
    >
      {body}
    </li>
  )
  const groups = [
    { title: 'Ostatnie wyszukiwania', from: 0, n: recentShown.length },
    { title: 'Zapisane wyszukiwania', from: recentShown.length, n: savedShown.length },
  ].filter((g) => g.n)

  return (
    <>
      {loading && open && (
        <span role="status" className="sr-only">
          Szukam miejscowości…
        </span>
      )}
      {error && (
        <p id={`${id}-err`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {LOCATION_ERROR}
        </p>
      )}
      <div
        hidden={!visible}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-card-hover"
      >
        {before ? (
          <div id={listId} role="listbox" aria-label="Ostatnie i zapisane wyszukiwania">
            {groups.map((g) => (
              <ul key={g.title} role="group" aria-labelledby={`${listId}-g${g.from}`}>
                <li role="presentation" id={`${listId}-g${g.from}`} className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {g.title}
                </li>
                {options.slice(g.from, g.from + g.n).map((o, j) =>
                  option(o, g.from + j, (
                    <span className="flex items-center gap-3 text-[15px] text-slate-800">
                      <SearchIcon size={16} className="shrink-0 text-slate-400" />
                      <span className="truncate">{o.kind === 'search' ? o.s.label : ''}</span>
                    </span>
                  )),
                )}
              </ul>
            ))}
          </div>
        ) : (
          <ul id={listId} role="listbox" aria-label="Podpowiedzi lokalizacji">
            {loading && !places.length && <li className="px-3 py-2.5 text-sm text-slate-500">Szukam…</li>}
            {!loading && !places.length && <li className="px-3 py-2.5 text-sm text-slate-500">Nie znaleziono takiej miejscowości</li>}
            {places.map((l, i) =>
              option({ kind: 'place', l }, i, (
                <>
                  <span className="block text-[15px] font-medium text-slate-900">{placeName(l)}</span>
                  <span className="block truncate text-xs text-slate-500">{l.display_name}</span>
                </>
              )),
            )}
          </ul>
        )}
      </div>
    </>
  )
}
