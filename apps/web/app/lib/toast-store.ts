// A tiny external store for toasts, so code outside React (the API client) can raise them too.
export type ToastType = 'success' | 'error' | 'warning' | 'info'
export interface Toast {
  id: number
  type: ToastType
  message: string
  duration: number
}
export interface ToastInput {
  type?: ToastType
  message: string
  /** Milliseconds; defaults per type (spec §9). */
  duration?: number
}

/** Spec §9: success, warning and info stay 4000 ms, errors 5000 ms. */
export const TOAST_DURATIONS: Record<ToastType, number> = { success: 4000, warning: 4000, info: 4000, error: 5000 }
/** More would push the page away on a phone; the oldest goes first. */
const MAX_TOASTS = 4

export interface ToastStore {
  show(input: ToastInput): number
  dismiss(id: number): void
  /**
   * The toast is on screen: its time starts again from now. A busy page can draw it well after show() (a CI run saw
   * an error toast on screen for 4.9 s of its 5); the timer set by show() still closes one that is never drawn.
   */
  shown(id: number): void
  getSnapshot(): readonly Toast[]
  subscribe(listener: () => void): () => void
}

export function createToastStore(timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis): ToastStore {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const handles = new Map<number, ReturnType<typeof setTimeout>>()
  const emit = () => listeners.forEach((l) => l())

  function dismiss(id: number) {
    const handle = handles.get(id)
    if (handle !== undefined) timers.clearTimeout(handle)
    handles.delete(id)
    if (!toasts.some((t) => t.id === id)) return
    toasts = toasts.filter((t) => t.id !== id)
    emit()
  }

  const arm = (toast: Toast) => {
    const handle = handles.get(toast.id)
    if (handle !== undefined) timers.clearTimeout(handle)
    handles.set(toast.id, timers.setTimeout(() => dismiss(toast.id), toast.duration))
  }

  return {
    show({ type = 'info', message, duration }) {
      // The same message twice in a row (e.g. two failing calls) is shown once, with its timer restarted.
      const same = toasts.find((t) => t.type === type && t.message === message)
      if (same) dismiss(same.id)
      const toast: Toast = { id: nextId++, type, message, duration: duration ?? TOAST_DURATIONS[type] }
      toasts = [...toasts, toast].slice(-MAX_TOASTS)
      arm(toast)
      emit()
      return toast.id
    },
    dismiss,
    shown(id) {
      const toast = toasts.find((t) => t.id === id)
      if (toast) arm(toast)
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
