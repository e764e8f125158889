import type { ReactNode, RefObject } from 'react'
import leafletCss from 'leaflet/dist/leaflet.css?url'
import mapCss from './map.css?url'
import type * as Leaflet from 'leaflet'
import { TILE_ATTRIBUTION } from '@portal/contracts/map-tiles'

export type LeafletModule = typeof Leaflet

/** Poland's bounding box: the first view when there is nothing to show yet. */
export const POLAND: [[number, number], [number, number]] = [[49.0, 14.1], [54.9, 24.2]]

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

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
export function loadLeaflet(): Promise<LeafletModule> {
  return Promise.all([import('leaflet'), loadStylesheet(leafletCss), loadStylesheet(mapCss)])
    .then(([mod]) => (mod as unknown as { default?: LeafletModule }).default ?? (mod as unknown as LeafletModule))
}

/** After this many failed tiles with none loaded the tiles are dropped: the offline base map stays (no internet). */
const TILE_FAILURES = 4

/**
 * The map's background. Always the offline base map, drawn from data in the repo (poland-base.json: Poland's
 * outline, approximate voivodeship borders and names; the catalogue's 30 cities), in a pane under the tiles; over it
 * the raster tiles of MAP_TILE_URL (OpenStreetMap unless configured; none when 'off') with their attribution. Where
 * the tile host cannot be reached the tiles are removed after a few failures, so no machine shows an empty grid.
 */
export function addBaseLayer(L: LeafletModule, map: Leaflet.Map, tileUrl: string | null) {
  const pane = map.createPane('basemap')
  pane.style.zIndex = '150' // under the tile pane (200), over the map's background
  // City names over everything (pins and cluster bubbles included), never catching the pointer.
  const labels = map.createPane('labels')
  labels.style.zIndex = '650'
  labels.style.pointerEvents = 'none'
  const zoomClass = () => map.getContainer().classList.toggle('map-zoomed-in', map.getZoom() >= 8)
  map.on('zoomend', zoomClass)
  map.whenReady(zoomClass)
  map.getContainer().dataset.basemap = tileUrl ? 'tiles' : 'offline'
  // The cities come with the map's data, not with the page (decision 034).
  void Promise.all([import('./poland-base.json'), import('@portal/contracts/catalogue/cities')]).then(([{ default: base }, { CITIES }]) => {
    const renderer = L.svg({ pane: 'basemap' })
    for (const ring of base.outline) {
      L.polygon(ring as [number, number][], {
        pane: 'basemap', renderer, interactive: false, color: '#94a3b8', weight: 1.5, fillColor: '#fbfaf7', fillOpacity: 1,
      }).addTo(map)
    }
    L.polyline(base.borders as [number, number][][], {
      pane: 'basemap', renderer, interactive: false, color: '#a8b4c4', weight: 1, dashArray: '4 4',
    }).addTo(map)
    for (const v of base.voivodeships) {
      L.marker([v.lat, v.lon], {
        pane: 'basemap', interactive: false, keyboard: false,
        icon: L.divIcon({ className: 'map-region', html: `<span>${escapeHtml(v.name)}</span>`, iconSize: [0, 0] }),
      }).addTo(map)
    }
    for (const c of CITIES) {
      L.marker([c.lat, c.lon], {
        pane: 'labels', interactive: false, keyboard: false,
        icon: L.divIcon({ className: 'map-city', html: `<span>${escapeHtml(c.name)}</span>`, iconSize: [0, 0] }),
      }).addTo(map)
    }
    map.getContainer().dataset.basemapDrawn = 'true'
  })
  if (!tileUrl) return
  const tiles = L.tileLayer(tileUrl, { maxZoom: 19, attribution: TILE_ATTRIBUTION, crossOrigin: false })
  let loaded = 0, failed = 0
  tiles.on('tileload', () => { loaded++ })
  tiles.on('tileerror', () => {
    if (++failed >= TILE_FAILURES && loaded === 0 && map.hasLayer(tiles)) {
      map.removeLayer(tiles)
      map.getContainer().dataset.basemap = 'offline'
    }
  })
  tiles.addTo(map)
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
