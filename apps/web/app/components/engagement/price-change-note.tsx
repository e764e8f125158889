import { priceChangeText, watchDate, type PriceChange } from '@portal/contracts/plain/watch'

/** 'Cena obniżona o 20 000 zł (−3 %)' with its date, at the foot of a favourite's card (decision 067). */
export function PriceChangeNote({ change }: { change: PriceChange }) {
  const down = change.new_price < change.old_price
  return (
    <p
      data-price-change={down ? 'down' : 'up'}
      className={`mt-2 rounded-lg px-3 py-2 text-sm leading-snug ${down ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
    >
      <span className="font-semibold">{priceChangeText(change.old_price, change.new_price)}</span>
      <span className="block text-[13px]">
        <time dateTime={change.at}>{watchDate(change.at)}</time>
      </span>
    </p>
  )
}
