import type { ReactNode, RefObject } from 'react'
import leafletCss from 'leaflet/dist/leaflet.css?url'
import mapCss from './map.css?url'
import type * as Leaflet from 'leaflet'
import { CITIES } from '@portal/contracts/catalogue'

export type LeafletModule = typeof Leaflet

/** Poland's bounding box: the first view when there is nothing to show yet. */
export const POLAND: [[number, number], [number, number]] = [[49.0, 14.1], [54.9, 24.2]]

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Leaflet touches `window` when it is evaluated, so every map loads it here, in the browser only (from an effect),
 * never during SSR. The CommonJS build arrives as `default` in some bundles and as the namespace in others.
 */
export function loadLeaflet(): Promise<LeafletModule> {
  return import('leaflet').then((mod) => (mod as unknown as { default?: LeafletModule }).default ?? (mod as unknown as LeafletModule))
}

/**
 * The map's background. Tiles only come from MAP_TILE_URL (so no third-party host is called by default); without
 * it the canvas is a plain grid (map.css) with the big cities as landmarks, which keeps the map usable offline.
 */
export function addBaseLayer(L: LeafletModule, map: Leaflet.Map, tileUrl: string | null) {
  if (tileUrl) {
    L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap' }).addTo(map)
    return
  }
  const labels = L.layerGroup().addTo(map)
  for (const c of CITIES) {
    L.marker([c.lat, c.lon], {
      interactive: false,
      keyboard: false,
      // Under the listing pins and clusters (markerPane), so a city name never hides a count.
      pane: 'overlayPane',
      icon: L.divIcon({ className: 'map-city', html: `<span>${escapeHtml(c.name)}</span>`, iconSize: [0, 0] }),
    }).addTo(labels)
  }
}

/** Leaflet's own CSS and ours, self-hosted (Vite emits them as assets); React hoists and dedupes the links. */
export function MapStyles() {
  return (
    <>
      <link rel="stylesheet" href={leafletCss} precedence="default" />
      <link rel="stylesheet" href={mapCss} precedence="default" />
    </>
  )
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
      <MapStyles />
      <div ref={boxRef} role="region" aria-label={label} aria-describedby={describedBy} data-map-state={state}
        className={`map-canvas relative z-0 w-full overflow-hidden border border-slate-200 ${className}`} />
      <MapStatus state={state} error={error} />
      {children}
    </div>
  )
}
