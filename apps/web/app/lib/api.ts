// The one API client of the browser. React wires navigation and toasts in <ApiBridge/> (components/api-bridge.tsx);
// until then a 404/401 falls back to a full page load, which is what navigation means before hydration anyway.
import { createApiClient } from './api-client'
import { readCookie, removeCookie } from './cookies'

export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (to) => globalThis.location?.assign(to),
  toast: () => {},
  pathname: () => globalThis.location?.pathname ?? '/',
  readCookie: (name) => readCookie(name),
  removeCookie: (name) => removeCookie(name),
  removeStored: (key) => {
    try {
      globalThis.localStorage?.removeItem(key)
    } catch {
      // Storage can be blocked (private mode); nothing was stored then.
    }
  },
})

declare global {
  interface Window {
    /**
     * The same client the app uses, for end-to-end tests and debugging in the console
     * (e.g. `await window.__portalApi.get('/api/__test/fail')` shows the 500 toast). It is a same-origin
     * fetch wrapper with no privileges of its own, so exposing it costs nothing.
     */
    __portalApi?: typeof api
  }
}
