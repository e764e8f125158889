import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { choicesOf, choicesToForm, emptyForm, searchUrl, type SearchForm } from '~/lib/search-form'
import { showLabel, useLiveCount } from '~/lib/live-count'
import { ChevronDownIcon, SearchIcon } from '../icons'
import { primaryBtn, secondaryBtn } from './controls'
import {
  AreaRange,
  Baths,
  BuildingTypes,
  Condition,
  Extras,
  FlagBoxes,
  FloorSelect,
  Market,
  MoreFilters,
  Nearby,
  OfferTypePills,
  Ownership,
  PriceRange,
  PropertyTypes,
  RentalPeriod,
  Rooms,
} from './filter-fields'
import { ModalShell } from './modal-shell'

// The places field is on the home and /szukaj pages' first paint already; imported here statically its chunk's name
// would sit in the header's preload list on every page's first paint (the listing's budget), so it loads with the modal.
const PlacesField = lazy(() => import('./places-field').then((m) => ({ default: m.PlacesField })))

/**
 * The full-screen 'Wyszukiwanie' modal (spec §2, §4): Search builds the query, navigates to /szukaj and closes;
 * Reset clears every field and collapses the extended section.
 */
export function SearchModal({ isOpen, onClose, initial }: { isOpen: boolean; onClose: () => void; initial: SearchForm }) {
  const navigate = useNavigate()
  const [form, setForm] = useState(initial)
  const first = choicesOf(initial)
  const [chips, setChips] = useState(first)
  const [town, setTown] = useState(first.length ? '' : initial.phrase)
  const [more, setMore] = useState(false)
  useEffect(() => {
    if (!isOpen) return
    setForm(initial)
    setChips(choicesOf(initial))
    setTown(choicesOf(initial).length ? '' : initial.phrase)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen])
  const set = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }))

  // The chips (decision 080): one town is a point with a radius, more are places; without a pick the text is a phrase.
  const where = choicesToForm(chips)
  const key = (f: Pick<SearchForm, 'location' | 'lokalizacje'>, phrase: string) =>
    `${f.location?.display_name ?? ''}|${f.lokalizacje.map((p) => p.id).join(',')}|${phrase.trim()}`
  const phrase = chips.length ? form.phrase : town
  const effective: SearchForm = { ...form, ...where, phrase, radius: where.location ? form.radius : '',
    // A new place drops the map view the list followed (it showed the old place).
    ...(key(where, phrase) !== key(initial, initial.phrase) ? { mapa: '' } : {}) }
  const live = useLiveCount(effective, isOpen)
  const search = () => {
    navigate(searchUrl(effective))
    onClose()
  }

  return (
    <ModalShell
      title="Wyszukiwanie"
      full
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <>
          {/* At the footer's left edge: the count in the search button changes its width as the fields change, and a
              Resetuj beside it would move under the pointer (a click meant for it then searched). */}
          <button
            type="button"
            className={`${secondaryBtn} sm:mr-auto`}
            onClick={() => {
              setForm(emptyForm())
              setTown('')
              setChips([])
              setMore(false)
            }}
          >
            Resetuj
          </button>
          <button type="button" className={`${primaryBtn} flex-1 sm:flex-none`} onClick={search} aria-live="polite">
            <SearchIcon size={18} />
            {live ? (
              <>
                <span className="sr-only">Szukaj: </span>
                {showLabel(live)}
              </>
            ) : 'Szukaj'}
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          search()
        }}
        className="grid gap-6"
      >
        <OfferTypePills form={form} set={set} />
        <PropertyTypes form={form} set={set} />
        <BuildingTypes form={form} set={set} />
        <Suspense fallback={<div className="h-[70px]" />}>
          <PlacesField text={town} onText={setTown} chips={chips} onChips={setChips} history />
        </Suspense>
        <div className="grid gap-6 sm:grid-cols-2">
          <Rooms form={form} set={set} />
          <Baths form={form} set={set} />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <PriceRange form={form} set={set} />
          <AreaRange form={form} set={set} />
        </div>
        <FlagBoxes form={form} set={set} />
        <div>
          <button
            type="button"
            aria-expanded={more}
            aria-controls="search-modal-more"
            onClick={() => setMore((m) => !m)}
            className="inline-flex h-11 cursor-pointer items-center gap-1.5 text-[15px] font-semibold text-accent-700 hover:underline"
          >
            {more ? 'Mniej opcji' : 'Więcej opcji'}
            <ChevronDownIcon size={18} className={more ? 'rotate-180' : ''} />
          </button>
          {more && (
            <div id="search-modal-more" className="mt-4 grid gap-6">
              <div className="grid gap-6 sm:grid-cols-2">
                <FloorSelect form={form} set={set} />
                <RentalPeriod form={form} set={set} />
              </div>
              <MoreFilters form={form} set={set} />
              <Market form={form} set={set} />
              <Condition form={form} set={set} />
              <Ownership form={form} set={set} />
              <Extras form={form} set={set} />
              <Nearby form={form} set={set} />
            </div>
          )}
        </div>
        <button type="submit" hidden />
      </form>
    </ModalShell>
  )
}
