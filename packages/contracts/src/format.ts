// Polish formatting shared by the server render and the browser, so both print the same text.
const number = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 })

/** Prices are stored in grosze (spec §3): 125000000 → '1 250 000 zł'. */
export function formatPrice(grosze: number): string {
  return `${number.format(Math.round(grosze / 100))} zł`
}

export function formatPricePerM2(grosze: number, area: number | null | undefined): string | null {
  if (!area || area <= 0 || grosze <= 0) return null
  return `${number.format(Math.round(grosze / 100 / area))} zł/m²`
}

export function formatArea(area: number): string {
  return `${decimal.format(area)} m²`
}

export function formatNumber(n: number): string {
  return number.format(n)
}

const rules = new Intl.PluralRules('pl-PL')
/** Polish plural forms: plural(5, ['ogłoszenie', 'ogłoszenia', 'ogłoszeń']) → 'ogłoszeń'. */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const r = rules.select(n)
  return r === 'one' ? one : r === 'few' ? few : many
}

export function countLabel(n: number, forms: readonly [string, string, string]): string {
  return `${formatNumber(n)} ${plural(n, forms)}`
}

export const ROOM_FORMS = ['pokój', 'pokoje', 'pokoi'] as const
export const LISTING_FORMS = ['ogłoszenie', 'ogłoszenia', 'ogłoszeń'] as const
export const DAY_FORMS = ['dzień', 'dni', 'dni'] as const
