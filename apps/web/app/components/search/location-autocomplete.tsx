import { useEffect, useId, useRef, useState } from 'react'
import { api } from '~/lib/api'
import { useDebounced } from '~/lib/use-debounced'
import {
  LOCATION_DEBOUNCE_MS,
  LOCATION_ERROR,
  placeName,
  toPicked,
  usableLocations,
  type LocationSuggestion,
  type PickedLocation,
} from '~/lib/search-location'
import { useKeepEarlyInput } from '../early-press'
import { PinIcon } from '../icons'
import { fieldBox, fieldLabel } from './controls'

type Status = 'idle' | 'loading' | 'done' | 'error'

/**
 * Location autocomplete (spec §3–§5, §8): typing waits 300 ms, then asks /api/locations; 'administrative'
 * results are dropped; empty text sends nothing and empties the list; a failure says so under the input and
 * empties the list. An ARIA combobox: arrows move, Enter picks, Esc closes.
 */
export function LocationAutocomplete({ text, onText, onPick, label = 'Lokalizacja', placeholder = 'Wpisz miejscowość', className = '', trailing, name }: {
  text: string
  /** The field's name in the form sent before JavaScript (a phrase). */
  name?: string
  onText: (t: string) => void
  onPick: (l: PickedLocation) => void
  label?: string
  placeholder?: string
  className?: string
  trailing?: React.ReactNode
}) {
  const id = useId()
  const [items, setItems] = useState<LocationSuggestion[]>([])
  const [status, setStatus] = useState<Status>('idle')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [typed, setTyped] = useState(false)
  const query = useDebounced(text.trim(), LOCATION_DEBOUNCE_MS)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Typed before the page hydrated: kept, and suggested for as if typed now (the field still has the focus).
  const input = useKeepEarlyInput<HTMLInputElement, string>(text, (t) => {
    onText(t)
    setTyped(true)
    if (document.activeElement === input.current) setOpen(true)
  })

  useEffect(() => {
    if (!typed) return
    if (!query) {
      setItems([])
      setStatus('idle')
      return
    }
    const ctl = new AbortController()
    setStatus('loading')
    api
      .get<unknown>(`/api/locations?q=${encodeURIComponent(query)}`, { silent: true, signal: ctl.signal })
      .then((r) => {
        setItems(usableLocations(r))
        setStatus('done')
        setActive(-1)
      })
      .catch((err) => {
        if ((err as { name?: string })?.name === 'AbortError') return
        setItems([])
        setStatus('error')
      })
    return () => ctl.abort()
  }, [query, typed])

  const pick = (l: LocationSuggestion) => {
    const picked = toPicked(l)
    onText(picked.display_name)
    onPick(picked)
    setTyped(false)
    setOpen(false)
    setItems([])
    setStatus('idle')
  }

  const showList = open && typed && text.trim() !== '' && (status === 'loading' || status === 'done')
  const listId = `${id}-list`

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="relative">
        <PinIcon size={18} className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-slate-400" />
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={status === 'error' ? `${id}-err` : undefined}
          aria-invalid={status === 'error' || undefined}
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e) => {
            onText(e.target.value)
            setTyped(true)
            setOpen(true)
            if (!e.target.value.trim()) {
              setItems([])
              setStatus('idle')
            }
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), 200)
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && items.length) {
              e.preventDefault()
              setOpen(true)
              setActive((a) => (a + 1) % items.length)
            } else if (e.key === 'ArrowUp' && items.length) {
              e.preventDefault()
              setActive((a) => (a <= 0 ? items.length - 1 : a - 1))
            } else if (e.key === 'Enter' && showList && active >= 0 && items[active]) {
              e.preventDefault()
              pick(items[active])
            } else if (e.key === 'Escape' && showList) {
              e.preventDefault()
              setOpen(false)
            }
          }}
          className={`${fieldBox} h-12 pl-10 ${trailing ? 'pr-12' : ''} ${status === 'error' ? 'border-red-600' : ''}`}
        />
        {status === 'loading' && (
          <span role="status" className={`absolute top-1/2 -translate-y-1/2 ${trailing ? 'right-12' : 'right-3'}`}>
            <span className="block size-4 animate-spin rounded-full border-2 border-slate-300 border-t-accent-600" />
            <span className="sr-only">Szukam miejscowości…</span>
          </span>
        )}
        {trailing && <div className="absolute right-1 top-1/2 -translate-y-1/2">{trailing}</div>}
      </div>
      {status === 'error' && (
        <p id={`${id}-err`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {LOCATION_ERROR}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Podpowiedzi lokalizacji"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-card-hover"
      >
        {status === 'loading' && !items.length && <li className="px-3 py-2.5 text-sm text-slate-500">Szukam…</li>}
        {status === 'done' && !items.length && <li className="px-3 py-2.5 text-sm text-slate-500">Nie znaleziono takiej miejscowości</li>}
        {items.map((l, i) => (
          <li
            key={`${l.display_name}-${l.lat}-${l.lon}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              clearTimeout(blurTimer.current)
              pick(l)
            }}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer rounded-lg px-3 py-2 ${i === active ? 'bg-accent-50' : ''}`}
          >
            <span className="block text-[15px] font-medium text-slate-900">{placeName(l)}</span>
            <span className="block truncate text-xs text-slate-500">{l.display_name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
