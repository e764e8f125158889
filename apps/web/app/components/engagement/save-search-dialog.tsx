import { useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { normalizeFilters, SAVED_SEARCH_MESSAGES, savedSearchName, type SavedSearchPeriod } from '@portal/contracts/plain/saved-searches'
import { useAuth } from '~/lib/auth'
import { ApiError } from '~/lib/api-client'
import { keepPendingSave, saveSearch, type SaveRequest } from '~/lib/saved-searches'
import { useToast } from '~/lib/toast'
import { buttonStyles, CheckboxField, Field } from '../form'
import { ModalShell } from '../search/modal-shell'
import { PeriodPicker } from './period-picker'

export const SAVE_LOGIN_PROMPT = 'Zaloguj się, aby zapisać wyszukiwanie. Zapiszemy je zaraz po zalogowaniu.'

type Toast = ReturnType<typeof useToast>

/** Sends a save; true when the API stored it (toasts say how it went). */
export async function sendSave(req: SaveRequest, toast: Toast): Promise<boolean> {
  try {
    const saved = await saveSearch(req)
    if (saved) toast.success(SAVED_SEARCH_MESSAGES.saved)
    return Boolean(saved)
  } catch (err) {
    if (!(err instanceof ApiError && err.handled)) toast.error(SAVED_SEARCH_MESSAGES.failed)
    return false
  }
}

/**
 * The 'Zapisz wyszukiwanie' dialog (loaded on demand by <SaveSearchButton/>): the generated name and
 * 'Powiadom mnie:'. Guests get the login dialog (loginFirst) and the search is saved right after they log in.
 */
export function SaveSearchDialog({ apiParams, places = [], investment, notify = false, onClose }: {
  apiParams: string; places?: { id: string; label: string }[]; investment?: string; notify?: boolean; onClose: () => void
}) {
  const auth = useAuth()
  const toast = useToast()
  // The places' labels and the investment's name come with the page (decisions 069, 077); the API names it the same way.
  const generated = useMemo(() => savedSearchName(normalizeFilters(apiParams).query, (id) => places.find((p) => p.id === id)?.label ?? id, investment),
    [apiParams, places, investment])
  const [name, setName] = useState(generated)
  const [period, setPeriod] = useState<SavedSearchPeriod>(0)
  // Spec §9: notifications default to false; the person turns the e-mail alert on. Following an investment's units
  // (decision 077) is asking for news of them: ticked there.
  const [notification, setNotification] = useState(notify)
  const [busy, setBusy] = useState(false)

  async function submit() {
    const req: SaveRequest = { filters: apiParams, period, notification, ...(name.trim() && name.trim() !== generated ? { name: name.trim() } : {}) }
    if (!auth.user) {
      keepPendingSave(req)
      onClose()
      toast.info(SAVE_LOGIN_PROMPT)
      auth.open('login', { next: window.location.pathname + window.location.search })
      return
    }
    setBusy(true)
    const saved = await sendSave(req, toast)
    setBusy(false)
    if (saved) onClose()
  }

  return (
    <ModalShell
      title={SAVED_SEARCH_MESSAGES.dialogTitle}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose} className={buttonStyles.secondary}>Anuluj</Button>
          <Button onPress={() => void submit()} isPending={busy} className={buttonStyles.primary}>{SAVED_SEARCH_MESSAGES.save}</Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <Field label="Nazwa" name="saved-search-name" value={name} onChange={setName} maxLength={200} />
        <CheckboxField name="saved-search-email" isSelected={notification} onChange={setNotification}>
          Wysyłaj mi e-mail o nowych ogłoszeniach
        </CheckboxField>
        <PeriodPicker value={period} onChange={setPeriod} isDisabled={!notification} />
        <p className="text-sm text-slate-600">
          Zapisane wyszukiwania znajdziesz w zakładce „{SAVED_SEARCH_MESSAGES.tab}” w Ulubionych. Powiadomienie „od razu” wysyłamy w ciągu kilku minut od pojawienia się ogłoszenia.
        </p>
      </div>
    </ModalShell>
  )
}
