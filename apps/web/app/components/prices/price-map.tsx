import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type * as Leaflet from 'leaflet'
import type { PriceMap as PriceMapData, PriceRow } from '@portal/contracts/prices'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { addBaseLayer, loadLeaflet, MapFrame } from '~/components/map/leaflet'
import { api } from '~/lib/api'
import { legendLines, NEUTRAL_SHADE, perM2, shadeOf, shadeScale } from '~/lib/prices'
import { whenNear } from '~/components/map/when-near'

type Mode = 'sell' | 'rent'

/** 'Mokotów: 17 450 zł/m² (312 ogłoszeń)' or 'Mokotów: za mało ogłoszeń, by podać medianę'. */
function districtText(row: PriceRow | undefined, name: string, mode: Mode): string {
  const f = row?.[mode]
  return f ? `${name}: ${perM2(f.median)} (${countLabel(f.n, LISTING_FORMS)})` : `${name}: za mało ogłoszeń, by podać medianę`
}

/**
 * The price map of a city's page (issue 26 item 2, decision 079): its districts shaded by the median price (or rent)
 * per m², on the offline base map. The legend and the switch are server-rendered; Leaflet and the district shapes
 * (`/api/prices/{city}/map`, generated cells, not surveyed borders) load only when the box comes near the viewport.
 * Each district is a link: hover, focus or a tap shows its name and figure, Enter or a click opens its page. The table below
 * the map holds the same figures for screen readers (the map's description says so).
 */
export function PriceMap({ citySlug, cityName, rows, tileUrl }: { citySlug: string; cityName: string; rows: PriceRow[]; tileUrl: string | null }) {
  const [mode, setMode] = useState<Mode>('sell')
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const box = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const noteId = useId()
  const name = useId()
  const layers = useRef<{ slug: string; name: string; layer: Leaflet.Polygon }[]>([])
  const bySlug = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows])
  const scale = useMemo(() => shadeScale(rows.flatMap((r) => (r[mode] ? [r[mode]!.median] : []))), [rows, mode])
  const missing = rows.filter((r) => !r[mode]).length
  // The district under the pointer, focused or tapped: its name and figure show in the map's corner (a tooltip
  // beside the district would leave a 390 px wide map).
  const [active, setActive] = useState<{ slug: string; tapped: boolean } | null>(null)
  const activeRef = useRef(active)
  activeRef.current = active
  const styleRef = useRef({ mode, scale, bySlug })
  styleRef.current = { mode, scale, bySlug }

  const restyle = () => {
    const { mode: m, scale: s, bySlug: rowsBy } = styleRef.current
    for (const { slug, name: n, layer } of layers.current) {
      const row = rowsBy.get(slug)
      const f = row?.[m]
      layer.setStyle({ fillColor: f ? shadeOf(s, f.median) : NEUTRAL_SHADE, dashArray: f ? undefined : '4 3', color: f ? '#ffffff' : '#64748b' })
      const text = districtText(row, n, m)
      layer.getElement()?.setAttribute('aria-label', `${text}. Otwórz stronę dzielnicy.`)
    }
  }

  useEffect(() => {
    let disposed = false
    let map: Leaflet.Map | undefined
    const load = () => void Promise.all([loadLeaflet(), api.get<PriceMapData>(`/api/prices/${citySlug}/map`, { silent: true })]).then(([L, shapes]) => {
      if (disposed || !box.current) return
      map = L.map(box.current, {
        attributionControl: !!tileUrl, minZoom: 8, maxZoom: 15, zoomSnap: 0.25, scrollWheelZoom: false, dragging: !L.Browser.mobile,
      })
      addBaseLayer(L, map, tileUrl)
      map.fitBounds(shapes.bounds, { padding: [6, 6] })
      const renderer = L.svg()
      layers.current = shapes.districts.filter((d) => d.rings.length).map((d) => {
        const layer = L.polygon(d.rings, { renderer, className: 'price-district', weight: 1.5, fillOpacity: 0.82, fillRule: 'evenodd' }).addTo(map!)
        const href = bySlug.get(d.slug)?.href
        const open = () => { if (href) void navigateRef.current(href) }
        // A mouse click opens the district's page; a tap first shows its figure (with a link), a second tap opens it.
        layer.on('click', (e: Leaflet.LeafletMouseEvent) => {
          const kind = (e.originalEvent as PointerEvent).pointerType
          if (!kind || kind === 'mouse' || activeRef.current?.slug === d.slug) open()
          else setActive({ slug: d.slug, tapped: true })
        })
        // The outline of the district under the pointer or focus, drawn over its neighbours (raising the path itself
        // would move a focused element in the DOM and drop its focus).
        let outline: Leaflet.Polygon | null = null
        const light = (on: boolean) => {
          outline?.remove()
          outline = on ? L.polygon(d.rings, { renderer, interactive: false, fill: false, color: '#0f172a', weight: 3 }).addTo(map!) : null
        }
        layer.on('mouseover', () => { light(true); setActive({ slug: d.slug, tapped: false }) })
        layer.on('mouseout', () => { light(false); setActive((a) => (a?.slug === d.slug && !a.tapped ? null : a)) })
        const el = layer.getElement()
        if (el) {
          el.setAttribute('tabindex', '0')
          el.setAttribute('role', 'link')
          el.setAttribute('data-district', d.slug)
          el.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') open() })
          el.addEventListener('focus', () => { light(true); setActive({ slug: d.slug, tapped: false }) })
          el.addEventListener('blur', () => { light(false); setActive((a) => (a?.slug === d.slug && !a.tapped ? null : a)) })
        }
        return { slug: d.slug, name: d.name, layer }
      })
      restyle()
      setState('ready')
    }, () => { if (!disposed) setState('error') })
    const stopWatching = whenNear(box.current, load)
    return () => {
      disposed = true
      stopWatching()
      layers.current = []
      map?.remove()
    }
    // Built once per city and tile source; the figures and the mode restyle the same layers (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [citySlug, tileUrl])

  useEffect(restyle, [mode, scale, bySlug])

  const legend = legendLines(scale)
  const activeRow = active ? { row: bySlug.get(active.slug), name: bySlug.get(active.slug)?.name ?? active.slug } : null
  return (
    <section aria-labelledby={name} className="mt-10" data-testid="price-map">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={name} className="text-xl font-bold text-slate-900">Mapa cen w dzielnicach: {cityName}</h2>
        <fieldset className="flex rounded-lg border border-slate-300 p-0.5 text-sm">
          <legend className="sr-only">Co pokazuje mapa</legend>
          {([['sell', 'Sprzedaż'], ['rent', 'Wynajem']] as const).map(([value, label]) => (
            <label key={value} className={`cursor-pointer rounded-md px-3 py-1.5 font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600 ${mode === value ? 'bg-accent-600 text-white' : 'text-slate-700 hover:text-accent-700'}`}>
              <input type="radio" name={`${name}-mode`} value={value} checked={mode === value} onChange={() => setMode(value)} className="sr-only" />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="mt-3 grid gap-4 lg:grid-cols-[1fr_15rem]">
        <MapFrame boxRef={box} label={`Mapa: mediana ${mode === 'sell' ? 'ceny' : 'czynszu najmu'} za m² w dzielnicach, ${cityName}`} describedBy={noteId}
          state={state} error="Nie udało się wczytać mapy. Te same dane są w tabeli poniżej." className={`h-80 rounded-xl sm:h-[26rem] ${tileUrl ? 'bg-slate-100' : 'bg-[#eef2f6]'}`}>
          {activeRow && (
            // What the focused district's name already says to a screen reader: shown, not announced again.
            <p data-testid="price-map-readout" className="absolute inset-x-2 bottom-2 z-[500] rounded-lg bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 shadow sm:right-auto">
              <span aria-hidden="true">{districtText(activeRow.row, activeRow.name, mode)}</span>
              {active?.tapped && activeRow.row?.href && <Link to={activeRow.row.href} className="ml-2 font-medium text-accent-700 underline">Otwórz</Link>}
            </p>
          )}
        </MapFrame>
        <div>
          <p className="text-sm font-semibold text-slate-800">{mode === 'sell' ? 'Sprzedaż' : 'Wynajem'}: mediana za m²</p>
          <ul className="mt-2 space-y-1.5 text-sm text-slate-700" data-testid="price-map-legend">
            {legend.map((l) => (
              <li key={l.colour} className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block h-4 w-6 shrink-0 rounded-sm border border-slate-300" style={{ backgroundColor: l.colour }} />
                {l.label}
              </li>
            ))}
            {missing > 0 && (
              <li className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block h-4 w-6 shrink-0 rounded-sm border border-dashed border-slate-500" style={{ backgroundColor: NEUTRAL_SHADE }} />
                za mało ogłoszeń ({countLabel(missing, ['dzielnica', 'dzielnice', 'dzielnic'])})
              </li>
            )}
          </ul>
          <p id={noteId} className="mt-3 text-xs text-slate-500">
            Granice dzielnic są przybliżone: każdy punkt miasta należy do dzielnicy o najbliższym środku. Najedź na dzielnicę
            lub przejdź do niej klawiszem Tab, by zobaczyć jej medianę; Enter otwiera jej stronę. Te same dane są w tabeli poniżej.
          </p>
        </div>
      </div>
    </section>
  )
}
