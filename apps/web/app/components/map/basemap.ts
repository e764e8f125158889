import type * as Leaflet from 'leaflet'
import { TILE_ATTRIBUTION } from '@portal/contracts/map-tiles'
import { escapeHtml } from './escape'

type LeafletModule = typeof Leaflet

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

