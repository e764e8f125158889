import { lazy, Suspense, useState } from 'react'
import { Button } from 'react-aria-components'
import { FlagIcon } from './offer-icons'

// The dialog (react-aria Modal, radio group, the report schema) loads on hover, focus or press (issue 16).
const loadDialog = () => import('./report-dialog')
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })))

/** 'Zgłoś to ogłoszenie' (reference §10): opens the report dialog (report-dialog.tsx). */
export function ReportButton({ offerId }: { offerId: number }) {
  const [open, setOpen] = useState(false)
  const prefetch = () => void loadDialog().catch(() => {})
  return (
    <>
      <Button
        onPress={() => setOpen(true)}
        onHoverStart={prefetch}
        onFocus={prefetch}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-medium text-slate-600 outline-none hover:bg-slate-100 hover:text-slate-900 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600"
      >
        <FlagIcon size={18} /> Zgłoś to ogłoszenie
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog offerId={offerId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
