import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react'
import type { PlaceChoice } from '~/lib/search-places'
import { useKeepEarlyInput } from '../early-press'
import { CloseIcon, PinIcon } from '../icons'
import { fieldLabel } from './controls'
import type { PlacesListHandle, PlacesListState } from './places-field-list'

// The suggestions, recent and saved searches and their keys load on the field's first focus, hover or input (decision
// 080): the first paint has the plain input (a phrase in the GET form before JavaScript) and the chips only.
const loadList = () => import('./places-field-list')
const PlacesList = lazy(() => loadList().then((m) => ({ default: m.PlacesList })))

/** What a chip says: a town searched with others is searched as its gmina, so it names the gmina then. */
export function choiceLabel(c: PlaceChoice, all: PlaceChoice[]): string {
  return all.length > 1 && c.point && c.place ? c.place.label : c.label
}

/**
 * The one places field of the home hero, /szukaj's filters and the phone's full-screen modal (decision 080): typing
 * suggests voivodeships, powiats, gminas, towns and districts; each pick becomes a removable chip (up to 10);
 * Backspace in the empty input removes the last one. Before typing, recent and saved searches (`history`).
 */
export function PlacesField({ chips, onChips, text, onText, name, label = 'Lokalizacja', placeholder = 'Wpisz miejscowość', size = 'md', className = '', trailing, history = false }: {
  chips: PlaceChoice[]
  onChips: (c: PlaceChoice[]) => void
  text: string
  onText: (t: string) => void
  /** The input's name in the GET form sent before JavaScript (a phrase). */
  name?: string
  label?: string
  placeholder?: string
  size?: 'md' | 'lg'
  className?: string
  trailing?: ReactNode
  history?: boolean
}) {
  const id = useId()
  const listId = `${id}-list`
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const [state, setState] = useState<PlacesListState>({ visible: false, active: -1 })
  const keys = useRef<PlacesListHandle | null>(null)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef(chips)
  latest.current = chips
  const input = useKeepEarlyInput<HTMLInputElement, string>(text, (t) => {
    onText(t)
    setWanted(true)
    if (document.activeElement === input.current) setOpen(true)
  })
  // The first row's middle (padding 4 px + half the input), where the pin and the trailing button sit.
  const row = size === 'lg' ? 'top-6' : 'top-[22px]'
  const wake = () => {
    setWanted(true)
    void loadList().catch(() => {})
  }

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div
        className={`relative flex w-full flex-wrap items-center gap-1.5 rounded-xl border border-slate-300 bg-white py-1 pl-10 text-[15px] transition-colors hover:border-slate-400 focus-within:border-accent-600 focus-within:outline-2 focus-within:outline-offset-0 focus-within:outline-accent-600 ${
          size === 'lg' ? 'min-h-12' : 'min-h-11'
        } ${trailing ? 'pr-12' : 'pr-2'} ${state.error ? 'border-red-600' : ''}`}
      >
        <PinIcon size={18} className={`pointer-events-none absolute left-3.5 ${row} -translate-y-1/2 text-slate-400`} />
        {chips.length > 0 && (
          <ul aria-label="Wybrane lokalizacje" className="flex flex-wrap gap-1.5">
            {chips.map((c) => {
              const shown = choiceLabel(c, chips)
              return (
                <li key={c.place?.id ?? c.label}>
                  <button
                    type="button"
                    aria-label={`Usuń lokalizację: ${shown}`}
                    onClick={() => {
                      onChips(chips.filter((x) => x !== c))
                      input.current?.focus()
                    }}
                    className="inline-flex h-8 max-w-full cursor-pointer items-center gap-1 rounded-full bg-accent-50 pl-3 pr-2 text-sm font-medium text-accent-800 ring-1 ring-accent-200 hover:ring-accent-600"
                  >
                    <span className="truncate">{shown}</span>
                    <CloseIcon size={12} />
                  </button>
                </li>
              )
            })}
          </ul>
        )}
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-expanded={state.visible}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={state.visible && state.active >= 0 ? `${listId}-${state.active}` : undefined}
          aria-describedby={state.error ? `${id}-err` : undefined}
          aria-invalid={state.error || undefined}
          value={text}
          placeholder={chips.length ? 'Dodaj kolejną lokalizację' : placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => {
            onText(e.target.value)
            setOpen(true)
            setWanted(true)
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current)
            setOpen(true)
            wake()
          }}
          onPointerEnter={wake}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), 200)
          }}
          onKeyDown={(e) => keys.current?.onKey(e)}
          className={`min-w-32 flex-1 border-0 bg-transparent px-1 text-slate-900 placeholder:text-slate-500 focus:outline-none ${size === 'lg' ? 'h-10' : 'h-9'}`}
        />
        {trailing && <div className={`absolute right-1 ${row} -translate-y-1/2`}>{trailing}</div>}
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <PlacesList
            handle={keys}
            id={id}
            listId={listId}
            text={text}
            open={open}
            history={history}
            chips={chips}
            onPick={(f) => {
              onChips(f(latest.current))
              onText('')
            }}
            onChips={(f) => onChips(f(latest.current))}
            onClose={() => setOpen(false)}
            onState={setState}
          />
        </Suspense>
      )}
    </div>
  )
}
