import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { NEWSLETTER_MESSAGES } from '@portal/contracts/plain/newsletter'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { AuthCard } from '~/components/auth/auth-card'
import { buttonStyles, Spinner } from '~/components/form'
import { CheckCircleIcon } from '~/components/icons'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/unsubscribe'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Wypisz się') }, { name: 'robots', content: 'noindex' }]

type State = { kind: 'pending' } | { kind: 'done'; message: string; savedSearch: boolean } | { kind: 'error'; message: string }

/**
 * /wypisz?token=…: the unsubscribe link of alert and newsletter mails. Opening it unsubscribes (the mail clients'
 * one-click POST goes to the same address, answered by the API outside /api).
 */
export default function Unsubscribe() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<State>({ kind: 'pending' })
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    if (!token) { setState({ kind: 'error', message: NEWSLETTER_MESSAGES.unsubscribeInvalid }); return }
    api.post<{ kind: 'saved-search' | 'newsletter'; message: string }>('/api/unsubscribe', { token }, { silent: true })
      .then((r) => setState({ kind: 'done', message: r.message, savedSearch: r.kind === 'saved-search' }))
      .catch((err) => setState({
        kind: 'error',
        message: err instanceof ApiError && (err.status === 404 || err.status === 422) ? NEWSLETTER_MESSAGES.unsubscribeInvalid : CLIENT_MESSAGES.serverError,
      }))
  }, [token])

  return (
    <AuthCard title="Wypisz się">
      {state.kind === 'pending' ? (
        <p role="status" className="flex items-center gap-3 text-[15px] text-slate-600">
          <Spinner className="size-5 text-accent-600" /> Wypisujemy Cię…
        </p>
      ) : state.kind === 'done' ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
          <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
          <p>{state.message}</p>
        </div>
      ) : (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">{state.message}</div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {state.kind === 'done' && state.savedSearch && (
          <Link to="/ulubione?tab=wyszukiwania" className={`${buttonStyles.secondary} flex-1`}>Zapisane wyszukiwania</Link>
        )}
        <Link to="/" className={`${buttonStyles.primary} flex-1`}>Strona główna</Link>
      </div>
    </AuthCard>
  )
}
