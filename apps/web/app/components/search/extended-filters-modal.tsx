import { useEffect, useState } from 'react'
import { EXTENDED_CLEARED, EXTENDED_KEYS, type SearchForm } from '~/lib/search-form'
import { showLabel, useLiveCount } from '~/lib/live-count'
import { primaryBtn, secondaryBtn } from './controls'
import { Condition, Extras, Market, MoreFilters, Nearby } from './filter-fields'
import { ModalShell } from './modal-shell'

/**
 * The extended filters modal (spec §2): Rynek, Stan, Dodatkowe, Blisko and issue 25's filters (ogłoszeniodawca, data
 * dodania, cena za m², rok budowy, piętro od/do, film, spacer, rzut); 'Zastosuj' hands them back.
 */
export function ExtendedFiltersModal({ isOpen, onClose, form, onApply }: {
  isOpen: boolean
  onClose: () => void
  form: SearchForm
  onApply: (patch: Partial<SearchForm>) => void
}) {
  const [draft, setDraft] = useState(form)
  useEffect(() => {
    if (isOpen) setDraft(form)
    // Only when it opens: later renders of the page must not wipe what is being chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen])
  const set = (patch: Partial<SearchForm>) => setDraft((d) => ({ ...d, ...patch }))
  // 'Zastosuj' searches at once: it tells how many listings the choice finds, as the panel's button does (issue 25).
  const patch = Object.fromEntries(EXTENDED_KEYS.map((k) => [k, draft[k]])) as Partial<SearchForm>
  const live = useLiveCount({ ...form, ...patch }, isOpen)
  return (
    <ModalShell
      title="Filtry dodatkowe"
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={secondaryBtn} onClick={() => set(EXTENDED_CLEARED)}>
            Wyczyść
          </button>
          <button
            type="button"
            className={primaryBtn}
            aria-live="polite"
            onClick={() => {
              onApply(patch)
              onClose()
            }}
          >
            {live ? (
              <>
                <span className="sr-only">Zastosuj: </span>
                {showLabel(live)}
              </>
            ) : 'Zastosuj'}
          </button>
        </>
      }
    >
      <div className="grid gap-6">
        <MoreFilters form={draft} set={set} />
        <Market form={draft} set={set} />
        <Condition form={draft} set={set} />
        <Extras form={draft} set={set} />
        <Nearby form={draft} set={set} />
      </div>
    </ModalShell>
  )
}
