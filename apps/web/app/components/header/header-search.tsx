import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { searchHref } from '~/lib/nav'
import type { Suggestion } from '~/lib/search-suggest'
import { useKeepEarlyInput } from '../early-press'
import { SearchIcon } from '../icons'
import type { SuggestHandle } from './header-suggestions'

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

// The suggestion list (its API calls, recent searches and the rules of lib/search-suggest) loads on the field's first
// focus: it shows nothing before 2 typed characters (decision 040).
const Suggestions = lazy(() => import('./header-suggestions').then((m) => ({ default: m.HeaderSuggestions })))
// lib/search-suggest's SUGGEST_BLUR_MS, written here so the field does not load that module.
const BLUR_MS = 200

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
  const [wanted, setWanted] = useState(false)
  const [list, setList] = useState({ visible: false, active: -1 })
  const [modal, setModal] = useState(false)
  const id = useId()
  const root = useRef<HTMLFormElement>(null)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const keys = useRef<SuggestHandle | null>(null)
  // Typed before the page hydrated: kept, with its suggestions while the field has the focus.
  const input = useKeepEarlyInput<HTMLInputElement, string>(phrase, (t) => {
    setPhrase(t)
    if (document.activeElement !== input.current) return
    setOpen(true)
    setWanted(true)
  })

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
        if (keys.current?.chooseActive()) return
        const href = searchHref(phrase)
        setOpen(false)
        if (href) navigate(href)
      }}
    >
      <label htmlFor={id} className="sr-only">
        Szukaj ogłoszeń
      </label>
      <input
        ref={input}
        id={id}
        name="phrase"
        type="search"
        role="combobox"
        aria-expanded={list.visible}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={list.visible && list.active >= 0 ? `${listId}-${list.active}` : undefined}
        value={phrase}
        onChange={(e) => {
          setPhrase(e.target.value)
          setOpen(true)
          setWanted(true)
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current)
          setOpen(true)
          setWanted(true)
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), BLUR_MS)
        }}
        onKeyDown={(e) => keys.current?.onKey(e)}
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
      {wanted && (
        <Suspense fallback={null}>
          <Suggestions handle={keys} listId={listId} phrase={phrase} open={open} onChoose={choose} onClose={() => setOpen(false)} onState={setList} />
        </Suspense>
      )}
    </form>
    {modal && (
      <Suspense fallback={null}>
        <SearchModal onClose={() => setModal(false)} params={params} />
      </Suspense>
    )}
    </>
  )
}
