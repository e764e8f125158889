import { Link } from 'react-router'
import type { UserOffer } from '@portal/contracts/offer'
import { formatNumber } from '@portal/contracts/format'
import { CameraIcon, HeartIcon } from '../icons'
import { EyeIcon } from '../offer/offer-icons'
import { listingPrice, placeLabel } from '~/lib/listing-text'
import { expiryLabel, formatShortDate } from '~/lib/offer-text'
import { formatMoney, PAYMENT_TEXTS } from '@portal/contracts/payments'

const action = 'inline-flex min-h-10 items-center justify-center rounded-full border px-4 text-sm font-semibold transition-colors'

/** One of my listings: photo, title, price, views, favourites, expiry and what can be done with it. */
export function MyOfferRow({ offer: o, onEnd, onRenew, onDelete, onRaise, onRefresh, busy }: {
  offer: UserOffer; onEnd: () => void; onRenew: () => void; onDelete: () => void; onRaise: () => void; onRefresh: () => void; busy: boolean
}) {
  const promo = o.promotion
  const expiry = o.status === 'active' ? expiryLabel(o.expires_at) : null
  const live = o.status === 'active'
  const to = o.status === 'draft' ? `/dodaj-ogloszenie?szkic=${o.id}` : `/ogloszenia/${o.slug}`
  return (
    <li data-my-offer={o.slug} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-card sm:flex-row sm:p-4">
      <Link to={to} className="relative block aspect-[4/3] w-full shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:w-44" tabIndex={-1} aria-hidden="true">
        {o.photo ? (
          <img src={o.photo.url} srcSet={o.photo.srcset} sizes="176px" width={o.photo.width} height={o.photo.height} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-slate-400"><CameraIcon size={28} /></span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="text-[16px] font-semibold leading-snug text-slate-900">
          <Link to={to} className="hover:text-accent-700 hover:underline">{o.title}</Link>
        </h3>
        <p className="text-lg font-bold text-slate-900">{listingPrice(o)}</p>
        {o.status === 'rejected' && (
          <p data-moderation="rejected" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {o.moderation_note ? `Odrzucone - ${o.moderation_note}` : 'Odrzucone'}
          </p>
        )}
        <p className="text-sm text-slate-600">{placeLabel(o)} · nr {o.id}{o.agent ? <> · agent: <span className="font-medium text-slate-800">{o.agent.name}</span></> : null}</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <li className="inline-flex items-center gap-1.5"><EyeIcon size={16} /> <span className="sr-only">Wyświetlenia:</span>{formatNumber(o.views)}</li>
          <li className="inline-flex items-center gap-1.5"><HeartIcon size={16} /> <span className="sr-only">W ulubionych:</span>{formatNumber(o.favourites_count)}</li>
          {expiry && <li className={expiry.includes('godzin') || expiry.includes('minut') ? 'font-medium text-amber-700' : ''}>{expiry} ({formatShortDate(o.expires_at)})</li>}
          {o.status !== 'active' && o.expires_at && o.status === 'expired' && <li>wygasło {formatShortDate(o.expires_at)}</li>}
          {o.pending_activation && <li className="font-medium text-amber-700">Czeka na aktywację konta</li>}
          {o.status === 'pending' && <li data-moderation="pending" className="font-medium text-amber-700">Nieaktywne (Oczekuje na akceptację)</li>}
          {o.status === 'suspended' && <li className="font-medium text-red-700">Zawieszone (konto zablokowane)</li>}
          {o.status === 'awaiting_payment' && <li className="font-medium text-amber-700">{PAYMENT_TEXTS.awaiting}</li>}
          {promo?.package && live && (
            <li data-package>Pakiet {promo.package.name}{promo.package_ends_at ? ` do ${formatShortDate(promo.package_ends_at)}` : ''}</li>
          )}
          {promo?.urgent && <li className="font-semibold text-red-700">PILNE</li>}
          {promo?.bargain && <li className="font-semibold text-yellow-800">OKAZJA</li>}
          {o.visible_from_date && live && <li>widoczne od {formatShortDate(o.visible_from_date)}</li>}
        </ul>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {o.status === 'draft' ? (
            <Link to={`/dodaj-ogloszenie?szkic=${o.id}`} className={`${action} border-accent-600 bg-accent-600 text-white hover:bg-accent-700`}>Dokończ</Link>
          ) : (
            <Link to={`/moje-ogloszenia/edytuj-ogloszenie/${o.slug}`} className={`${action} border-slate-300 text-slate-800 hover:border-slate-400`}>Edytuj</Link>
          )}
          {o.status !== 'draft' && (
            <Link to={`/moje-ogloszenia/statystyki/${o.id}`} className={`${action} border-slate-300 text-slate-800 hover:border-slate-400`}>Zobacz statystyki</Link>
          )}
          {live && (
            <Link to={`/moje-ogloszenia/ogladanie/${o.id}`} className={`${action} border-slate-300 text-slate-800 hover:border-slate-400`}>Oglądanie</Link>
          )}
          {o.status === 'awaiting_payment' && (
            <Link to={`/moje-ogloszenia/oplac/${o.slug}`} className={`${action} border-accent-600 bg-accent-600 text-white hover:bg-accent-700`}>Opłać</Link>
          )}
          {live && (
            <Link to={`/moje-ogloszenia/oplac/${o.slug}`} className={`${action} border-accent-600 text-accent-700 hover:bg-accent-50`}>Promuj</Link>
          )}
          {live && promo && (
            <button type="button" disabled={busy} onClick={onRaise} className={`${action} border-slate-300 text-slate-800 hover:border-slate-400 disabled:opacity-50`}>
              {promo.raises_left > 0 ? `Podbij (zostało: ${promo.raises_left})` : `Podbij (${formatMoney(promo.raise_price)})`}
            </button>
          )}
          {live && promo && (
            <button type="button" disabled={busy} onClick={onRefresh} className={`${action} border-slate-300 text-slate-800 hover:border-slate-400 disabled:opacity-50`}>
              {promo.refreshes_left > 0 ? `Odśwież (darmowe: ${promo.refreshes_left})` : `Odśwież (${formatMoney(promo.refresh_price)})`}
            </button>
          )}
          {(o.status === 'expired' || o.status === 'ended') && (
            <button type="button" disabled={busy} onClick={onRenew} className={`${action} border-slate-300 text-slate-800 hover:border-slate-400 disabled:opacity-50`}>
              Odnów
            </button>
          )}
          {(o.status === 'active' || o.status === 'awaiting_payment') && (
            <button type="button" disabled={busy} onClick={onEnd} className={`${action} border-slate-300 text-red-700 hover:border-red-300 hover:bg-red-50 disabled:opacity-50`}>Zakończ</button>
          )}
          {o.status === 'draft' && (
            <button type="button" disabled={busy} onClick={onDelete} className={`${action} border-slate-300 text-red-700 hover:border-red-300 hover:bg-red-50 disabled:opacity-50`}>Usuń</button>
          )}
        </div>
      </div>
    </li>
  )
}
