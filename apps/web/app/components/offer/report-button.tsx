import { lazy, Suspense, useState } from 'react'
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
      {/* A plain button: the listing page paints without react-aria (decision 032). */}
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-medium text-slate-600 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <FlagIcon size={18} /> Zgłoś to ogłoszenie
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog offerId={offerId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
