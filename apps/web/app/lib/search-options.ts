// 'From'/'to' option lists of the price and area selects (spec §5): 'to' offers only values at or above the
// chosen 'from', 'from' only values at or below the chosen 'to'.
import { AREA_OPTIONS, priceOptionsFor } from '@portal/contracts/catalogue'
import { formatNumber } from '@portal/contracts/format'

const num = (v: string | number | null | undefined) => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim())
  return String(v ?? '').trim() !== '' && Number.isFinite(n) ? n : null
}

export function fromOptions(list: readonly number[], to: string | number | null | undefined): number[] {
  const max = num(to)
  return max === null ? [...list] : list.filter((v) => v <= max)
}
export function toOptions(list: readonly number[], from: string | number | null | undefined): number[] {
  const min = num(from)
  return min === null ? [...list] : list.filter((v) => v >= min)
}

/** Price steps follow the offer type (`typ`: rent keeps spec §9's lists, sale has its own; see priceOptionsFor). */
export const priceFromOptions = (to: string, typ = '') => fromOptions(priceOptionsFor(typ).min, to)
export const priceToOptions = (from: string, typ = '') => toOptions(priceOptionsFor(typ).max, from)
export const areaFromOptions = (to: string) => fromOptions(AREA_OPTIONS.min, to)
export const areaToOptions = (from: string) => toOptions(AREA_OPTIONS.max, from)


export const priceOptionLabel = (v: number) => `${formatNumber(v)} zł`
export const areaOptionLabel = (v: number) => `${formatNumber(v)} m²`
