import { Link } from 'react-router'
import { ADVERTISER_BADGES } from '@portal/contracts/plain/listing'
import type { PublicOffer } from '@portal/contracts/offer'
import { formatDate } from '~/lib/offer-text'
import { initials } from '~/lib/user'
import { buttonStyles } from '../form-styles'
import { hydrateLater } from '../hydrate-later'

// Server-rendered, their code loaded when the browser is idle (decision 040): neither is needed for the first paint of
// a listing (first-paint JS budget, e2e/speed.spec.ts); a press before that is replayed (pressEarly, decision 042).
const PhoneReveal = hydrateLater(() => import('../people/phone-reveal').then((m) => m.PhoneReveal))
const FollowButton = hydrateLater(() => import('../engagement/follow-button').then((m) => m.FollowButton))


/** Who advertises (person, agency or its agent), with the phone revealed on request (rate-limited by the API). */
export function AdvertiserCard({ offer }: { offer: PublicOffer }) {
  const a = offer.advertiser
  const shownName = a.company_name && a.type !== 'user' ? a.company_name : a.name

  return (
    <section aria-labelledby="advertiser-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
      <h2 id="advertiser-heading" className="sr-only">Ogłoszeniodawca</h2>
      <div className="flex items-center gap-3">
        {a.avatar ? (
          <img src={a.avatar} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-100 text-lg font-bold text-accent-700">
            {initials(shownName)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-bold text-slate-900">{shownName}</p>
          {/* Who advertises in the words of the search's 'Ogłoszeniodawca' filter (a hotel is searched as an agency). */}
          <p data-advertiser-kind={a.kind} className="text-sm text-slate-600">{a.type === 'hotel' ? 'Hotel / pensjonat' : ADVERTISER_BADGES[a.kind]}</p>
          {a.agency && (
            <p className="break-words text-sm text-slate-600">
              Agent: {a.name} · <Link to={a.agency.profile_url} className="font-medium text-accent-700 hover:underline">{a.agency.name}</Link>
            </p>
          )}
        </div>
        <FollowButton userId={a.id} name={shownName} />
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Na portalu od {formatDate(a.member_since)} · aktywne ogłoszenia: {a.active_offers_count}
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <PhoneReveal endpoint={`/api/offers/${offer.id}/phone`} />
        <Link to={a.profile_url} className={`${buttonStyles.secondary} w-full`}>
          Zobacz profil
        </Link>
      </div>
    </section>
  )
}
