import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { choicesOf, choicesToForm, emptyForm, extendedFilterCount, formToParams, searchUrl, type SearchForm } from '~/lib/search-form'
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
import { PlacesField } from './places-field'

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
  const [town, setTown] = useState('')
  const [chips, setChips] = useState(() => choicesOf(initial))
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
  // The chips (decision 080): one town is a point with a radius, anything more the places' boundaries.
  const where = choicesToForm(chips)
  const key = (f: Pick<SearchForm, 'location' | 'lokalizacje'>) => `${f.location?.display_name ?? ''}|${f.lokalizacje.map((p) => p.id).join(',')}`
  // A new place drops the map view the list followed (it showed the old place).
  const moved = key(where) !== key(initial)
  const effective: SearchForm = { ...form, ...where, radius: where.location ? form.radius : '', ...(moved ? { mapa: '' } : {}) }
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
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.6fr_1.3fr]">
        <OfferTypeSelect form={form} set={set} />
        <CategoryTreeSelect value={form.kategoria} onChange={(kategoria) => set({ kategoria })} />
        {/* With places (decision 069) there is no circle: the radius is offered for one town only. */}
        <div className={`grid items-start gap-2 ${where.lokalizacje[0] ? '' : 'grid-cols-[minmax(0,1fr)_7.5rem]'}`}>
          <PlacesField
            text={town}
            onText={setTown}
            chips={chips}
            onChips={(next) => {
              setChips(next)
              // A removed place is searched at once, as the active filters' chips above the list are; an added one
              // waits for Szukaj (more may follow).
              if (next.length < chips.length) {
                const w = choicesToForm(next)
                submit({ ...w, radius: w.location ? form.radius : '', mapa: '' })
              }
            }}
            history
          />
          {!where.lokalizacje[0] && <RadiusSelect form={form} set={set} />}
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
              setChips([])
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
          <ExtendedFiltersModal isOpen onClose={() => setExtended(false)} form={form} onApply={(patch) => go({ ...effective, ...patch })} />
        </Suspense>
      )}
    </form>
  )
}
