import { Link } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { investmentStatusLabel } from '@portal/contracts/plain/investments'
import { photoSrcSet, photoUrl } from '@portal/contracts/plain/listing'
import type { InvestmentCard as Card } from '@portal/contracts/investments'
import { dateText, ppmText, priceText } from '~/lib/investments'

const UNITS = ['mieszkanie', 'mieszkania', 'mieszkań'] as const

export function roomsRange(rooms: number[]): string | null {
  if (!rooms.length) return null
  const lo = rooms[0]!
  const hi = rooms[rooms.length - 1]!
  return lo === hi ? `${lo} pok.` : `${lo}–${hi} pok.`
}

/** An investment on /inwestycje and on the developer's profile. */
export function InvestmentCardView({ inv, showDeveloper = true }: { inv: Card; showDeveloper?: boolean }) {
  const rooms = roomsRange(inv.rooms)
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-accent-600">
      <div className="aspect-[16/10] bg-slate-100">
        {inv.photo ? (
          <img src={photoUrl(inv.photo.key, 'sm')} srcSet={photoSrcSet(inv.photo.key)} sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
            width={inv.photo.width} height={inv.photo.height} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-4xl font-bold text-slate-300" aria-hidden="true">{inv.name.slice(0, 1)}</div>
        )}
      </div>
      <div className="flex grow flex-col gap-1 p-4">
        <p className="text-sm font-semibold text-accent-700">{investmentStatusLabel(inv.status)}{inv.completion_date ? ` · zakończenie ${dateText(inv.completion_date)}` : ''}</p>
        <h2 className="text-lg font-bold leading-snug text-slate-900">
          <Link to={`/inwestycje/${inv.slug}`} className="outline-none after:absolute after:inset-0 after:content-['']">{inv.name}</Link>
        </h2>
        <p className="text-[15px] text-slate-600">{inv.location_name}</p>
        {showDeveloper && <p className="text-sm text-slate-600">{inv.developer.name}</p>}
        <p className="mt-auto pt-2 text-[15px] text-slate-900">
          {inv.price_from !== null ? <>od <strong>{priceText(inv.price_from)}</strong> · od {ppmText(inv.price_per_m2_from)}</> : 'Brak lokali w sprzedaży'}
        </p>
        <p className="text-sm text-slate-600">{countLabel(inv.units_available, UNITS)} w sprzedaży{rooms ? ` · ${rooms}` : ''}</p>
      </div>
    </article>
  )
}
