import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { emptyForm, extendedFilterCount, formToParams, searchUrl, type SearchForm } from '~/lib/search-form'
import { useRecentSearches } from '~/lib/search-recent'
import { showLabel, useLiveCount } from '~/lib/live-count'
import { ChevronDownIcon, SearchIcon } from '../icons'
import { CategoryTreeSelect } from './category-tree-select'
import { linkBtn, primaryBtn, secondaryBtn } from './controls'
import {
  AreaRange,
  Baths,
  Condition,
  Extras,
  FlagBoxes,
  FloorSelect,
  Market,
  Nearby,
  OfferTypeSelect,
  Ownership,
  PriceRange,
  RadiusSelect,
  RentalPeriod,
  Rooms,
} from './filter-fields'
import { LocationAutocomplete } from './location-autocomplete'
import { hydrateLater } from '../hydrate-later'

// The chosen places' chips (decision 069) load when first shown: most searches have none.
const PlaceChips = hydrateLater(() => import('./place-chips').then((m) => m.PlaceChips), 'now')

// The 'Filtry dodatkowe' modal (react-aria Modal) loads on hover, focus or press of its button (issue 16).
const loadExtended = () => import('./extended-filters-modal')
const ExtendedFiltersModal = lazy(() => loadExtended().then((m) => ({ default: m.ExtendedFiltersModal })))

/**
 * The filters of /szukaj (spec §2): the main row (offer type, category, location, price) and the expanded panel
 * with every other control; 'Szukaj' writes them all to the URL, 'Mniej opcji' folds the panel, 'Resetuj filter'
 * clears everything. 'Filtry dodatkowe' opens the extended filters modal. Remount it (key) when the URL changes.
 */
export function FiltersPanel({ initial, sort }: { initial: SearchForm; sort?: string }) {
  const navigate = useNavigate()
  const recent = useRecentSearches(false)
  const [form, setForm] = useState(initial)
  const [town, setTown] = useState(initial.location?.display_name ?? '')
  const extendedCount = extendedFilterCount(form)
  const onlyPrivate = form.ogloszeniodawca.length === 1 && form.ogloszeniodawca[0] === 'private'
  const [open, setOpen] = useState(false)
  const [extended, setExtended] = useState(false)
  const set = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }))

  const go = (f: SearchForm) => {
    const url = searchUrl(f, sort ? { sort: sort as never } : undefined)
    if (f.location) recent.add(f.location, url)
    // Landing pages too: a changed search continues on /szukaj, where every filter lives in the URL.
    navigate(url)
  }
  const keep = form.location && town.trim() === form.location.display_name
  // A new place drops the map view the list followed (it showed the old place).
  const moved = (keep ? form.location : null)?.display_name !== initial.location?.display_name || form.lokalizacje !== initial.lokalizacje
  const effective: SearchForm = { ...form, location: keep ? form.location : null, radius: keep ? form.radius : '', ...(moved ? { mapa: '' } : {}) }
  const submit = (patch: Partial<SearchForm> = {}) => go({ ...effective, ...patch })
  // 'Pokaż 1 234 ogłoszenia' once the choice differs from the page's (whose count the heading already says).
  const live = useLiveCount(effective, formToParams(effective).toString() !== formToParams(initial).toString())

  return (
    <form
      action="/szukaj"
      method="get"
      aria-label="Filtry wyszukiwania"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.6fr_1.3fr]">
        <OfferTypeSelect form={form} set={set} />
        <CategoryTreeSelect value={form.kategoria} onChange={(kategoria) => set({ kategoria })} />
        {/* With only places (decision 069) there is no circle: the radius is not offered. */}
        <div className={`grid gap-2 ${form.lokalizacje[0] ? '' : 'grid-cols-[1fr_7.5rem]'}`}>
          <LocationAutocomplete
            text={town}
            onText={(t) => {
              setTown(t)
              if (!t.trim()) set({ location: null })
            }}
            onPick={(location) => {
              // A region or district joins the places searched together (decision 069); a town replaces them.
              const p = location.place
              if (!p) return set({ location, lokalizacje: [] })
              set({ location: null, lokalizacje: [...form.lokalizacje.filter((x) => x.id !== p.id), p].slice(-10) })
              setTown('')
            }}
            placeholder={form.lokalizacje.length ? 'Dodaj kolejną lokalizację' : 'Wpisz miejscowość'}
            className="[&_input]:h-11"
          />
          {!form.lokalizacje[0] && <RadiusSelect form={form} set={set} />}
          {form.lokalizacje.length > 0 && <PlaceChips places={form.lokalizacje} onRemove={(lokalizacje) => set({ lokalizacje })} />}
        </div>
        <PriceRange form={form} set={set} />
      </div>

      {open && (
        <div id="filters-more" className="mt-5 grid gap-6 border-t border-slate-100 pt-5">
          <FlagBoxes form={form} set={set} />
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <AreaRange form={form} set={set} />
            <FloorSelect form={form} set={set} />
            <RentalPeriod form={form} set={set} />
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            <Market form={form} set={set} />
            <Rooms form={form} set={set} />
            <Baths form={form} set={set} />
            <Ownership form={form} set={set} />
          </div>
          <Condition form={form} set={set} />
          <Extras form={form} set={set} />
          <Nearby form={form} set={set} />
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <button type="button" aria-expanded={open} aria-controls="filters-more" className={linkBtn} onClick={() => setOpen((o) => !o)}>
          {open ? 'Mniej opcji' : 'Więcej opcji'}
          <ChevronDownIcon size={18} className={open ? 'rotate-180' : ''} />
        </button>
        <button
          type="button"
          className={linkBtn}
          onClick={() => setExtended(true)}
          onPointerEnter={() => void loadExtended().catch(() => {})}
          onFocus={() => void loadExtended().catch(() => {})}
        >
          Filtry dodatkowe{extendedCount ? ` (${extendedCount})` : ''}
        </button>
        {/* One click: private owners only (no agency commission), searched at once (issue 25). */}
        <button
          type="button"
          aria-pressed={onlyPrivate}
          className={`inline-flex h-10 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold transition-colors ${
            onlyPrivate ? 'border-accent-600 bg-accent-50 text-accent-800' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
          }`}
          onClick={() => {
            const patch = { ogloszeniodawca: onlyPrivate ? [] : ['private' as const] }
            set(patch)
            submit(patch)
          }}
        >
          Tylko prywatne
        </button>
        <div className="ml-auto flex flex-wrap gap-3 max-sm:w-full">
          <button
            type="button"
            className={`${secondaryBtn} max-sm:flex-1`}
            onClick={() => {
              setForm(emptyForm())
              setTown('')
              go(emptyForm())
            }}
          >
            Resetuj filter
          </button>
          <button type="submit" className={`${primaryBtn} max-sm:flex-1`} aria-live="polite">
            <SearchIcon size={18} />
            {live ? (
              <>
                <span className="sr-only">Szukaj: </span>
                {showLabel(live)}
              </>
            ) : 'Szukaj'}
          </button>
        </div>
      </div>

      {extended && (
        <Suspense fallback={null}>
          <ExtendedFiltersModal isOpen onClose={() => setExtended(false)} form={form} onApply={(patch) => go({ ...form, ...patch })} />
        </Suspense>
      )}
    </form>
  )
}
