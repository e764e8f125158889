import { useEffect, useSyncExternalStore } from 'react'
import { useToastStore } from '~/lib/toast'
import type { Toast, ToastType } from '~/lib/toast-store'
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon, WarningIcon } from './icons'

const STYLE: Record<ToastType, { box: string; icon: typeof InfoIcon; label: string }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CheckCircleIcon, label: 'Sukces' },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: AlertIcon, label: 'Błąd' },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: WarningIcon, label: 'Uwaga' },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: InfoIcon, label: 'Informacja' },
}

function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const store = useToastStore()
  // Its time runs from when it is on screen (once per toast: the id is the key).
  useEffect(() => store.shown(toast.id), [store, toast.id])
  const s = STYLE[toast.type]
  const Icon = s.icon
  return (
    <li
      data-toast-type={toast.type}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 shadow-card-hover animate-toast-in sm:w-[360px] ${s.box}`}
    >
      <Icon size={20} className="mt-0.5 shrink-0" />
      <p className="flex-1 text-[15px] leading-snug">
        <span className="sr-only">{s.label}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        onClick={onClose}
        aria-label="Zamknij"
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full opacity-70 hover:bg-black/5 hover:opacity-100"
      >
        <CloseIcon size={16} />
      </button>
    </li>
  )
}

const NO_TOASTS: readonly Toast[] = []
const serverSnapshot = () => NO_TOASTS

/**
 * The toast stack: bottom-right on wide screens, top on phones (the keyboard covers the bottom there).
 * The region is always present, so screen readers announce new toasts (errors assertively via role=alert text).
 */
export function Toaster() {
  const store = useToastStore()
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot)
  return (
    <section
      aria-label="Powiadomienia systemowe"
      aria-live="polite"
      aria-relevant="additions text"
      data-toaster=""
      className="pointer-events-none fixed inset-x-0 top-2 z-[70] flex justify-center px-2 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:px-0"
    >
      <ol className="flex w-full max-w-[480px] flex-col gap-2">
        {toasts.map((t) => (
          <ToastView key={t.id} toast={t} onClose={() => store.dismiss(t.id)} />
        ))}
      </ol>
    </section>
  )
}
