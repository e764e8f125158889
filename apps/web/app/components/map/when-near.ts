/**
 * Calls `load` once, when `el` comes within `margin` px of the viewport (400 by default) (at once without IntersectionObserver or an
 * element): the maps load Leaflet (~40 KB and its CSS) only when they are about to be seen. Returns the disconnect.
 */
export function whenNear(el: Element | null, load: () => void, margin = 400): () => void {
  const near = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return
    near?.disconnect()
    load()
  }, { rootMargin: `${margin}px 0px` }) : null
  if (near && el) near.observe(el)
  else load()
  return () => near?.disconnect()
}
