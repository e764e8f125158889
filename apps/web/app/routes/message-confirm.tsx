import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { MESSAGE_MESSAGES } from '@portal/contracts/plain/messages'
import { AuthCard } from '~/components/auth/auth-card'
import { Spinner } from '~/components/form'
import { CheckCircleIcon } from '~/components/icons'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/message-confirm'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Potwierdzenie wiadomości') }, { name: 'robots', content: 'noindex' }]

/** /wiadomosci/potwierdz?token=: the guest's e-mailed link; confirming delivers the held message (once). */
export default function MessageConfirm() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) return setState({ ok: false, message: MESSAGE_MESSAGES.tokenInvalid })
    api.post<{ message: string }>('/api/messages/confirm', { token }, { silent: true })
      .then((r) => setState({ ok: true, message: r?.message ?? MESSAGE_MESSAGES.verified }))
      .catch((err) => setState({ ok: false, message: err instanceof ApiError && err.status === 400 ? err.message : 'Nie udało się potwierdzić. Spróbuj ponownie za chwilę.' }))
  }, [token])

  return (
    <AuthCard title={!state ? 'Potwierdzanie wiadomości…' : state.ok ? 'Wiadomość wysłana' : 'Nie udało się potwierdzić'}>
      {!state ? (
        <p role="status" className="flex items-center gap-3 text-slate-700"><Spinner /> Chwileczkę…</p>
      ) : (
        <div role="status" className={`flex items-start gap-3 rounded-xl px-4 py-3 text-[15px] ${state.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}>
          {state.ok && <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />}
          <p>{state.message}</p>
        </div>
      )}
      <Link to="/" className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700">Wróć na stronę główną</Link>
    </AuthCard>
  )
}
