import { useCallback, useEffect, useRef, useState, type ButtonHTMLAttributes, type ComponentType } from 'react'

/**
 * Code a page does not need for its first paint (react-aria's Popover, Menu, Modal and Dialog with their focus,
 * position and collection machinery, ~40 KB gzip; forms and zod schemas) loads on demand (issue 16): on hover or
 * focus of the control that needs it (prefetch) and at the latest on its first press. The module is imported once
 * per page load and shared by every control that uses it.
 */
export interface LazyPart<P> {
  /** Starts loading (idempotent); resolves with the component. A failed load may be retried. */
  load(): Promise<ComponentType<P>>
  /** The component once loaded, else undefined. */
  loaded(): ComponentType<P> | undefined
}

export function lazyPart<P>(importer: () => Promise<ComponentType<P>>): LazyPart<P> {
  let component: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  return {
    load() {
      pending ??= importer().then(
        (c) => (component = c),
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
    loaded: () => component,
  }
}

/**
 * A trigger whose real component (trigger + overlay) is loaded lazily. Until the first press the caller renders a
 * look-alike trigger with `prefetch` on hover/focus and `open` on press; after it, `Real` is the loaded component,
 * to be rendered with `initialOpen` (it then focuses its own trigger and opens, so focus returns there on close).
 * A control mounted after the part was loaded (a later client navigation) renders the real one at once; during
 * hydration nothing is loaded yet, so the server's and the browser's first render agree.
 */
export function useLazyPart<P>(part: LazyPart<P>) {
  const [Real, setReal] = useState<ComponentType<P> | undefined>(() => part.loaded())
  const [initialOpen, setInitialOpen] = useState(false)
  const prefetch = useCallback(() => {
    part.load().catch(() => {})
  }, [part])
  const open = useCallback(() => {
    // A failed chunk is left to chunk-reload.ts (vite:preloadError reloads the page once).
    part.load().then((c) => {
      setInitialOpen(true)
      setReal(() => c)
    }, () => {})
  }, [part])
  return { Real, initialOpen, prefetch, open }
}

/**
 * Open state of a lazily loaded trigger + overlay: with `initialOpen` (it replaced a pressed look-alike) it focuses
 * its trigger first and then opens, so the overlay's focus scope returns focus to that trigger when it closes.
 */
export function useOpenOnMount<T extends HTMLElement>(initialOpen = false) {
  const trigger = useRef<T>(null)
  const [isOpen, setOpen] = useState(false)
  useEffect(() => {
    if (!initialOpen) return
    trigger.current?.focus({ preventScroll: true })
    setOpen(true)
    // Only on mount: later opens come from the trigger itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return { trigger, isOpen, setOpen }
}

/**
 * The first-paint stand-in of a lazily loaded trigger: a plain <button> (react-aria's press and focus machinery,
 * ~13 KB gzip, loads with the overlay). Hover, focus and touch prefetch the overlay; a click (mouse, touch, Enter,
 * Space) opens it. Style it with `focus-visible:` (react-aria's data-[focus-visible] is not set on it).
 */
export function StandInButton({ onPrefetch, onOpen, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
  onPrefetch: () => void
  onOpen: () => void
}) {
  return <button type="button" {...props} onPointerEnter={onPrefetch} onPointerDown={onPrefetch} onFocus={onPrefetch} onClick={onOpen} />
}
