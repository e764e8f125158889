import { useEffect, useState } from 'react'
import type { SearchForm } from '~/lib/search-form'
import { primaryBtn, secondaryBtn } from './controls'
import { Condition, Extras, Market, Nearby } from './filter-fields'
import { ModalShell } from './modal-shell'

/** The extended filters modal (spec §2): Rynek, Stan, Dodatkowe, Blisko; 'Zastosuj' hands them back. */
export function ExtendedFiltersModal({ isOpen, onClose, form, onApply }: {
  isOpen: boolean
  onClose: () => void
  form: SearchForm
  onApply: (patch: Pick<SearchForm, 'rynek' | 'stan' | 'dodatkowe' | 'blisko'>) => void
}) {
  const [draft, setDraft] = useState(form)
  useEffect(() => {
    if (isOpen) setDraft(form)
    // Only when it opens: later renders of the page must not wipe what is being chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen])
  const set = (patch: Partial<SearchForm>) => setDraft((d) => ({ ...d, ...patch }))
  return (
    <ModalShell
      title="Filtry dodatkowe"
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={secondaryBtn} onClick={() => set({ rynek: '', stan: [], dodatkowe: [], blisko: [] })}>
            Wyczyść
          </button>
          <button
            type="button"
            className={primaryBtn}
            onClick={() => {
              onApply({ rynek: draft.rynek, stan: draft.stan, dodatkowe: draft.dodatkowe, blisko: draft.blisko })
              onClose()
            }}
          >
            Zastosuj
          </button>
        </>
      }
    >
      <div className="grid gap-6">
        <Market form={draft} set={set} />
        <Condition form={draft} set={set} />
        <Extras form={draft} set={set} />
        <Nearby form={draft} set={set} />
      </div>
    </ModalShell>
  )
}
