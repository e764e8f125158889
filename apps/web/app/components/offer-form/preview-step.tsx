import { ATTRIBUTE_BY_ID, CATEGORY_BY_ID, offerTypeInfo } from '@portal/contracts/catalogue'
import type { ListingSummary } from '@portal/contracts/listing'
import { ListingCard } from '../listing-card'
import { listingPrice, listingPricePerM2 } from '~/lib/listing-text'
import { buildAttributes, parsePrice, type OfferFormState } from '~/lib/offer-form'
import { paragraphs } from '~/lib/offer-text'
import { Card } from './fields'

function valueLabel(id: number, v: string | string[]): string {
  const d = ATTRIBUTE_BY_ID.get(id)
  const name = (slug: string) => d?.options?.find((o) => o.slug === slug)?.name ?? slug
  if (Array.isArray(v)) return v.map(name).join(', ')
  if (v === 'true') return 'Tak'
  return d?.options ? name(v) : v
}

/** The summary a card shows, built from the form (the card component is the very one search uses). */
export function previewSummary(s: OfferFormState): ListingSummary {
  const cat = CATEGORY_BY_ID.get(s.categoryId ?? 0)
  const price = parsePrice(s.price) ?? 0
  const area = Number(String(s.attrs[4] ?? '').replace(',', '.')) || null
  const rooms = Number(s.attrs[11]) || null
  const [city, district] = (s.location?.name ?? '').split(', ')
  const photo = s.photos[0]
  return {
    id: s.id ?? 0, slug: s.slug ?? 'podglad', title: s.title || 'Tytuł ogłoszenia', price, price_per_m2: area ? Math.round(price / area) : null,
    area, rooms, category: { id: cat?.id ?? 0, slug: cat?.slug ?? '', name: cat?.name ?? '' },
    offer_type: (s.offerType || 'sell') as ListingSummary['offer_type'], ad_type: s.adType, city: city || '—', district: district ?? null,
    location_name: s.location?.name ?? '', lat: s.location?.lat ?? 0, lon: s.location?.lon ?? 0,
    photo: photo ? { url: photo.url, srcset: photo.srcset, placeholder: photo.placeholder, width: photo.width, height: photo.height } : null,
    photos_count: s.photos.length, is_promoted: false, created_at: new Date().toISOString(),
  }
}

/** 6 Podgląd: the card as search shows it and the page's main content, before publishing. */
export function PreviewStep({ s }: { s: OfferFormState }) {
  const summary = previewSummary(s)
  const perM2 = listingPricePerM2(summary)
  const attrs = buildAttributes(s)
  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-[15px] text-amber-900">
        Podgląd ogłoszenia. Sprawdź wszystkie dane i opublikuj ogłoszenie.
      </p>
      <div className="grid gap-5 lg:grid-cols-[300px_minmax(0,1fr)]">
        <div>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Tak wygląda w wynikach</h2>
          <div className="pointer-events-none max-w-[320px]" inert><ListingCard listing={summary} /></div>
        </div>
        <Card title="Tak wygląda na stronie ogłoszenia">
          <div>
            <p className="text-sm text-slate-600">{summary.category.name} {s.offerType ? offerTypeInfo(s.offerType).phrase : ''} · {s.location?.name}</p>
            <h3 className="mt-1 text-2xl font-bold text-slate-900">{summary.title}</h3>
            <p className="mt-2 flex items-baseline gap-3"><span className="text-2xl font-extrabold">{listingPrice(summary)}</span>{perM2 && <span className="text-slate-600">{perM2}</span>}</p>
          </div>
          <div className="flex max-h-72 flex-col gap-3 overflow-auto text-[15px] leading-relaxed text-slate-800">
            {paragraphs(s.description).map((lines, i) => <p key={i}>{lines.map((l, j) => <span key={j}>{j > 0 && <br />}{l}</span>)}</p>)}
          </div>
          {attrs.length > 0 && (
            <dl className="grid gap-x-6 gap-y-1 text-[15px] sm:grid-cols-2">
              {attrs.map((a) => (
                <div key={a.id} className="flex justify-between gap-3 border-b border-slate-100 py-1.5">
                  <dt className="text-slate-600">{ATTRIBUTE_BY_ID.get(a.id)?.name}</dt>
                  <dd className="text-right font-medium text-slate-900">{valueLabel(a.id, a.value)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="text-sm text-slate-600">Zdjęcia: {s.photos.length} · plany: {s.plans.length}{s.ecert ? ' · świadectwo energetyczne dołączone' : ''}</p>
        </Card>
      </div>
    </div>
  )
}
