/**
 * Spec §7/§8: the service worker at /sw.js with scope /; where service workers are unsupported an error is thrown
 * and swallowed. Registered after the page has loaded so it never competes with the first paint.
 */
export function registerServiceWorker(win: Window = window): void {
  const register = () => {
    try {
      if (!('serviceWorker' in win.navigator)) throw new Error('Service workers are not supported')
      win.navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {})
    } catch {
      // §8: swallowed.
    }
  }
  if (win.document.readyState === 'complete') register()
  else win.addEventListener('load', register, { once: true })
}
