import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { api } from '~/lib/api'
import { searchHref } from '~/lib/nav'
import { useDebounced, useRecentSearches } from '~/lib/search-recent'
import { matchingRecent, mobileSamples, shouldSuggest, SUGGEST_BLUR_MS, type Suggestion } from '~/lib/search-suggest'
import { SearchIcon } from '../icons'

function FiltersIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  )
}

const PHONE = '(max-width: 767px)'

// The 'Wyszukiwanie' modal (react-aria Modal + every filter field) is not needed for the first paint: it loads when
// its button is hovered, focused or pressed (issue 16).
const loadSearchModal = () => import('../search/search-modal-from-params')
const SearchModal = lazy(() => loadSearchModal().then((m) => ({ default: m.SearchModalFromParams })))

/**
 * The header's phrase search. A plain GET form to /szukaj, so it works before JavaScript; with it, an empty or
 * blank phrase is ignored and the phrase is trimmed (spec §5). From 2 typed characters a 'Sugerowane
 * wyszukiwania:' list opens (smart suggestions from the API and recent searches; on phones the three samples of
 * spec §2); it closes 200 ms after blur, on an outside click or after a choice. The sliders button opens the
 * full-screen 'Wyszukiwanie' modal.
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const [phrase, setPhrase] = useState(() => params.get('phrase') ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [smart, setSmart] = useState<Suggestion[]>([])
  const [phone, setPhone] = useState(false)
  const [modal, setModal] = useState(false)
  const id = useId()
  const root = useRef<HTMLFormElement>(null)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const recent = useRecentSearches(open)
  const typed = useDebounced(phrase.trim(), 150)

  useEffect(() => {
    const mq = window.matchMedia(PHONE)
    setPhone(mq.matches)
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

  // An outside click closes the list.
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])

  // A new page closes the list.
  useEffect(() => setOpen(false), [location.key])

  const items: Suggestion[] = phone
    ? mobileSamples(phrase)
    : shouldSuggest(phrase)
      ? [...smart, ...matchingRecent(recent.list, phrase).filter((r) => !smart.some((s) => s.label === r.label))].slice(0, 8)
      : []
  const visible = open && shouldSuggest(phrase) && items.length > 0
  const listId = `${id}-list`

  const choose = (s: Suggestion) => {
    setOpen(false)
    setPhrase(s.label)
    navigate(s.url)
  }

  return (
    <>
    <form
      ref={root}
      role="search"
      action="/szukaj"
      method="get"
      className={`relative ${className}`}
      onSubmit={(e) => {
        e.preventDefault()
        if (visible && active >= 0 && items[active]) return choose(items[active])
        const href = searchHref(phrase)
        setOpen(false)
        if (href) navigate(href)
      }}
    >
      <label htmlFor={id} className="sr-only">
        Szukaj ogłoszeń
      </label>
      <input
        id={id}
        name="phrase"
        type="search"
        role="combobox"
        aria-expanded={visible}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={visible && active >= 0 ? `${listId}-${active}` : undefined}
        value={phrase}
        onChange={(e) => {
          setPhrase(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current)
          setOpen(true)
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), SUGGEST_BLUR_MS)
        }}
        onKeyDown={(e) => {
          if (!visible) return
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setActive((a) => (a + 1) % items.length)
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1))
          } else if (e.key === 'Escape') {
            e.preventDefault()
            setOpen(false)
          }
        }}
        placeholder="wyszukaj słowo lub miejscowość"
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-slate-300 bg-slate-50 pl-4 pr-[88px] text-[15px] text-slate-900 placeholder:text-slate-500 transition-colors hover:border-slate-400 focus:border-accent-600 focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-0 focus-visible:outline-accent-600 [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="button"
        aria-label="Wyszukiwanie zaawansowane"
        aria-haspopup="dialog"
        onClick={() => setModal(true)}
        onPointerEnter={() => void loadSearchModal().catch(() => {})}
        onFocus={() => void loadSearchModal().catch(() => {})}
        className="absolute right-11 top-1 inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-200 hover:text-slate-900"
      >
        <FiltersIcon size={20} />
      </button>
      <button
        type="submit"
        aria-label="Szukaj"
        className="absolute right-1 top-1 inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-accent-600 text-white transition-colors hover:bg-accent-700"
      >
        <SearchIcon size={18} />
      </button>
      <div
        hidden={!visible}
        className="absolute inset-x-0 top-full z-50 mt-1.5 overflow-hidden rounded-2xl border border-slate-200 bg-white py-2 shadow-card-hover"
      >
        <p id={`${listId}-label`} className="px-4 pb-1 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
          Sugerowane wyszukiwania:
        </p>
        <ul id={listId} role="listbox" aria-labelledby={`${listId}-label`}>
          {items.map((s, i) => (
            <li
              key={`${s.url}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 text-[15px] text-slate-800 ${i === active ? 'bg-accent-50 text-accent-800' : ''}`}
            >
              <SearchIcon size={16} className="shrink-0 text-slate-400" />
              <span className="truncate">{s.label}</span>
            </li>
          ))}
        </ul>
        {!phone && recent.list.length > 0 && (
          <div className="mt-1 border-t border-slate-100 px-4 pt-2 text-right">
            <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={recent.clear} className="cursor-pointer text-sm font-semibold text-accent-700 hover:underline">
              Wyczyść ostatnie wyszukiwania
            </button>
          </div>
        )}
      </div>
    </form>
    {modal && (
      <Suspense fallback={null}>
        <SearchModal onClose={() => setModal(false)} params={params} />
      </Suspense>
    )}
    </>
  )
}
