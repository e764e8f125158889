import { Link } from 'react-router'
import { formatPrice } from '@portal/contracts/format'
import { sameProperty } from '@portal/contracts/plain/property'
import type { PropertyGroup } from '@portal/contracts/property'
import { formatDate } from '~/lib/offer-text'

/**
 * One property, many ads (issue 13): 'To samo mieszkanie w N ogłoszeniach' with the other ads, their prices and the
 * day the property was first seen; below, every price any of its ads had.
 */
export function SameProperty({ group, topCategorySlug, rent }: { group: PropertyGroup; topCategorySlug: string; rent: boolean }) {
  const title = sameProperty(group.count, topCategorySlug)
  const byId = new Map(group.listings.map((l) => [l.id, l]))
  const prices = group.price_history.filter((h, i, all) => i === 0 || all.findLastIndex((x, j) => j < i && x.listing_id === h.listing_id) === -1
    || all.findLast((x, j) => j < i && x.listing_id === h.listing_id)!.price !== h.price)
  return (
    <section aria-labelledby="same-property" className="border-t border-slate-200 pt-6" data-same-property={group.count}>
      <h2 id="same-property" className="text-xl font-bold text-slate-900">{title}</h2>
      <p className="mt-1 text-[15px] text-slate-600">Po raz pierwszy widziane {formatDate(group.first_seen_at)}. Te same zdjęcia, miejsce i metraż.</p>
      <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200">
        {group.listings.map((l) => (
          <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
            <span className="min-w-0">
              {l.current ? <span className="font-semibold text-slate-900">To ogłoszenie</span>
                : <Link to={`/ogloszenia/${l.slug}`} className="font-semibold text-accent-700 hover:underline">{l.title}</Link>}
              <span className="block text-sm text-slate-600">{l.advertiser} · od {formatDate(l.created_at)}</span>
            </span>
            <span className="font-bold text-slate-900">{formatPrice(l.price)}{rent ? '/mies.' : ''}</span>
          </li>
        ))}
      </ul>
      {prices.length > group.listings.length && (
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">Ceny we wszystkich ogłoszeniach tej nieruchomości</summary>
          <ol className="mt-2 flex flex-col gap-1">
            {prices.map((h) => (
              <li key={`${h.listing_id}-${h.changed_at}`}>{formatDate(h.changed_at)}: {formatPrice(h.price)} — {byId.get(h.listing_id)?.advertiser ?? 'ogłoszenie zakończone'}</li>
            ))}
          </ol>
        </details>
      )}
    </section>
  )
}
