// Market price pages (issue 26): formatting and structured data. Pure, so unit tests need no DOM.
import type { PriceFigure, PricePage } from '@portal/contracts/prices'
import { absoluteUrl } from './offer-text'
import { SITE_NAME } from './site'

const zl = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 })
const pct = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: 'exceptZero' })

/** 1523000 grosze per m² → '15 230 zł/m²'. */
export const perM2 = (grosze: number) => `${zl.format(Math.round(grosze / 100))} zł/m²`
/** 4.2 → '+4,2 %', -1 → '−1,0 %', null → '—'. */
export const changeLabel = (v: number | null) => (v === null ? '—' : `${pct.format(v).replace('-', '−')} %`)

const MONTH_NAMES = ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień']
/** '2026-11-01' → 'listopad 2026'. */
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`

export const lastFigure = (s: (PriceFigure | null)[]) => s.at(-1) ?? null

export function pricePath(p: Pick<PricePage, 'city' | 'district'>): string {
  return `/ceny-nieruchomosci/${p.city.slug}${p.district ? `/${p.district.slug}` : ''}`
}

export function csvHref(p: Pick<PricePage, 'city' | 'district'>): string {
  return `/api/prices/${p.city.slug}${p.district ? `/${p.district.slug}` : ''}?format=csv`
}

/** schema.org Dataset of a price page, with the CSV as its distribution. */
export function priceDatasetJsonLd(p: PricePage, origin: string) {
  const place = p.district ? `${p.district.name}, ${p.city.name}` : p.city.name
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: p.title,
    description: `Mediana i kwartyle ceny za m² mieszkań na sprzedaż i czynszu najmu za m² (${place}) z ogłoszeń portalu ${SITE_NAME}, miesiąc po miesiącu przez ostatnie 24 miesiące.`,
    url: absoluteUrl(origin, pricePath(p)),
    inLanguage: 'pl-PL',
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: SITE_NAME },
    temporalCoverage: `${p.months[0]!.slice(0, 7)}/${p.months.at(-1)!.slice(0, 7)}`,
    spatialCoverage: { '@type': 'Place', name: place },
    ...(p.computed_at ? { dateModified: p.computed_at } : {}),
    variableMeasured: ['mediana ceny za m² (zł)', 'pierwszy kwartyl ceny za m² (zł)', 'trzeci kwartyl ceny za m² (zł)', 'liczba ogłoszeń'],
    distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: absoluteUrl(origin, csvHref(p)) }],
  }
}
