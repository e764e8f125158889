import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { api } from '~/lib/api'
import { useRecentSearches } from '~/lib/search-recent'
import { useAuth } from '~/lib/auth'
import { useDebounced } from '~/lib/use-debounced'
import { matchingRecent, mobileSamples, shouldSuggest, type Suggestion } from '~/lib/search-suggest'
import { SearchIcon } from '../icons'

const PHONE = '(max-width: 767px)'

/** What the header's field asks of the loaded list: arrow keys and Esc, Enter on a highlighted suggestion. */
export interface SuggestHandle {
  onKey(e: KeyboardEvent<HTMLInputElement>): void
  /** Chooses the highlighted suggestion if the list is shown; false when there is none (the form then searches). */
  chooseActive(): boolean
}

/**
 * The header search's 'Sugerowane wyszukiwania:' list (header-search.tsx loads it on the field's first focus): from 2
 * typed characters smart suggestions from the API and recent searches; on phones the three samples of spec §2.
 */
export function HeaderSuggestions({ handle, listId, phrase, open, onChoose, onClose, onState }: {
  handle: RefObject<SuggestHandle | null>
  listId: string
  phrase: string
  open: boolean
  onChoose: (s: Suggestion) => void
  onClose: () => void
  onState: (s: { visible: boolean; active: number }) => void
}) {
  const [active, setActive] = useState(-1)
  const [smart, setSmart] = useState<Suggestion[]>([])
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches)
  const recent = useRecentSearches(open)
  const typed = useDebounced(phrase.trim(), 150)
  // Before typing (issue 25 item 7): recent searches and, for a signed-in person, the saved ones (newest 5).
  const { user } = useAuth()
  const [saved, setSaved] = useState<Suggestion[]>([])
  useEffect(() => {
    if (!open || !user) return
    const ctl = new AbortController()
    api
      .get<{ data?: { name: string; url: string }[] }>('/api/favorite-filters?per_page=5', { silent: true, signal: ctl.signal })
      .then((r) => setSaved((r.data ?? []).slice(0, 5).map((x) => ({ label: x.name, url: x.url }))))
      .catch(() => {})
    return () => ctl.abort()
  }, [open, user])
  const empty = !phrase.trim()
  const recentShown = empty ? recent.list : []
  const savedShown = empty && user ? saved : []

  useEffect(() => {
    const mq = window.matchMedia(PHONE)
    const on = () => setPhone(mq.matches)
    mq.addEventListener('change', on)
    return () => mq.removeEventListener('change', on)
  }, [])

  // Smart suggestions (desktop): at most 5 from the API, for 2 or more characters.
  useEffect(() => {
    if (phone || !shouldSuggest(typed)) {
      setSmart([])
      return
    }
    const ctl = new AbortController()
    api
      .get<Suggestion[]>(`/api/search/suggestions?q=${encodeURIComponent(typed)}`, { silent: true, signal: ctl.signal })
      .then((r) => setSmart(Array.isArray(r) ? r.slice(0, 5) : []))
      .catch(() => {})
    return () => ctl.abort()
  }, [typed, phone])

  // Typing starts the highlight over.
  useEffect(() => setActive(-1), [phrase])

  const items: Suggestion[] = empty
    ? [...recentShown, ...savedShown]
    : phone
      ? mobileSamples(phrase)
      : shouldSuggest(phrase)
        ? [...smart, ...matchingRecent(recent.list, phrase).filter((r) => !smart.some((s) => s.label === r.label))].slice(0, 8)
        : []
  const visible = open && (empty || shouldSuggest(phrase)) && items.length > 0
  const groups = empty
    ? [{ title: 'Ostatnie wyszukiwania', from: 0, list: recentShown }, { title: 'Zapisane wyszukiwania', from: recentShown.length, list: savedShown }]
    : [{ title: 'Sugerowane wyszukiwania:', from: 0, list: items }]

  useEffect(() => onState({ visible, active }), [visible, active, onState])

  handle.current = {
    onKey(e) {
      if (!visible) return
      if (e.key === 'ArrowDown') {
        e.preventDefault()
        setActive((a) => (a + 1) % items.length)
      } else if (e.key === 'ArrowUp') {
        e.preventDefault()
        setActive((a) => (a <= 0 ? items.length - 1 : a - 1))
      } else if (e.key === 'Escape') {
        e.preventDefault()
        onClose()
      }
    },
    chooseActive() {
      if (!(visible && active >= 0 && items[active])) return false
      onChoose(items[active])
      return true
    },
  }

  return (
    <div
      hidden={!visible}
      className="absolute inset-x-0 top-full z-50 mt-1.5 overflow-hidden rounded-2xl border border-slate-200 bg-white py-2 shadow-card-hover"
    >
      <div id={listId} role="listbox" aria-label="Podpowiedzi wyszukiwania">
        {groups.filter((g) => g.list.length).map((g) => (
          <div key={g.title} role="group" aria-labelledby={`${listId}-g${g.from}`}>
            <p id={`${listId}-g${g.from}`} className="px-4 pb-1 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {g.title}
            </p>
            {g.list.map((s, j) => {
              const i = g.from + j
              return (
                <div
                  key={`${s.url}-${i}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onChoose(s)}
                  className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 text-[15px] text-slate-800 ${i === active ? 'bg-accent-50 text-accent-800' : ''}`}
                >
                  <SearchIcon size={16} className="shrink-0 text-slate-400" />
                  <span className="truncate">{s.label}</span>
                </div>
              )
            })}
          </div>
        ))}
      </div>
      {(!phone || empty) && recent.list.length > 0 && (
        <div className="mt-1 border-t border-slate-100 px-4 pt-2 text-right">
          <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={recent.clear} className="cursor-pointer text-sm font-semibold text-accent-700 hover:underline">
            Wyczyść ostatnie wyszukiwania
          </button>
        </div>
      )}
    </div>
  )
}
