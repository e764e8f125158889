import { z } from 'zod'

/** Owner statistics of one listing ('Zobacz statystyki', issue 13). */
export const listingStatsSchema = z.object({
  listing: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), city: z.string(), status: z.string(), published_at: z.string() }),
  days: z.array(z.object({
    day: z.string(), views: z.number().int(), phone: z.number().int(), contacts: z.number().int(), favourites: z.number().int(),
    position: z.number().int().nullable(),
  })),
  totals: z.object({ views: z.number().int(), phone: z.number().int(), contacts: z.number().int(), favourites: z.number().int() }),
  /** In the default order of its category and offer type in its city, while live. */
  position: z.object({ current: z.number().int(), of: z.number().int() }).nullable(),
  /** Views per day against similar live listings (same category, offer type, city); null without any. */
  comparison: z.object({ ratio: z.number(), similar: z.number().int(), own_per_day: z.number(), similar_per_day: z.number() }).nullable(),
})
export type ListingStats = z.infer<typeof listingStatsSchema>

const decimal = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** 'średnio 1,8× więcej wyświetleń' / 'średnio 2,5× mniej wyświetleń' / 'tyle wyświetleń, co podobne ogłoszenia'. */
export function comparisonText(ratio: number): string {
  if (ratio >= 1.05) return `średnio ${decimal.format(ratio)}× więcej wyświetleń`
  if (ratio > 0 && ratio <= 0.95) return `średnio ${decimal.format(1 / ratio)}× mniej wyświetleń`
  if (ratio === 0) return 'na razie bez wyświetleń'
  return 'średnio tyle samo wyświetleń'
}
