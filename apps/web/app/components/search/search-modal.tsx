import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { emptyForm, searchUrl, type SearchForm } from '~/lib/search-form'
import { showLabel, useLiveCount } from '~/lib/live-count'
import { ChevronDownIcon, SearchIcon } from '../icons'
import { fieldBox, fieldLabel, primaryBtn, secondaryBtn } from './controls'
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

/**
 * The full-screen 'Wyszukiwanie' modal (spec §2, §4): Search builds the query, navigates to /szukaj and closes;
 * Reset clears every field and collapses the extended section.
 */
export function SearchModal({ isOpen, onClose, initial }: { isOpen: boolean; onClose: () => void; initial: SearchForm }) {
  const navigate = useNavigate()
  const [form, setForm] = useState(initial)
  const [town, setTown] = useState(initial.location?.display_name ?? initial.phrase)
  const [more, setMore] = useState(false)
  useEffect(() => {
    if (!isOpen) return
    setForm(initial)
    setTown(initial.location?.display_name ?? initial.phrase)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen])
  const set = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }))

  const keepLocation = form.location && town.trim() === form.location.display_name
  const place = keepLocation ? form.location!.display_name : town.trim()
  const effective: SearchForm = { ...form, location: keepLocation ? form.location : null, phrase: keepLocation ? form.phrase : town,
    // A new place drops the map view the list followed (it showed the old place).
    ...(place !== (initial.location?.display_name ?? initial.phrase) ? { mapa: '' } : {}) }
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
          <button
            type="button"
            className={secondaryBtn}
            onClick={() => {
              setForm(emptyForm())
              setTown('')
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
        <div>
          <label htmlFor="search-modal-town" className={fieldLabel}>
            Lokalizacja
          </label>
          <input
            id="search-modal-town"
            type="text"
            value={town}
            onChange={(e) => setTown(e.target.value)}
            placeholder="Wpisz miejscowość"
            autoComplete="off"
            enterKeyHint="search"
            className={fieldBox}
          />
        </div>
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
