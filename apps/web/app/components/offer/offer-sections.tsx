import { useState } from 'react'
import { Link } from 'react-router'
import { ATTRIBUTE_GROUPS } from '@portal/contracts/plain/offer'
import type { PublicOffer } from '@portal/contracts/offer'
import { formatNumber, formatPrice } from '@portal/contracts/format'
import { deltaLabel, formatDate, priceChanges } from '~/lib/offer-text'
import { PinIcon } from '../icons'
import { PinMap } from '../map/pin-map'
import { FileIcon, LeafIcon } from './offer-icons'
import { Lightbox } from './gallery'
import { pressEarly } from '../early-press'
import type { MonthlyCost } from '~/lib/monthly-cost'

/** A page section with its h2. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-6">
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

/** Energy figures are shown apart; the rest grouped as a definition list per group. */
const ENERGY_IDS = new Set([34, 35, 36])

export function AttributeGroups({ attributes }: { attributes: PublicOffer['attributes'] }) {
  const groups = ATTRIBUTE_GROUPS.map((g) => ({ g, list: attributes.filter((a) => a.group === g && !ENERGY_IDS.has(a.id)) })).filter((x) => x.list.length)
  if (!groups.length) return <p className="text-slate-600">Ogłoszeniodawca nie podał szczegółów.</p>
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {groups.map(({ g, list }) => (
        <div key={g}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{g}</h3>
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {list.map((a) => (
              <div key={a.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] gap-3 px-4 py-2.5 text-[15px]">
                <dt className="text-slate-600">{a.name}</dt>
                <dd className="font-medium text-slate-900">{a.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  )
}

/** EP, CO₂ and renewable share (required in Polish ads since 2023-04-28), or an honest "not given". */
export function EnergyBlock({ offer }: { offer: PublicOffer }) {
  const e = offer.ecertificate
  const byId = (id: number) => offer.attributes.find((a) => a.id === id)?.value
  const num = (v: unknown) => (v == null || v === '' ? null : Number(v))
  const ep = e?.ep ?? num(byId(34))
  const co2 = e?.co2 ?? num(byId(35))
  const oze = e?.oze ?? num(byId(36))
  const items = [
    { label: 'Wskaźnik EP', value: ep, unit: 'kWh/(m²·rok)' },
    { label: 'Emisja CO₂', value: co2, unit: 'kg/(m²·rok)' },
    { label: 'Udział OZE', value: oze, unit: '%' },
  ]
  if (items.every((i) => i.value == null) && !e?.file) {
    return <p className="text-[15px] text-slate-600">Ogłoszeniodawca nie podał danych ze świadectwa charakterystyki energetycznej.</p>
  }
  return (
    <div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map((i) => (
          <div key={i.label} className="rounded-xl border border-slate-200 bg-emerald-50/40 p-4">
            <dt className="flex items-center gap-1.5 text-sm text-slate-600"><LeafIcon size={16} className="text-emerald-700" />{i.label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{i.value == null ? 'nie podano' : `${formatNumber(i.value)} ${i.unit}`}</dd>
          </div>
        ))}
      </dl>
      {e?.file && (
        <a href={e.file.url} target="_blank" rel="noopener" className="mt-3 inline-flex items-center gap-2 text-[15px] font-medium text-accent-700 hover:underline">
          <FileIcon size={18} /> Świadectwo charakterystyki energetycznej ({e.file.type === 'pdf' ? 'PDF' : 'zdjęcie'})
        </a>
      )}
    </div>
  )
}

export function PriceHistory({ history, rent }: { history: PublicOffer['price_history']; rent: boolean }) {
  const rows = priceChanges(history)
  if (rows.length < 2) return null
  const max = Math.max(...rows.map((r) => r.price)) || 1
  return (
    <ol className="flex flex-col gap-2" aria-label="Zmiany ceny">
      {[...rows].reverse().map((r) => (
        <li key={r.changed_at} className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-center gap-3 text-[15px] sm:grid-cols-[9rem_minmax(0,1fr)_10rem]">
          <span className="text-slate-600">{formatDate(r.changed_at)}</span>
          <span className="hidden h-2.5 rounded-full bg-slate-100 sm:block" aria-hidden="true">
            <span className="block h-full rounded-full bg-accent-500" style={{ width: `${Math.max(4, (r.price / max) * 100)}%` }} />
          </span>
          <span className="font-semibold text-slate-900">
            {formatPrice(r.price)}{rent ? '/mies.' : ''}
            {r.delta !== 0 && <span className={`ml-2 text-sm font-medium ${r.delta < 0 ? 'text-emerald-700' : 'text-red-700'}`}>{deltaLabel(r.delta)}</span>}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** Where it is: a map with the pin, the place, the coordinates and a link to the search map around them. */
export function LocationBlock({ offer, tileUrl = null }: { offer: PublicOffer; tileUrl?: string | null }) {
  const { lat, lon, name } = offer.location
  const q = new URLSearchParams({ 'lokalizacja[lat]': String(lat), 'lokalizacja[lon]': String(lon), 'lokalizacja[nazwa]': name, widok: 'mapa' })
  return (
    <div className="flex flex-col gap-3">
      <PinMap point={{ lat, lon }} tileUrl={tileUrl} label={`Mapa: ${name}`} />
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700"><PinIcon size={22} /></span>
          <div>
            <p className="font-semibold text-slate-900">{name}</p>
            <p className="text-sm text-slate-600">
              {[offer.district, offer.city, offer.voivodeship ? `woj. ${offer.voivodeship}` : null].filter(Boolean).join(', ')}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">{lat.toFixed(5)}, {lon.toFixed(5)}</p>
          </div>
        </div>
        <Link to={`/szukaj?${q}`} className="inline-flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:border-slate-400">
          Pokaż na mapie
        </Link>
      </div>
    </div>
  )
}

export function Plans({ plans, alt }: { plans: PublicOffer['project_plan_photos']; alt: string }) {
  const [open, setOpen] = useState<number | null>(null)
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {plans.map((p, i) => (
          <li key={p.id}>
            {/* The listing's details hydrate later: an early press opens the plan once their code is in (decision 042). */}
            <button type="button" {...pressEarly} onClick={() => setOpen(i)} className="block aspect-[4/3] w-full overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label={`Powiększ plan ${i + 1}`}>
              <img src={p.url} srcSet={p.srcset} sizes="(min-width: 640px) 260px, 45vw" width={p.width} height={p.height} alt={`Plan ${i + 1}`} loading="lazy" className="size-full object-contain" />
            </button>
          </li>
        ))}
      </ul>
      <Lightbox photos={plans} index={open ?? 0} onIndex={setOpen} isOpen={open !== null} onClose={() => setOpen(null)} alt={alt} plans />
    </>
  )
}

/** 'Koszt miesięczny' of a rent (issue 26 item 5): rent + czynsz + media = total; static, nothing to hydrate. */
export function MonthlyCostBlock({ cost }: { cost: MonthlyCost }) {
  return (
    <section aria-labelledby="koszt-miesieczny" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="monthly-cost">
      <h2 id="koszt-miesieczny" className="text-lg font-bold text-slate-900">Koszt miesięczny</h2>
      <dl className="mt-3 divide-y divide-slate-100 text-[15px]">
        {cost.parts.map((p, i) => (
          <div key={p.label} className="flex items-baseline justify-between gap-4 py-2">
            <dt className="text-slate-600">{i > 0 && <span aria-hidden="true">+ </span>}{p.label}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatPrice(p.amount)}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 pt-3">
          <dt className="font-semibold text-slate-900">Razem miesięcznie</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900" data-testid="monthly-cost-total">{formatPrice(cost.total)}</dd>
        </div>
      </dl>
      {cost.billsIncluded && <p className="mt-2 text-sm font-medium text-emerald-800">Rachunki wliczone w cenę najmu</p>}
    </section>
  )
}
