import type * as Leaflet from 'leaflet'
import type { Area } from '@portal/contracts/plain/search'
import type { LeafletModule } from './leaflet'

/**
 * 'Rysuj obszar' (issue 25): while active, a press-and-drag on the map draws a freehand outline, a click adds a
 * point (a click on the first point, or 'Zakończ', closes the shape). The map does not pan meanwhile. Pointer events,
 * so mouse, pen and touch draw alike. `done` receives the ring ([lat, lon]); nothing is sent anywhere from here.
 */
export interface AreaDrawing {
  /** Closes the shape drawn by clicks (3 points or more). */
  finish(): void
  cancel(): void
}

/** Freehand points closer than this (screen pixels) are skipped; a freehand outline keeps at most MAX_FREEHAND. */
const STEP_PX = 6
const MAX_FREEHAND = 150

export function startAreaDrawing(L: LeafletModule, map: Leaflet.Map, opts: {
  onPoints: (n: number) => void
  done: (ring: Area | null) => void
}): AreaDrawing {
  const box = map.getContainer()
  const points: Leaflet.LatLng[] = []
  const layer = L.layerGroup().addTo(map)
  const style = { color: '#db2777', weight: 2, dashArray: '6 6', fill: false }
  let line = L.polyline([], style).addTo(layer)
  let dragging: Leaflet.LatLng[] | null = null
  let downAt: { x: number; y: number; id: number } | null = null
  const handlers = ['dragging', 'touchZoom', 'doubleClickZoom', 'boxZoom'] as const
  for (const h of handlers) map[h]?.disable()
  box.classList.add('map-drawing')

  const redraw = (extra: Leaflet.LatLng[] = []) => {
    line.setLatLngs([...points, ...extra])
    opts.onPoints(points.length)
  }
  const latLng = (e: PointerEvent) => map.mouseEventToLatLng(e)
  const onDown = (e: PointerEvent) => {
    if (e.button > 0 || (e.target as HTMLElement).closest('.leaflet-control')) return
    e.preventDefault()
    box.setPointerCapture?.(e.pointerId)
    downAt = { x: e.clientX, y: e.clientY, id: e.pointerId }
    dragging = [latLng(e)]
  }
  const onMove = (e: PointerEvent) => {
    if (!dragging || !downAt || e.pointerId !== downAt.id) return
    const last = map.latLngToContainerPoint(dragging.at(-1)!)
    const here = map.mouseEventToContainerPoint(e)
    if (last.distanceTo(here) < STEP_PX) return
    dragging.push(latLng(e))
    redraw(dragging)
  }
  const onUp = (e: PointerEvent) => {
    if (!dragging || !downAt || e.pointerId !== downAt.id) return
    const moved = Math.hypot(e.clientX - downAt.x, e.clientY - downAt.y)
    const stroke = dragging
    dragging = null
    downAt = null
    if (moved > 12 && stroke.length >= 3 && points.length === 0) {
      // A freehand outline: thinned evenly to at most MAX_FREEHAND points.
      const step = Math.max(1, Math.ceil(stroke.length / MAX_FREEHAND))
      return close(stroke.filter((_, i) => i % step === 0))
    }
    const p = stroke[0]!
    // A click on (near) the first point closes the shape.
    if (points.length >= 3 && map.latLngToContainerPoint(points[0]!).distanceTo(map.latLngToContainerPoint(p)) < 14) return close(points)
    points.push(p)
    L.circleMarker(p, { radius: points.length === 1 ? 7 : 4, color: '#db2777', weight: 2, fillColor: '#fff', fillOpacity: 1 }).addTo(layer)
    redraw()
  }
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') stop(null) }

  function stop(ring: Area | null) {
    box.removeEventListener('pointerdown', onDown)
    box.removeEventListener('pointermove', onMove)
    box.removeEventListener('pointerup', onUp)
    box.removeEventListener('pointercancel', onUp)
    document.removeEventListener('keydown', onKey)
    box.classList.remove('map-drawing')
    for (const h of handlers) map[h]?.enable()
    layer.remove()
    line = undefined as never
    opts.done(ring)
  }
  function close(ring: Leaflet.LatLng[]) {
    stop(ring.map((p): [number, number] => [Math.round(p.lat * 1e5) / 1e5, Math.round(p.lng * 1e5) / 1e5]))
  }

  box.addEventListener('pointerdown', onDown)
  box.addEventListener('pointermove', onMove)
  box.addEventListener('pointerup', onUp)
  box.addEventListener('pointercancel', onUp)
  document.addEventListener('keydown', onKey)
  return {
    finish: () => { if (points.length >= 3) close(points) },
    cancel: () => stop(null),
  }
}
