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

/**
 * The price pages' figures change once a day (the price-stats job): anonymous visitors get the server's shared page
 * cache for 5 minutes (decision 029), then a stale copy while it renders again. A signed-in visitor's page stays
 * private (the root's header).
 */
export const PRICE_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600'
export function pricePageHeaders(parentHeaders: Headers): HeadersInit {
  const parent = parentHeaders.get('Cache-Control')
  if (parent?.includes('private')) return { 'Cache-Control': parent }
  return { 'Cache-Control': PRICE_PAGE_CACHE, Vary: 'Cookie' }
}

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

// ----- the price map's shading (decision 079) ------------------------------------------------------------------------

/** Light to dark: higher medians darker. Neutral districts (too few listings) are grey with a dashed border. */
export const SHADES = ['#fce7f3', '#f9a8d4', '#ec4899', '#be185d', '#6b1238'] as const
export const NEUTRAL_SHADE = '#e2e8f0'

export interface ShadeScale {
  /** Class limits in grosze per m², ascending: a value below breaks[0] is class 0, from breaks[i-1] class i. */
  breaks: number[]
  colours: string[]
}

/** 1, 2 or 5 × a power of ten: a step at least `raw`. */
function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)))
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p
}

/**
 * Up to five classes of the medians given (grosze per m²): limits at their quantiles, rounded to a round number of
 * złote (100 zł/m² for sale prices, 1 zł/m² for rents, by the spread), so the legend reads '12 000–14 000 zł/m²'.
 */
export function shadeScale(values: number[]): ShadeScale {
  const v = [...values].sort((a, b) => a - b)
  if (v.length < 2 || v[0] === v.at(-1)) return { breaks: [], colours: v.length ? [SHADES[2]] : [] }
  const k = Math.min(SHADES.length, v.length)
  // Limits on a round figure, fine enough that neighbouring quantiles rarely fall on the same one; at least 1 zł.
  const step = Math.max(100, niceStep((v.at(-1)! - v[0]!) / (k * 10)))
  const breaks: number[] = []
  for (let i = 1; i < k; i++) {
    const q = v[Math.round((i / k) * (v.length - 1))]!
    const b = Math.round(q / step) * step
    if (b > v[0]! && b <= v.at(-1)! && (!breaks.length || b > breaks.at(-1)!)) breaks.push(b)
  }
  const n = breaks.length + 1
  // Spread the classes over the palette: 3 classes take the lightest, middle and darkest.
  const colours = Array.from({ length: n }, (_, i) => SHADES[n === 1 ? 2 : Math.round((i * (SHADES.length - 1)) / (n - 1))]!)
  return { breaks, colours }
}

export function shadeOf(scale: ShadeScale, value: number | null | undefined): string {
  if (value == null || !scale.colours.length) return NEUTRAL_SHADE
  let i = 0
  while (i < scale.breaks.length && value >= scale.breaks[i]!) i++
  return scale.colours[i]!
}

const zlOnly = (grosze: number) => zl.format(Math.round(grosze / 100))

/** The legend's lines: 'poniżej 12 000 zł/m²', '12 000–14 000 zł/m²', '14 000 zł/m² i więcej'. */
export function legendLines(scale: ShadeScale): { colour: string; label: string }[] {
  const b = scale.breaks
  if (!b.length) return scale.colours.map((colour) => ({ colour, label: 'wszystkie dzielnice z danymi' }))
  return scale.colours.map((colour, i) => ({
    colour,
    label: i === 0 ? `poniżej ${perM2(b[0]!)}` : i === b.length ? `${perM2(b[i - 1]!)} i więcej` : `${zlOnly(b[i - 1]!)}–${perM2(b[i]!)}`,
  }))
}
