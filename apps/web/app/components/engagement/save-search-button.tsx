import { lazy, Suspense, useEffect, useState } from 'react'
import { SAVED_SEARCH_MESSAGES } from '@portal/contracts/plain/saved-searches'
import { useAuth } from '~/lib/auth'
import { takePendingSave } from '~/lib/saved-searches'
import { useToast } from '~/lib/toast'
import { BellIcon } from '../icons'
import { buttonStyles } from '../form-styles'
import { pressEarly } from '../early-press'

// The dialog (react-aria Modal, form fields, the saved-search contracts) loads on hover, focus or press (issue 16).
const loadDialog = () => import('./save-search-dialog')
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })))

/**
 * 'Zapisz wyszukiwanie' on /szukaj and the category pages: opens the dialog with the generated name and
 * 'Powiadom mnie:'. A guest's save waits through the login dialog and goes out right after the login.
 * On /inwestycje/{slug} it is 'Zapisz wyszukiwanie takich lokali' (`label`), e-mail alerts ticked (`notify`).
 */
export function SaveSearchButton({ apiParams, places, investment, label, notify }: {
  apiParams: string; places?: { id: string; label: string }[]; investment?: string; label?: string; notify?: boolean
}) {
  const auth = useAuth()
  const toast = useToast()
  const [open, setOpen] = useState(false)

  // Back from the login dialog: the guest's save goes out now.
  useEffect(() => {
    if (!auth.user) return
    const pending = takePendingSave()
    if (pending) void loadDialog().then((m) => m.sendSave(pending, toast))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth.user?.id])

  const prefetch = () => void loadDialog().catch(() => {})
  return (
    <>
      {/* A plain button: react-aria's press machinery is not needed before the dialog is (issue 16). */}
      <button
        type="button"
        {...pressEarly}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className={`${buttonStyles.secondary} gap-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 active:bg-slate-100`}
      >
        <BellIcon size={18} /> {label ?? SAVED_SEARCH_MESSAGES.save}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog apiParams={apiParams} places={places} investment={investment} notify={notify} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
