import { useEffect, useId, useRef, useState } from 'react'
import type * as Leaflet from 'leaflet'
import { addBaseLayer, loadLeaflet, MapFrame, POLAND } from './leaflet'
import { whenNear } from './when-near'

export interface MapPoint {
  lat: number
  lon: number
}

const PIN_ZOOM = 14
/** Pixels the pin moves per arrow key press (Shift: five times more). */
const KEY_STEP = 10

/**
 * One pin on the map: the listing page shows where a listing is; the form (with `onMove`) lets the user click the
 * map or drag the pin — or focus the pin and use the arrow keys — to set the point. Leaflet loads in the browser
 * only, once the box is near the viewport; the box has its height from the server render on, so nothing shifts when
 * the map appears.
 */
export function PinMap({ point, onMove, tileUrl, label, className = 'h-72 sm:h-80' }: {
  point: MapPoint | null
  onMove?: (p: MapPoint) => void
  tileUrl: string | null
  /** The region's accessible name. */
  label: string
  /** Height classes: the reserved space. */
  className?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const live = useRef<{ L: typeof Leaflet; map: Leaflet.Map; marker: Leaflet.Marker | null } | null>(null)
  const onMoveRef = useRef(onMove)
  onMoveRef.current = onMove
  // The last point this map reported itself: when it comes back as a prop, the view stays where the user put it.
  const own = useRef<MapPoint | null>(null)
  const pointRef = useRef(point)
  pointRef.current = point
  const editable = !!onMove

  useEffect(() => {
    let disposed = false
    let map: Leaflet.Map | undefined
    let lib: typeof Leaflet | undefined
    // A map built in a hidden box (the form keeps its other steps mounted but hidden) gets a zero size and a broken
    // view, so it is built once the box has a size, and follows later size changes.
    const sized = () => !!box.current && box.current.clientWidth > 0 && box.current.clientHeight > 0
    const watch = new ResizeObserver(() => {
      if (map) map.invalidateSize()
      else if (lib && sized()) build(lib)
    })
    if (box.current) watch.observe(box.current)
    const build = (L: typeof Leaflet) => {
      if (disposed || !box.current || map) return
      // No scroll-wheel zoom (the page scrolls past the map); on phones a read-only map leaves one-finger swipes to the page.
      map = L.map(box.current, {
        attributionControl: !!tileUrl,
        minZoom: 5,
        maxZoom: 18,
        scrollWheelZoom: false,
        dragging: editable || !L.Browser.mobile,
      })
      addBaseLayer(L, map, tileUrl)
      live.current = { L, map, marker: null }
      const p = pointRef.current
      if (p) map.setView([p.lat, p.lon], PIN_ZOOM)
      else map.fitBounds(POLAND)
      placePin(p)
      if (editable) map.on('click', (e: Leaflet.LeafletMouseEvent) => report(e.latlng))
      setState('ready')
    }
    const load = () => void loadLeaflet().then((L) => {
      lib = L
      if (sized()) build(L)
    }, () => setState('error'))
    // Leaflet (~40 KB, and its CSS) loads when the box comes near the viewport: a listing page's map is far below
    // its photo, so nothing of it competes with the first paint (decision 032).
    const stopWatching = whenNear(box.current, load, 600)
    return () => {
      disposed = true
      stopWatching()
      watch.disconnect()
      live.current = null
      map?.remove()
    }
    // The map is built once per tile source; the point follows in the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, editable])

  function report(ll: Leaflet.LatLng) {
    const p = { lat: Number(ll.lat.toFixed(6)), lon: Number(ll.lng.toFixed(6)) }
    own.current = p
    live.current?.marker?.setLatLng([p.lat, p.lon])
    onMoveRef.current?.(p)
  }

  function placePin(p: MapPoint | null) {
    const m = live.current
    if (!m) return
    if (!p) {
      m.marker?.remove()
      m.marker = null
      return
    }
    if (m.marker) {
      m.marker.setLatLng([p.lat, p.lon])
      return
    }
    const { L, map } = m
    const marker = L.marker([p.lat, p.lon], {
      draggable: editable,
      keyboard: editable,
      title: editable ? 'Pinezka — przeciągnij lub przesuń strzałkami' : label,
      alt: editable ? 'Pinezka lokalizacji' : label,
      icon: L.divIcon({ className: 'map-marker', html: '<span></span>', iconSize: [30, 36], iconAnchor: [15, 33] }),
    }).addTo(map)
    if (editable) {
      marker.on('dragend', () => report(marker.getLatLng()))
      // The arrow keys move a focused pin (and not the map under it).
      marker.getElement()?.addEventListener('keydown', (e) => {
        const d = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key]
        if (!d) return
        e.preventDefault()
        e.stopPropagation()
        const step = e.shiftKey ? KEY_STEP * 5 : KEY_STEP
        const at = map.latLngToContainerPoint(marker.getLatLng()).add(L.point(d[0]! * step, d[1]! * step))
        report(map.containerPointToLatLng(at))
      })
    }
    m.marker = marker
  }

  useEffect(() => {
    const m = live.current
    if (!m) return
    placePin(point)
    if (!point) return
    const mine = own.current && own.current.lat === point.lat && own.current.lon === point.lon
    // A point chosen elsewhere (autocomplete, city list) brings the map to it.
    if (!mine) m.map.setView([point.lat, point.lon], Math.max(m.map.getZoom(), PIN_ZOOM - 1))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [point?.lat, point?.lon])

  return (
    <MapFrame boxRef={box} label={label} describedBy={hintId} state={state} error="Nie udało się wczytać mapy."
      className={`rounded-xl ${tileUrl ? 'bg-slate-100' : 'bg-[#eef2f6]'} ${className}`}>
      <p id={hintId} className="sr-only">
        {editable
          ? 'Kliknij mapę, aby postawić pinezkę, albo przeciągnij ją. Pinezkę można też zaznaczyć klawiszem Tab i przesuwać strzałkami.'
          : 'Strzałki przesuwają mapę, klawisze plus i minus ją przybliżają.'}
      </p>
    </MapFrame>
  )
}
