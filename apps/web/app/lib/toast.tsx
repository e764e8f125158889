import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { createToastStore, type ToastInput, type ToastStore } from './toast-store'

const ToastContext = createContext<ToastStore | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createToastStore())
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastContext)
  if (!store) throw new Error('useToast needs <ToastProvider>')
  return store
}

/** `const toast = useToast(); toast.error('...')` — durations default per type (spec §9). */
export function useToast() {
  const store = useToastStore()
  return useMemo(() => {
    const by = (type: NonNullable<ToastInput['type']>) => (message: string, duration?: number) =>
      store.show({ type, message, duration })
    return {
      show: store.show,
      dismiss: store.dismiss,
      success: by('success'),
      error: by('error'),
      warning: by('warning'),
      info: by('info'),
    }
  }, [store])
}
