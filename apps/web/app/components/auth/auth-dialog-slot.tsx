import { useEffect, useState, type ComponentType } from 'react'
import { useAuth } from '~/lib/auth'
import { lazyPart } from '../lazy-part'

/** The login/register dialog with its forms; loaded on demand (the account menu prefetches it on hover/focus). */
export const authDialogPart = lazyPart(() => import('./auth-dialog').then((m) => m.AuthDialog))

/**
 * Where the site's one login/register dialog lives (root). Nothing of it is in the first paint: the first
 * `auth.open(view)` loads it and it stays mounted afterwards, so later opens are instant.
 */
export function AuthDialogSlot() {
  const { view } = useAuth()
  const [Dialog, setDialog] = useState<ComponentType | undefined>(() => authDialogPart.loaded())
  useEffect(() => {
    if (view === null || Dialog) return
    let live = true
    authDialogPart.load().then((c) => live && setDialog(() => c), () => {})
    return () => {
      live = false
    }
  }, [view, Dialog])
  return Dialog ? <Dialog /> : null
}
