import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { AuthCard } from '~/components/auth/auth-card'
import { buttonStyles, Spinner } from '~/components/form'
import { CheckCircleIcon } from '~/components/icons'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { formatDate } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/renew-offer'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Przedłużenie ogłoszenia') }, { name: 'robots', content: 'noindex' }]

type Renewed = { id: number; slug: string; title: string; expires_at: string }
type State = { kind: 'pending' } | { kind: 'done'; offer: Renewed } | { kind: 'error'; message: string }

/** /przedluz-ogloszenie?token=…: the reminder mail's one-click renewal (no login needed; the link works once). */
export default function RenewOffer() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<State>({ kind: 'pending' })
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    const invalid = 'Ten link do przedłużenia jest nieprawidłowy albo został już użyty.'
    if (!token) { setState({ kind: 'error', message: invalid }); return }
    api.post<Renewed>('/api/offers/renew-link', { token }, { silent: true })
      .then((offer) => setState({ kind: 'done', offer }))
      .catch((err) => setState({
        kind: 'error',
        message: err instanceof ApiError && (err.status === 404 || err.status === 422) ? invalid
          : err instanceof ApiError && err.status === 409 ? 'Tego ogłoszenia nie można już przedłużyć.' : CLIENT_MESSAGES.serverError,
      }))
  }, [token])

  return (
    <AuthCard title="Przedłużenie ogłoszenia">
      {state.kind === 'pending' ? (
        <p role="status" className="flex items-center gap-3 text-[15px] text-slate-600">
          <Spinner className="size-5 text-accent-600" /> Przedłużamy ogłoszenie…
        </p>
      ) : state.kind === 'done' ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
          <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
          <p>Ogłoszenie „{state.offer.title}” jest aktywne do {formatDate(state.offer.expires_at)}.</p>
        </div>
      ) : (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">{state.message}</div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {state.kind === 'done' && <Link to={`/ogloszenia/${state.offer.slug}`} className={`${buttonStyles.primary} flex-1`}>Zobacz ogłoszenie</Link>}
        <Link to="/moje-ogloszenia" className={`${buttonStyles.secondary} flex-1`}>Moje ogłoszenia</Link>
      </div>
    </AuthCard>
  )
}
