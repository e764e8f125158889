import { useEffect, useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { normalizeFilters, SAVED_SEARCH_MESSAGES, savedSearchName, type SavedSearchPeriod } from '@portal/contracts/saved-searches'
import { useAuth } from '~/lib/auth'
import { ApiError } from '~/lib/api-client'
import { keepPendingSave, saveSearch, takePendingSave, type SaveRequest } from '~/lib/saved-searches'
import { useToast } from '~/lib/toast'
import { BellIcon } from '../icons'
import { buttonStyles, CheckboxField, Field } from '../form'
import { ModalShell } from '../search/modal-shell'
import { PeriodPicker } from './period-picker'

export const SAVE_LOGIN_PROMPT = 'Zaloguj się, aby zapisać wyszukiwanie. Zapiszemy je zaraz po zalogowaniu.'

/**
 * 'Zapisz wyszukiwanie' on /szukaj and the category pages: a dialog with the generated name and 'Powiadom mnie:'.
 * Guests get the login dialog (loginFirst) and the search is saved right after they log in.
 */
export function SaveSearchButton({ apiParams }: { apiParams: string }) {
  const auth = useAuth()
  const toast = useToast()
  const generated = useMemo(() => savedSearchName(normalizeFilters(apiParams).query), [apiParams])
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(generated)
  const [period, setPeriod] = useState<SavedSearchPeriod>(0)
  const [notification, setNotification] = useState(true)
  const [busy, setBusy] = useState(false)

  useEffect(() => { setName(generated) }, [generated])

  async function send(req: SaveRequest) {
    setBusy(true)
    try {
      const saved = await saveSearch(req)
      if (saved) {
        toast.success(SAVED_SEARCH_MESSAGES.saved)
        setOpen(false)
      }
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast.error(SAVED_SEARCH_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }

  // Back from the login dialog: the guest's save goes out now.
  useEffect(() => {
    if (!auth.user) return
    const pending = takePendingSave()
    if (pending) void send(pending)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth.user?.id])

  function submit() {
    const req: SaveRequest = { filters: apiParams, period, notification, ...(name.trim() && name.trim() !== generated ? { name: name.trim() } : {}) }
    if (!auth.user) {
      keepPendingSave(req)
      setOpen(false)
      toast.info(SAVE_LOGIN_PROMPT)
      auth.open('login', { next: window.location.pathname + window.location.search })
      return
    }
    void send(req)
  }

  return (
    <>
      <Button onPress={() => setOpen(true)} className={`${buttonStyles.secondary} gap-2`}>
        <BellIcon size={18} /> {SAVED_SEARCH_MESSAGES.save}
      </Button>
      <ModalShell
        title={SAVED_SEARCH_MESSAGES.dialogTitle}
        isOpen={open}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button onPress={() => setOpen(false)} className={buttonStyles.secondary}>Anuluj</Button>
            <Button onPress={submit} isPending={busy} className={buttonStyles.primary}>{SAVED_SEARCH_MESSAGES.save}</Button>
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
    </>
  )
}
