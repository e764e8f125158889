import { useEffect, useRef, useState } from 'react'
import type * as Leaflet from 'leaflet'
import { addBaseLayer, escapeHtml as esc, loadLeaflet, MapFrame, POLAND } from './leaflet'
import { whenNear } from './when-near'

export interface MapPin { lat: number; lon: number; title: string; href: string; note?: string }

/**
 * A few pins with links (the investments' map): Leaflet loads in the browser once the box is near the viewport
 * (decision 032), so it never weighs on the first paint; the box keeps its height from the server render on.
 */
export function PinsMap({ pins, tileUrl, label, className = 'h-80' }: { pins: MapPin[]; tileUrl: string | null; label: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const key = pins.map((p) => `${p.lat},${p.lon},${p.href}`).join('|')

  useEffect(() => {
    let disposed = false
    let map: Leaflet.Map | undefined
    const build = (L: typeof Leaflet) => {
      if (disposed || !box.current) return
      map = L.map(box.current, { attributionControl: !!tileUrl, minZoom: 5, maxZoom: 18, zoomSnap: 0.25, scrollWheelZoom: false, dragging: !L.Browser.mobile })
      addBaseLayer(L, map, tileUrl)
      const icon = L.divIcon({ className: 'map-marker', html: '<span></span>', iconSize: [30, 36], iconAnchor: [15, 33], popupAnchor: [0, -30] })
      for (const p of pins) {
        L.marker([p.lat, p.lon], { icon, title: p.title, alt: p.title }).addTo(map)
          .bindPopup(`<a href="${esc(p.href)}" style="font-weight:600">${esc(p.title)}</a>${p.note ? `<br>${esc(p.note)}` : ''}`)
      }
      if (pins.length === 1) map.setView([pins[0]!.lat, pins[0]!.lon], 14)
      else if (pins.length) map.fitBounds(L.latLngBounds(pins.map((p) => [p.lat, p.lon] as [number, number])), { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 14 })
      else map.fitBounds(POLAND)
      setState('ready')
    }
    const load = () => void loadLeaflet().then(build, () => setState('error'))
    const stopWatching = whenNear(box.current, load)
    return () => {
      disposed = true
      stopWatching()
      map?.remove()
    }
    // Rebuilt when the pins change (a new filter).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tileUrl])

  return <MapFrame boxRef={box} label={label} state={state} error="Nie udało się wczytać mapy." className={`rounded-2xl ${tileUrl ? 'bg-slate-100' : 'bg-[#eef2f6]'} ${className}`} />
}
