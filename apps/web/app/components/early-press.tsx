// Decision 042: a press before the code arrived is not lost.
//
// Parts that hydrate later (decision 040) keep the server's HTML until their chunk arrives, and the whole page does
// until its scripts ran (decision 036 requests them after the first paint). A press on a button there reached no
// React handler: React 19 hydrates a dehydrated boundary on a discrete event only when its code is in, so the heart,
// the newsletter form (whose native submit was a GET with the address in the URL), a plan or a video did nothing.
//
// Buttons opt in with `pressEarly` (a marker attribute and a ref). An inline script in the head, so it runs before
// any module, listens to clicks in the capture phase on `window`, before React's listeners on the document: a click
// on a marked element React has not hydrated yet (its ref was never attached) is stopped (its default too: a submit
// button would send the form natively), remembered, and wakes the parts waiting for the browser's idle moment
// (hydrate-later.tsx), so their code loads now. When React hydrates that element it attaches the ref, which clicks it
// again; the click then finds it live and goes through to React like any other. Enter in a form's field is a click on
// its submit button (implicit submission), so it is covered too. Links are not marked: they work natively (a full
// navigation) before hydration.
//
// Not React internals: only the DOM (capture listener, `closest`, `click()`) and React's documented ref timing.
// `held` and `live` are keyed by element: if React discarded the server's HTML of a part instead of hydrating it (a
// mismatch), the held press stays on the detached element and is dropped, as before.
import { useLayoutEffect, useRef } from 'react'

/** Shared between the inline script and the module code through `window.__early`. */
interface EarlyState {
  /** Marked elements pressed before they hydrated, in press order. */
  held: Element[]
  /**
   * The last value typed or chosen in each field (`checked` for a box), recorded from the start: React's hydration of
   * a `<textarea>` with an opening text puts that text back (react-dom's initTextarea), so the element alone no longer
   * tells what was typed before the page's scripts ran (useKeepEarlyInput below reads it here).
   */
  typed?: WeakMap<Element, string | boolean>
  /** Marked elements React has hydrated; set by the module code. */
  live?: WeakSet<Element>
  /** Ends the parts' idle wait; set by the module code. */
  wake?: () => void
}

const ATTR = 'data-press-early'

/** The listeners, compact (they are in every page's HTML, about 400 bytes). */
export const earlyPressScript =
  `(function(w){var s=w.__early={held:[]};w.addEventListener('click',function(e){` +
  `var t=e.target,b=t&&t.closest&&t.closest('[${ATTR}]');if(!b||s.live&&s.live.has(b))return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(s.held.indexOf(b)<0)s.held.push(b);s.wake&&s.wake()},true);` +
  `s.typed=new WeakMap();w.addEventListener('input',function(e){var t=e.target;t&&typeof t.value=='string'&&` +
  `s.typed.set(t,t.type=='checkbox'||t.type=='radio'?t.checked:t.value)},true)})(window)`

const state: EarlyState =
  typeof window === 'undefined' ? { held: [] } : ((window as Window & { __early?: EarlyState }).__early ??= { held: [] })
state.live = new WeakSet()

/** Resolves on the first early press (or at once when one came before this module ran): stop waiting for idle. */
export const woken = new Promise<void>((done) => {
  state.wake = done
  if (state.held.length) done()
})

function hydrated(el: HTMLElement | null) {
  if (!el) return
  state.live!.add(el)
  const i = state.held.indexOf(el)
  if (i < 0) return
  state.held.splice(i, 1)
  // After the commit that attached the ref and its effects, as a fresh event React handles like any click.
  setTimeout(() => el.click())
}

/** What was last typed into `el` or ticked (before or after hydration), when anything was. */
export const typedInto = (el: Element): string | boolean | undefined => state.typed?.get(el)

/**
 * What a person typed, chose or ticked in a controlled field before the page hydrated, taken into state as it
 * hydrates. The scripts come after the first paint (decision 036): React keeps the server's element, and an input's
 * typed text on it (a textarea gets its opening text back), but not in state, so the first re-render emptied the field
 * (the home page's location, a message's name) and a send used the state's value. Read from what the head's listener
 * recorded, never from the element (a select whose value is not among its options reads as its first option). A
 * layout effect: before a press held by `pressEarly` is replayed. Once, on mount: a field the client draws has nothing
 * recorded.
 */
export function useKeepEarlyInput<E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, V extends string | boolean>(current: V, apply: (typed: V) => void) {
  const ref = useRef<E>(null)
  useLayoutEffect(() => {
    const typed = ref.current ? typedInto(ref.current) : undefined
    if (typed !== undefined && typeof typed === typeof current && typed !== current) apply(typed as V)
    // Once, when the server's element hydrates (no dependencies on purpose).
  }, [])
  return ref
}

/**
 * Spread on a button that may be pressed before its code arrived (inside a `hydrateLater` part). The attribute is
 * rendered on the server and the client alike, so hydration sees no difference.
 */
export const pressEarly = { [ATTR]: '', ref: hydrated } as { 'data-press-early': ''; ref: (el: HTMLElement | null) => void }

// The text only on the server: the browser runs it from the HTML; hydration keeps the element as it is.
const script = import.meta.env.SSR ? earlyPressScript : ''

/** In <head>, before the module scripts. */
export function EarlyPress({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />
}
