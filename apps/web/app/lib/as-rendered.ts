import { useRef, useSyncExternalStore } from 'react'

// Decision 099: a page from the shared cache is personalised after hydration, while parts of it still wait to hydrate
// (decision 040). React does not patch attributes that differ from the server's HTML (a heart's aria-pressed, a
// field's value): such a part must hydrate with the values the HTML was rendered with, then render the current ones.
// useSyncExternalStore reads its server snapshot only while hydrating and renders again when the two differ.

const noSubscription = () => () => {}

/** A provider's value: the current one and the one its first render (the page's HTML) had. */
export interface Rendered<T> { current: T; first: T }

/** In a provider: pairs the value with the first one it rendered. */
export function useWithFirst<T>(value: T): Rendered<T> {
  const first = useRef<{ v: T } | null>(null)
  first.current ??= { v: value }
  const pair = useRef<Rendered<T> | null>(null)
  if (pair.current?.current !== value) pair.current = { current: value, first: first.current.v }
  return pair.current
}

/** In a hook reading the provider: the HTML's value while hydrating, the current one otherwise. */
export function useAsRendered<T>(pair: Rendered<T>): T {
  return useSyncExternalStore(noSubscription, () => pair.current, () => pair.first)
}
