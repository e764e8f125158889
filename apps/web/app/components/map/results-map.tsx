import { useEffect, useRef, useState } from 'react'
import type * as Leaflet from 'leaflet'
import { countLabel, formatNumber, formatPrice } from '@portal/contracts/format'
import type { ListingSummary } from '@portal/contracts/listing'
import type { Marker, MarkerCluster, MarkersResponse } from '@portal/contracts/search'
import { api } from '~/lib/api'
import { gridCluster, mergeNear, shortPrice } from './cluster'
import { addBaseLayer, escapeHtml as esc, loadLeaflet, MapFrame, POLAND } from './leaflet'

const OFFERS = ['ogłoszenie', 'ogłoszenia', 'ogłoszeń'] as const

/**
 * The results map: Leaflet loaded in the browser only, markers from /api/search/markers for the visible bounding
 * box, clustered on a grid here; when the box holds many listings the API sends its own clusters of all of them. Tiles come from MAP_TILE_URL; without it the map draws a plain background with the
 * big cities as landmarks, so it works offline and never calls a third-party host by default.
 */
export default function ResultsMap({ apiParams, tileUrl, listings, onCount }: {
  apiParams: string
  tileUrl: string | null
  listings: ListingSummary[]
  onCount?: (n: number) => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const [truncated, setTruncated] = useState(false)

  useEffect(() => {
    let disposed = false
    let map: Leaflet.Map | undefined
    let ctl: AbortController | undefined
    let timer: ReturnType<typeof setTimeout> | undefined

    void loadLeaflet().then((L) => {
      if (disposed || !box.current) return
      map = L.map(box.current, { zoomControl: true, attributionControl: !!tileUrl, minZoom: 5, maxZoom: 18 })
      addBaseLayer(L, map, tileUrl)
      const layer = L.layerGroup().addTo(map)
      let markers: Marker[] = []
      let serverClusters: MarkerCluster[] = []

      const clusterIcon = (n: number) => {
        const size = n < 10 ? 36 : n < 100 ? 44 : n < 1000 ? 52 : 60
        return L.divIcon({ className: 'map-cluster', html: `<span>${esc(formatNumber(n))}</span>`, iconSize: [size, size] })
      }
      const draw = () => {
        if (!map) return
        layer.clearLayers()
        const zoom = map.getZoom()
        // The API's grid does not know the screen: clusters that would overlap here are merged (counts summed).
        for (const group of mergeNear(serverClusters, (c) => map!.project([c.lat, c.lon], zoom))) {
          const n = group.count
          const { lat, lng: lon } = map.unproject([group.x, group.y], zoom)
          const bounds = L.latLngBounds(group.items.flatMap((c) => [[c.bounds[0], c.bounds[1]], [c.bounds[2], c.bounds[3]]] as [number, number][]))
          L.marker([lat, lon], { title: `${countLabel(n, OFFERS)} — przybliż`, alt: `${countLabel(n, OFFERS)} w tym miejscu`, icon: clusterIcon(n) })
            .on('click', () => map?.fitBounds(bounds.pad(0.3), { maxZoom: 17 }))
            .addTo(layer)
        }
        const clusters = gridCluster(markers, (m) => map!.project([m.lat, m.lon], zoom), 72)
        for (const c of clusters) {
          const pos = map.unproject([c.x, c.y], zoom)
          if (c.items.length === 1) {
            const m = c.items[0]!
            L.marker([m.lat, m.lon], {
              title: formatPrice(m.price),
              alt: `Ogłoszenie za ${formatPrice(m.price)}`,
              icon: L.divIcon({ className: 'map-pin', html: `<span>${esc(shortPrice(m.price))}</span>`, iconSize: [0, 0] }),
            })
              .bindPopup(`<a class="map-popup" href="/ogloszenia/${encodeURIComponent(m.slug)}">${esc(formatPrice(m.price))} — zobacz ogłoszenie</a>`)
              .addTo(layer)
          } else {
            const n = c.items.length
            L.marker(pos, {
              title: `${countLabel(n, OFFERS)} — przybliż`,
              alt: `${countLabel(n, OFFERS)} w tym miejscu`,
              icon: clusterIcon(n),
            })
              .on('click', () => map?.fitBounds(L.latLngBounds(c.items.map((m) => [m.lat, m.lon] as [number, number])).pad(0.3), { maxZoom: 17 }))
              .addTo(layer)
          }
        }
      }

      const load = () => {
        if (!map) return
        ctl?.abort()
        ctl = new AbortController()
        const b = map.getBounds()
        const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v, i) => Math.max(i % 2 ? -90 : -180, Math.min(i % 2 ? 90 : 180, v)).toFixed(5)).join(',')
        const q = new URLSearchParams(apiParams)
        q.delete('page')
        q.delete('widok')
        q.set('bbox', bbox)
        api
          .get<MarkersResponse>(`/api/search/markers?${q}`, { silent: true, signal: ctl.signal })
          .then((r) => {
            markers = r.data
            serverClusters = r.clusters ?? []
            setTruncated(r.truncated)
            onCount?.(r.total)
            draw()
            setState('ready')
          })
          .catch((err) => {
            if ((err as { name?: string })?.name !== 'AbortError') setState('error')
          })
      }

      map.on('zoomend', draw)
      map.on('moveend', () => {
        clearTimeout(timer)
        timer = setTimeout(load, 250)
      })
      const located = listings.filter((l) => Number.isFinite(l.lat) && Number.isFinite(l.lon))
      if (located.length) map.fitBounds(L.latLngBounds(located.map((l) => [l.lat, l.lon] as [number, number])).pad(0.2), { maxZoom: 13 })
      else map.fitBounds(POLAND)
    }, () => setState('error'))

    return () => {
      disposed = true
      clearTimeout(timer)
      ctl?.abort()
      map?.remove()
    }
    // The listings only place the first view; a new query (apiParams) rebuilds the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiParams, tileUrl])

  return (
    <MapFrame boxRef={box} label="Mapa ogłoszeń" state={state} error="Nie udało się wczytać punktów na mapie."
      className={`h-[min(70vh,640px)] rounded-2xl ${tileUrl ? 'bg-slate-100' : ''}`}>
      {truncated && (
        <p className="absolute inset-x-4 bottom-3 z-[500] mx-auto w-fit rounded-lg bg-white/95 px-3 py-1.5 text-center text-sm text-slate-700 shadow">
          Pokazujemy najnowsze punkty — przybliż mapę, aby zobaczyć wszystkie.
        </p>
      )}
    </MapFrame>
  )
}
