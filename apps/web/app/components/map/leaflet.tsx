import type { ReactNode, RefObject } from 'react'
import leafletCss from 'leaflet/dist/leaflet.css?url'
import mapCss from './map.css?url'
import type * as Leaflet from 'leaflet'

export type LeafletModule = typeof Leaflet

/** Poland's bounding box: the first view when there is nothing to show yet. */
export const POLAND: [[number, number], [number, number]] = [[49.0, 14.1], [54.9, 24.2]]

export { escapeHtml } from './escape'

/** A stylesheet added to <head> once, resolved when it has loaded (or failed: the map still works unstyled). */
function loadStylesheet(href: string): Promise<void> {
  const existing = document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`)
  if (existing) return existing.dataset.loaded ? Promise.resolve() : new Promise((done) => {
    existing.addEventListener('load', () => done(), { once: true })
    existing.addEventListener('error', () => done(), { once: true })
  })
  return new Promise((done) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.onload = () => { link.dataset.loaded = '1'; done() }
    link.onerror = () => done()
    document.head.append(link)
  })
}

/**
 * Leaflet touches `window` when it is evaluated, so every map loads it here, in the browser only (from an effect),
 * never during SSR. The CommonJS build arrives as `default` in some bundles and as the namespace in others.
 * Leaflet's CSS and ours come with it (self-hosted, Vite emits them as assets), so they never block a page's first
 * paint (decision 032); the map is drawn once both have loaded.
 */
let basemap: typeof import('./basemap') | undefined

export function loadLeaflet(): Promise<LeafletModule> {
  const base = import('./basemap').then((m) => { basemap = m })
  return Promise.all([import('leaflet'), loadStylesheet(leafletCss), loadStylesheet(mapCss), base])
    .then(([mod]) => (mod as unknown as { default?: LeafletModule }).default ?? (mod as unknown as LeafletModule))
}

/**
 * The map's background (basemap.ts). It comes with Leaflet (loadLeaflet), so a page whose map is not drawn yet does
 * not carry its code (decision 034); every caller has awaited loadLeaflet() before, so it is there.
 */
export function addBaseLayer(L: LeafletModule, map: Leaflet.Map, tileUrl: string | null) {
  if (!basemap) throw new Error('addBaseLayer before loadLeaflet')
  basemap.addBaseLayer(L, map, tileUrl)
}

/** The line over a map while Leaflet (or its data) loads, and the message when that failed. */
export function MapStatus({ state, error }: { state: 'loading' | 'ready' | 'error'; error: string }) {
  if (state === 'loading') return <p className="pointer-events-none absolute inset-x-0 top-3 text-center text-sm text-slate-600">Wczytuję mapę…</p>
  if (state === 'error') {
    return <p role="alert" className="absolute inset-x-4 top-3 z-[500] rounded-lg bg-white/95 p-2 text-center text-sm text-red-700 shadow">{error}</p>
  }
  return null
}

/**
 * The box a map draws into, as a labelled region (Leaflet makes it focusable: arrows pan, +/- zoom), with its
 * styles and status line. `className` gives the height, reserved from the server render on (no layout shift).
 * `relative z-0` keeps Leaflet's high z-index panes under the sticky header and form bar.
 */
export function MapFrame({ boxRef, label, state, error, className, describedBy, children }: {
  boxRef: RefObject<HTMLDivElement | null>
  label: string
  state: 'loading' | 'ready' | 'error'
  error: string
  className: string
  describedBy?: string
  children?: ReactNode
}) {
  return (
    <div className="relative">
      <div ref={boxRef} role="region" aria-label={label} aria-describedby={describedBy} data-map-state={state}
        className={`map-canvas relative z-0 w-full overflow-hidden border border-slate-200 ${className}`} />
      <MapStatus state={state} error={error} />
      {children}
    </div>
  )
}
