import { lazy, Suspense, useState } from 'react'
import { VIEWING_BOOK_LABEL } from '@portal/contracts/plain/viewing-label'
import { pressEarly } from '../early-press'
import { CalendarIcon } from './offer-icons'

// The dialog (react-aria Modal, the free times, the form) loads on hover, focus or press (issue 16).
const loadDialog = () => import('./viewing-dialog')
const ViewingDialog = lazy(() => loadDialog().then((m) => ({ default: m.ViewingDialog })))

/**
 * 'Umów oglądanie' (issue 28) on a listing whose advertiser takes bookings, or a place on an investment's open day
 * (`endpoint` /api/investments/{slug}/viewings, `label` and `heading` of its own) or its weekly visits: opens the
 * booking dialog, with `only` the kind of times that button is for.
 */
export function ViewingButton({ endpoint, title, label = VIEWING_BOOK_LABEL, heading, only, place }: {
  endpoint: string; title: string; label?: string; heading?: string; only?: 'visits' | 'open-days'; place?: 'listing' | 'investment'
}) {
  const [open, setOpen] = useState(false)
  const prefetch = () => void loadDialog().catch(() => {})
  return (
    <>
      <button
        type="button"
        {...pressEarly}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className="inline-flex min-h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-full border border-accent-600 bg-white px-5 text-[15px] font-semibold text-accent-700 outline-none hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
      >
        <CalendarIcon size={18} /> {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ViewingDialog endpoint={endpoint} title={title} heading={heading ?? label} only={only} place={place} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
