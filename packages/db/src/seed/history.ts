import { generateListing, type DemoListing, type GenerateContext } from './listings.ts'
import { CITIES } from '@portal/contracts/catalogue'
import { CITY_WEIGHTS } from './places.ts'
import { createRng, deriveSeed } from './random.ts'

/**
 * Two years of market history for the price pages (issue 26): ended flat offers (sale and rent) spread over the last
 * 24 months, priced at the market level of their time (sale prices rose ~7 % a year, rents ~4 %), some with a price
 * cut or a rise while online; and a price history for the active listings (their first price, some cut since).
 * The figures are generated: README says so.
 */
export const HISTORY_LISTINGS = 10_000
const HISTORY_INDEX = 50_000_000
const DAY = 86_400_000
const YEAR = 365.25 * DAY
export const SALE_GROWTH = 0.07
export const RENT_GROWTH = 0.04

export interface HistoryListing {
  listing: DemoListing
  publishedAt: Date
  endedAt: Date
  prices: { price: number; changedAt: Date }[]
}

/** History leans to the big cities (weight^1.5), so their districts reach the price pages' minimum sample. */
const HISTORY_CITY_WEIGHTS = CITY_WEIGHTS.map((w) => w ** 1.5)

const round = (v: number, step: number) => Math.max(step, Math.round(v / step) * step)
const roundPrice = (grosze: number, rent: boolean) => round(grosze / 100, rent ? 50 : grosze > 20_000_000 ? 1000 : 100) * 100

/** The market level at `t` relative to now: prices `years` ago were (1 + growth)^-years of today's. */
export function marketLevel(now: number, t: number, rent: boolean): number {
  return (1 + (rent ? RENT_GROWTH : SALE_GROWTH)) ** (-(now - t) / YEAR)
}

/** Ended listing k of the history (deterministic per seed). */
export function generateHistoryListing(ctx: GenerateContext, k: number, id: number): HistoryListing {
  const rng = createRng(deriveSeed(ctx.seed ^ 0x5eed1e5, k))
  const offerType = rng.chance(0.55) ? 'sell' as const : 'rent' as const
  const city = rng.weighted(CITIES, HISTORY_CITY_WEIGHTS)
  const l = generateListing(ctx, HISTORY_INDEX + k, id, { categoryId: 1, offerType, adType: 'offer', city })
  const rent = offerType === 'rent'
  const duration = rng.int(rent ? 30 : 60, rent ? 150 : 300) * DAY
  const start = ctx.now - 730 * DAY + Math.floor(rng() * (730 - 25) * DAY)
  const end = Math.min(start + duration, ctx.now - DAY)
  const first = roundPrice(l.price * marketLevel(ctx.now, start, rent), rent)
  const prices = [{ price: first, changedAt: new Date(start) }]
  const change = rng()
  if (change < 0.35 || change > 0.93) {
    const at = start + Math.floor((end - start) * rng.between(0.3, 0.8))
    const factor = change < 0.35 ? 1 - rng.between(0.02, 0.08) : 1 + rng.between(0.02, 0.04)
    prices.push({ price: roundPrice(first * factor, rent), changedAt: new Date(at) })
  }
  const price = prices[prices.length - 1]!.price
  return {
    listing: {
      ...l, status: 'ended' as DemoListing['status'], price, pricePerM2: l.area ? Math.round(price / l.area) : null,
      isPromoted: false, promotedUntil: null, createdAt: new Date(start), updatedAt: new Date(end), expiresAt: new Date(end),
      views: Math.floor(l.views / 3), photos: [],
    },
    publishedAt: new Date(start), endedAt: new Date(end), prices,
  }
}

/** The first price (and a cut since, for about a fifth) of an active demo listing. */
export function activePriceHistory(ctx: GenerateContext, l: Pick<DemoListing, 'id' | 'price' | 'createdAt' | 'offerType'>, index: number) {
  const rng = createRng(deriveSeed(ctx.seed ^ 0x0c0ffee, index))
  const created = l.createdAt.getTime()
  if (!(l.price > 0) || !rng.chance(0.2) || ctx.now - created < 4 * DAY) return [{ listingId: l.id, price: l.price, changedAt: l.createdAt }]
  const rent = l.offerType === 'rent'
  const before = roundPrice(l.price / (1 - rng.between(0.02, 0.07)), rent)
  const at = new Date(created + Math.floor((ctx.now - created) * rng.between(0.3, 0.9)))
  return [{ listingId: l.id, price: before, changedAt: l.createdAt }, { listingId: l.id, price: l.price, changedAt: at }]
}

