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
import type { Route } from './+types/confirm-newsletter'

export const meta: Route.MetaFunction = () => [{ title: pageTitle(NEWSLETTER_MESSAGES.confirmTitle) }, { name: 'robots', content: 'noindex' }]

type State = { kind: 'pending' } | { kind: 'done' } | { kind: 'error'; message: string }

/** /potwierdz-newsletter?token=…: confirms the sign-up from the e-mailed link (PATCH /api/newsletter) and says so. */
export default function ConfirmNewsletter() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<State>({ kind: 'pending' })
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    if (!token) { setState({ kind: 'error', message: NEWSLETTER_MESSAGES.tokenInvalid }); return }
    api.patch('/api/newsletter', { token }, { silent: true })
      .then(() => setState({ kind: 'done' }))
      .catch((err) => setState({
        kind: 'error',
        message: err instanceof ApiError && (err.status === 404 || err.status === 422) ? NEWSLETTER_MESSAGES.tokenInvalid : CLIENT_MESSAGES.serverError,
      }))
  }, [token])

  return (
    <AuthCard title={NEWSLETTER_MESSAGES.confirmTitle}>
      {state.kind === 'pending' ? (
        <p role="status" className="flex items-center gap-3 text-[15px] text-slate-600">
          <Spinner className="size-5 text-accent-600" /> {NEWSLETTER_MESSAGES.confirming}
        </p>
      ) : state.kind === 'done' ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
          <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
          <p>{NEWSLETTER_MESSAGES.active}</p>
        </div>
      ) : (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">{state.message}</div>
      )}
      <p className="mt-6">
        <Link to="/" className={`${buttonStyles.primary} w-full`}>Przejdź na stronę główną</Link>
      </p>
    </AuthCard>
  )
}
