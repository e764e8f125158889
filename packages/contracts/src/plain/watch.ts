import { formatPrice } from '../format.ts'

/** Watching prices (decision 067): texts of the bell, the favourites list, the digest and the follow button. */
export const WATCH_MESSAGES = {
  digestLabel: 'Codzienne podsumowanie zmian cen e-mailem',
  digestHint: 'Raz dziennie, tylko gdy cena ulubionego ogłoszenia lub obserwowanej inwestycji się zmieni.',
  digestOn: 'Będziesz dostawać codzienne podsumowanie zmian.',
  digestOff: 'Wyłączono codzienne podsumowanie zmian.',
  failed: 'Nie udało się zapisać zmiany. Spróbuj ponownie.',
  follow: 'Obserwuj inwestycję',
  following: 'Obserwujesz',
  followed: 'Obserwujesz inwestycję: nowe lokale, zmiany cen i statusu trafią do powiadomień.',
  unfollowed: 'Nie obserwujesz już tej inwestycji.',
  loginPrompt: 'Zaloguj się, aby obserwować inwestycję.',
  tab: 'Inwestycje',
  empty: 'Nie obserwujesz jeszcze żadnej inwestycji. Otwórz inwestycję i kliknij „Obserwuj inwestycję”.',
  notFound: 'Nie znaleziono inwestycji.',
  idInvalid: 'Nieprawidłowy identyfikator inwestycji',
  ended: 'Ogłoszenie zakończone',
} as const

const MINUS = '\u2212'
const NBSP = '\u00a0'
const pctFormat = (digits: number) => new Intl.NumberFormat('pl-PL', { maximumFractionDigits: digits })
const dateFormat = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' })

/** '−3 %' or '+12,5 %': whole per cent from 1 %, one decimal below it. */
export function percentChange(oldPrice: number, newPrice: number): string {
  if (oldPrice <= 0) return ''
  const pct = (Math.abs(newPrice - oldPrice) / oldPrice) * 100
  return `${newPrice < oldPrice ? MINUS : '+'}${pctFormat(pct < 1 ? 1 : 0).format(pct)}${NBSP}%`
}

/** 'Cena obniżona o 20 000 zł (−3 %)' / 'Cena podniesiona o 15 000 zł (+2 %)'. */
export function priceChangeText(oldPrice: number, newPrice: number): string {
  const verb = newPrice < oldPrice ? 'obniżona' : 'podniesiona'
  const pct = percentChange(oldPrice, newPrice)
  return `Cena ${verb} o ${formatPrice(Math.abs(newPrice - oldPrice))}${pct ? ` (${pct})` : ''}`
}

/** '27 listopada 2026' (Europe/Warsaw). */
export function watchDate(at: string | Date): string {
  return dateFormat.format(typeof at === 'string' ? new Date(at) : at)
}

/** The last price change of a favourite, shown under its card. */
export interface PriceChange { offer_id: number; old_price: number; new_price: number; at: string }
