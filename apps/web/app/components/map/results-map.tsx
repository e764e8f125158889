import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type * as Leaflet from 'leaflet'
import { countLabel, formatNumber, formatPrice } from '@portal/contracts/format'
import type { ListingSummary } from '@portal/contracts/listing'
import type { Marker, MarkerCluster, MarkersResponse } from '@portal/contracts/search'
import { MAX_AREAS, areaProblem, decodeArea } from '@portal/contracts/plain/area-shape'

import { encodeArea, parseSearchParams as parseQuery, type Area, type BBox } from '@portal/contracts/plain/search'
import { api } from '~/lib/api'
import { gridCluster, mergeNear, shortPrice } from './cluster'
import { addBaseLayer, escapeHtml as esc, loadLeaflet, MapFrame, POLAND, type LeafletModule } from './leaflet'
import { startAreaDrawing, type AreaDrawing } from './draw-area'

const OFFERS = ['ogłoszenie', 'ogłoszenia', 'ogłoszeń'] as const
const POINTS = ['punkt', 'punkty', 'punktów'] as const
/** 'Szukaj podczas przesuwania mapy' is remembered in this browser (on by default). */
const FOLLOW_KEY = 'szukaj-mapa-podaza'

/** A view as the URL writes it: minLon,minLat,maxLon,maxLat to 5 decimals (~1 m), clamped to the globe. */
function boxParam(b: BBox): string {
  return b.map((v, i) => Math.max(i % 2 ? -90 : -180, Math.min(i % 2 ? 90 : 180, v)).toFixed(5)).join(',')
}
const viewOf = (map: Leaflet.Map): BBox => {
  const b = map.getBounds()
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
}
/** The part of the view inside the list's map view (markers show what the list shows). */
function intersect(a: BBox, b: BBox | undefined): BBox {
  if (!b) return a
  const out: BBox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]
  return out[0] <= out[2] && out[1] <= out[3] ? out : b
}
/** The query with its drawn areas as written (the API has checked them: the list on the page is their answer). */
function parseSearchParams(p: URLSearchParams) {
  const out = parseQuery(p, (raw) => decodeArea(raw) ?? [])
  if (out.query.areas) out.query.areas = out.query.areas.filter((a) => a.length >= 3)
  return out
}
const boundsOf = (L: LeafletModule, b: BBox) => L.latLngBounds([b[1], b[0]], [b[3], b[2]])

/**
 * The results map: Leaflet loaded in the browser only, markers from /api/search/markers for the visible bounding
 * box, clustered on a grid here; when the box holds many listings the API sends its own clusters of all of them.
 * Tiles come from MAP_TILE_URL; without it the map draws a plain background with the big cities as landmarks, so it
 * works offline and never calls a third-party host by default.
 *
 * The map drives the list (issue 25): with 'Szukaj podczas przesuwania mapy' on, moving or zooming it puts the view
 * into the URL (`mapa`, a new history entry: the back button restores the previous view), which narrows the list, its
 * count and the markers; off, 'Szukaj w tym obszarze' does it on demand. 'Rysuj obszar' adds a drawn area (`obszar`).
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
  const [follow, setFollow] = useState(true)
  const [moved, setMoved] = useState(false)
  const [drawing, setDrawing] = useState<{ points: number } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const navigate = useNavigate()
  const location = useLocation()
  const query = parseSearchParams(new URLSearchParams(apiParams)).query
  const areas = query.areas ?? []

  // What the long-lived map handlers read: the latest props and state.
  const live = useRef({ apiParams, follow, drawing: false, location, navigate, onCount })
  live.current = { apiParams, follow, drawing: drawing !== null, location, navigate, onCount }
  const mapRef = useRef<{ L: LeafletModule; map: Leaflet.Map; load: () => void; quietly: (fn: () => void) => void; areaLayer: Leaflet.LayerGroup } | null>(null)
  const pen = useRef<AreaDrawing | null>(null)
  /** The `mapa` this map last put into the URL (its own navigation is not a view to go back to). */
  const pushed = useRef<string | null>(null)

  useEffect(() => {
    try { setFollow(localStorage.getItem(FOLLOW_KEY) !== '0') } catch { /* storage blocked: the default */ }
  }, [])

  /** Puts the page's URL with these changes (page 1) into the history. */
  const go = (patch: (p: URLSearchParams) => void) => {
    const { location: loc, navigate: nav } = live.current
    const p = new URLSearchParams(loc.search)
    p.delete('page')
    p.delete('bbox')
    patch(p)
    const s = p.toString()
    nav(`${loc.pathname}${s ? `?${s}` : ''}`, { preventScrollReset: true })
  }
  const searchHere = () => {
    const m = mapRef.current
    if (!m) return
    const view = boxParam(viewOf(m.map))
    pushed.current = view
    setMoved(false)
    go((p) => p.set('mapa', view))
  }

  useEffect(() => {
    let disposed = false
    let map: Leaflet.Map | undefined
    let ctl: AbortController | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let quiet = false
    let resizedAt = 0
    let unhover = () => {}
    const onResize = () => { resizedAt = Date.now() }
    window.addEventListener('resize', onResize)

    void loadLeaflet().then((L) => {
      if (disposed || !box.current) return
      map = L.map(box.current, { zoomControl: true, attributionControl: !!tileUrl, minZoom: 5, maxZoom: 18 })
      addBaseLayer(L, map, tileUrl)
      const areaLayer = L.layerGroup().addTo(map)
      const layer = L.layerGroup().addTo(map)
      let markers: Marker[] = []
      let serverClusters: MarkerCluster[] = []

      const clusterIcon = (n: number) => {
        const size = n < 10 ? 36 : n < 100 ? 44 : n < 1000 ? 52 : 60
        return L.divIcon({ className: 'map-cluster', html: `<span>${esc(formatNumber(n))}</span>`, iconSize: [size, size] })
      }
      // A card and its marker light up together (the cards of the list beside the map, issue 25): the single markers
      // by slug, found from the cards' data-listing-card through one listener here (nothing at the page's first paint).
      const pins = new Map<string, HTMLElement>()
      const cardOf = (slug: string) => document.querySelector(`[data-listing-card="${CSS.escape(slug)}"]`)
      // The hovered card's slug: markers drawn anew (a reload while the pointer rests on a card) light up too.
      let hovered: string | null = null
      const onCard = (e: MouseEvent, on: boolean) => {
        const slug = (e.target as Element | null)?.closest?.('[data-listing-card]')?.getAttribute('data-listing-card')
        if (!slug) return
        hovered = on ? slug : hovered === slug ? null : hovered
        pins.get(slug)?.classList.toggle('map-pin-active', on)
      }
      const over = (e: MouseEvent) => onCard(e, true)
      const out = (e: MouseEvent) => onCard(e, false)
      document.addEventListener('mouseover', over)
      document.addEventListener('mouseout', out)
      unhover = () => { document.removeEventListener('mouseover', over); document.removeEventListener('mouseout', out) }
      const draw = () => {
        if (!map) return
        layer.clearLayers()
        pins.clear()
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
              .on('mouseover', () => cardOf(m.slug)?.classList.add('map-card-active'))
              .on('mouseout', () => cardOf(m.slug)?.classList.remove('map-card-active'))
              .addTo(layer)
            const el = (layer.getLayers().at(-1) as Leaflet.Marker).getElement()
            if (el) {
              pins.set(m.slug, el)
              if (m.slug === hovered) el.classList.add('map-pin-active')
            }
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
        const q = new URLSearchParams(live.current.apiParams)
        const listBox = parseSearchParams(q).query.bbox
        q.delete('page')
        q.delete('widok')
        q.delete('bbox')
        // The view, within the list's map view: the markers show what the list can show.
        q.set('mapa', boxParam(intersect(viewOf(map), listBox)))
        api
          .get<MarkersResponse>(`/api/search/markers?${q}`, { silent: true, signal: ctl.signal })
          .then((r) => {
            markers = r.data
            serverClusters = r.clusters ?? []
            setTruncated(r.truncated)
            live.current.onCount?.(r.total)
            draw()
            setState('ready')
          })
          .catch((err) => {
            if ((err as { name?: string })?.name !== 'AbortError') setState('error')
          })
      }
      /** Moves the map without it counting as the person's move (fitBounds without animation ends synchronously). */
      const quietly = (fn: () => void) => { quiet = true; try { fn() } finally { quiet = false } }

      map.on('zoomend', draw)
      map.on('moveend', () => {
        clearTimeout(timer)
        timer = setTimeout(load, 250)
        const own = !quiet && !live.current.drawing && Date.now() - resizedAt > 500
        if (!own || !map) return
        // Drawn areas say where to search: moving the map then only moves the markers.
        if (parseSearchParams(new URLSearchParams(live.current.apiParams)).query.areas?.length) return
        if (!live.current.follow) { setMoved(true); return }
        const view = boxParam(viewOf(map))
        pushed.current = view
        go((p) => p.set('mapa', view))
      })
      const q = parseSearchParams(new URLSearchParams(live.current.apiParams)).query
      const located = listings.filter((l) => Number.isFinite(l.lat) && Number.isFinite(l.lon))
      quietly(() => {
        if (q.bbox) { map!.fitBounds(boundsOf(L, q.bbox), { animate: false }); pushed.current = boxParam(q.bbox) }
        else if (q.areas?.length) map!.fitBounds(L.latLngBounds(q.areas.flat()).pad(0.1), { animate: false })
        else if (located.length) map!.fitBounds(L.latLngBounds(located.map((l) => [l.lat, l.lon] as [number, number])).pad(0.2), { maxZoom: 13, animate: false })
        else map!.fitBounds(POLAND, { animate: false })
      })
      mapRef.current = { L, map, load, quietly, areaLayer }
      setAreasShown((n) => n + 1)
      load()
    }, () => setState('error'))

    return () => {
      disposed = true
      clearTimeout(timer)
      ctl?.abort()
      window.removeEventListener('resize', onResize)
      unhover()
      pen.current?.cancel()
      map?.remove()
      mapRef.current = null
    }
    // The listings only place the first view; a new query reloads the markers (the effect below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl])

  // Bumped once the map exists, so the query effect below runs for it too.
  const [areasShown, setAreasShown] = useState(0)
  useEffect(() => {
    const m = mapRef.current
    if (!m) return
    // Back or forward to another view: show it (quietly: that is not a new move).
    const mapa = query.bbox ? boxParam(query.bbox) : null
    if (mapa && mapa !== pushed.current) m.quietly(() => m.map.fitBounds(boundsOf(m.L, query.bbox!), { animate: false }))
    pushed.current = mapa
    m.areaLayer.clearLayers()
    for (const a of areas) m.L.polygon(a, { color: '#db2777', weight: 2, fillColor: '#ec4899', fillOpacity: 0.08 }).addTo(m.areaLayer)
    m.load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiParams, areasShown])

  const startDrawing = () => {
    const m = mapRef.current
    if (!m || drawing) return
    setProblem(null)
    setDrawing({ points: 0 })
    pen.current = startAreaDrawing(m.L, m.map, {
      onPoints: (points) => setDrawing({ points }),
      done: (ring) => {
        pen.current = null
        setDrawing(null)
        if (!ring) return
        const why = areaProblem(ring)
        if (why) { setProblem(`${why} Narysuj obszar jeszcze raz.`); return }
        addArea(ring)
      },
    })
  }
  const addArea = (ring: Area) => {
    setMoved(false)
    go((p) => {
      const kept = parseSearchParams(p).query.areas ?? []
      for (const k of [...p.keys()]) if (/^(obszar|areas)(\[\d*\])?$/.test(k)) p.delete(k)
      // The drawn area replaces the map view as the place searched.
      p.delete('mapa')
      ;[...kept, ring].forEach((a, i) => p.set(`obszar[${i}]`, encodeArea(a)))
    })
  }
  const removeArea = (index: number) => {
    go((p) => {
      const kept = (parseSearchParams(p).query.areas ?? []).filter((_, i) => i !== index)
      for (const k of [...p.keys()]) if (/^(obszar|areas)(\[\d*\])?$/.test(k)) p.delete(k)
      kept.forEach((a, i) => p.set(`obszar[${i}]`, encodeArea(a)))
    })
  }
  const toggleFollow = (on: boolean) => {
    setFollow(on)
    try { localStorage.setItem(FOLLOW_KEY, on ? '1' : '0') } catch { /* not remembered */ }
    if (on && moved) searchHere()
  }

  const button = 'inline-flex h-10 items-center gap-2 rounded-xl px-3.5 text-sm font-semibold shadow-md transition-colors'
  return (
    <div>
      <MapFrame boxRef={box} label="Mapa ogłoszeń" state={state} error="Nie udało się wczytać punktów na mapie."
        className={`h-[min(70vh,640px)] rounded-2xl ${tileUrl ? 'bg-slate-100' : ''}`}>
        {state !== 'error' && (
          <div className="pointer-events-none absolute inset-x-3 top-3 z-[500] flex flex-wrap items-start justify-end gap-2 pl-12">
            {moved && !drawing && !areas.length && (
              <button type="button" onClick={searchHere} className={`${button} pointer-events-auto mr-auto bg-accent-600 text-white hover:bg-accent-700`}>
                Szukaj w tym obszarze
              </button>
            )}
            {drawing ? (
              <>
                <p className="pointer-events-auto rounded-xl bg-white/95 px-3 py-2 text-sm text-slate-700 shadow-md">
                  {drawing.points === 0 ? 'Obrysuj obszar palcem lub myszą albo klikaj kolejne punkty.' : `Punkty: ${drawing.points}. Kliknij pierwszy punkt lub „Zakończ”.`}
                </p>
                <button type="button" onClick={() => pen.current?.finish()} disabled={drawing.points < 3}
                  className={`${button} pointer-events-auto bg-accent-600 text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-50`}>
                  Zakończ
                </button>
                <button type="button" onClick={() => pen.current?.cancel()} className={`${button} pointer-events-auto bg-white text-slate-800 hover:bg-slate-50`}>
                  Anuluj
                </button>
              </>
            ) : (
              <button type="button" onClick={startDrawing} disabled={state !== 'ready' || areas.length >= MAX_AREAS}
                title={areas.length >= MAX_AREAS ? `Można narysować najwyżej ${MAX_AREAS} obszarów.` : undefined}
                className={`${button} pointer-events-auto bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60`}>
                <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8"><path d="M4 15 7 4l9 3-2 9z" strokeLinejoin="round" /><circle cx="4" cy="15" r="1.6" fill="currentColor" /><circle cx="7" cy="4" r="1.6" fill="currentColor" /><circle cx="16" cy="7" r="1.6" fill="currentColor" /><circle cx="14" cy="16" r="1.6" fill="currentColor" /></svg>
                Rysuj obszar
              </button>
            )}
          </div>
        )}
        {state === 'ready' && !drawing && !areas.length && (
          <label className="absolute bottom-3 left-3 z-[500] inline-flex cursor-pointer items-center gap-2 rounded-xl bg-white/95 px-3 py-2 text-sm font-medium text-slate-800 shadow-md">
            <input type="checkbox" checked={follow} onChange={(e) => toggleFollow(e.target.checked)} className="size-4 accent-accent-600" />
            Szukaj podczas przesuwania mapy
          </label>
        )}
        {truncated && (
          <p className="absolute inset-x-4 bottom-14 z-[500] mx-auto w-fit rounded-lg bg-white/95 px-3 py-1.5 text-center text-sm text-slate-700 shadow">
            Pokazujemy najnowsze punkty — przybliż mapę, aby zobaczyć wszystkie.
          </p>
        )}
      </MapFrame>
      {problem && <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{problem}</p>}
      {areas.length > 0 && (
        <ul aria-label="Narysowane obszary" className="mt-2 flex flex-wrap gap-2">
          {areas.map((a, i) => (
            <li key={`${i}-${encodeArea(a)}`} className="inline-flex h-9 items-center gap-2 rounded-full border border-accent-200 bg-accent-50 pl-3.5 pr-1.5 text-sm font-medium text-accent-800">
              Obszar {i + 1} ({countLabel(a.length, POINTS)})
              <button type="button" onClick={() => removeArea(i)} aria-label={`Usuń obszar ${i + 1}`}
                className="inline-flex h-7 items-center rounded-full px-2 text-xs font-semibold text-accent-800 hover:bg-accent-100">
                Usuń
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
