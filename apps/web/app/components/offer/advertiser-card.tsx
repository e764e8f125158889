import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from 'react-aria-components'
import type { PublicOffer } from '@portal/contracts/offer'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { formatDate } from '~/lib/offer-text'
import { useToast } from '~/lib/toast'
import { initials } from '~/lib/user'
import { buttonStyles } from '../form'
import { PhoneIcon } from './offer-icons'

const TYPE_LABEL: Record<string, string> = { agency: 'Agencja nieruchomości', developer: 'Deweloper', hotel: 'Hotel / pensjonat' }

/** Who advertises (person, agency or its agent), with the phone revealed on request (rate-limited by the API). */
export function AdvertiserCard({ offer }: { offer: PublicOffer }) {
  const a = offer.advertiser
  const toast = useToast()
  const [phone, setPhone] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const shownName = a.company_name && a.type !== 'user' ? a.company_name : a.name

  async function reveal() {
    setBusy(true)
    try {
      const r = await api.post<{ phone: string | null }>(`/api/offers/${offer.id}/phone`, undefined, { silent: true })
      setPhone(r?.phone ?? null)
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 429 ? 'Zbyt wiele prób. Spróbuj ponownie później.' : 'Nie udało się pokazać numeru. Spróbuj ponownie.')
    } finally {
      setBusy(false)
    }
  }

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
        <div className="min-w-0">
          <p className="truncate text-lg font-bold text-slate-900">{shownName}</p>
          <p className="text-sm text-slate-600">{TYPE_LABEL[a.type] ?? 'Osoba prywatna'}</p>
          {a.agency && <p className="truncate text-sm text-slate-600">Agent: {a.name} · {a.agency.name}</p>}
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Na portalu od {formatDate(a.member_since)} · aktywne ogłoszenia: {a.active_offers_count}
      </p>
      <div className="mt-4 flex flex-col gap-2">
        {phone === undefined ? (
          <Button onPress={reveal} isPending={busy} className={`${buttonStyles.primary} w-full`}>
            <PhoneIcon size={18} /> Pokaż numer
          </Button>
        ) : phone ? (
          <a href={`tel:${phone.replace(/\s+/g, '')}`} className={`${buttonStyles.primary} w-full`}>
            <PhoneIcon size={18} /> Zadzwoń: {phone}
          </a>
        ) : (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-center text-sm text-slate-600">Ogłoszeniodawca nie podał numeru telefonu. Napisz wiadomość.</p>
        )}
        <Link to={`/profil/${a.id}`} className={`${buttonStyles.secondary} w-full`}>
          Zobacz profil
        </Link>
      </div>
    </section>
  )
}
