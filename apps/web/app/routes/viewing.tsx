import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatViewingDay, formatViewingTime, VIEWING_MESSAGES, VIEWING_STATUS_LABELS, type Viewing } from '@portal/contracts/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { AuthCard } from '~/components/auth/auth-card'
import { FormAlert, Spinner, SubmitButton, TextAreaField } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/viewing'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Twoja wizyta') }, { name: 'robots', content: 'noindex' }]

type GuestViewing = Viewing & { verified_now: boolean }
const errText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

/**
 * /ogladanie?token=: a guest's e-mailed link (issue 28). The first opening confirms the address (the advertiser is
 * told); the same link later shows the visit, accepts another time the advertiser proposed, or cancels it.
 */
export default function ViewingPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [v, setV] = useState<GuestViewing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    api.post<GuestViewing>('/api/viewings/guest/verify', { token }, { silent: true }).then(setV, (err) => setError(err instanceof ApiError && err.status === 404 ? VIEWING_MESSAGES.tokenInvalid : errText(err)))
  }, [token])

  async function run(path: string, body: object) {
    setBusy(true)
    try {
      setV(await api.post<GuestViewing>(`/api/viewings/guest/${path}`, { token, ...body }, { silent: true }))
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setReasonError(err.fieldErrors?.reason?.[0])
      else setError(errText(err))
    } finally {
      setBusy(false)
    }
  }
  const cancel = (e: FormEvent) => { e.preventDefault(); if (!reason.trim()) return setReasonError(VIEWING_MESSAGES.reasonRequired); void run('cancel', { reason }) }
  const live = v && v.status !== 'cancelled' && new Date(v.end).getTime() > Date.now()

  return (
    <AuthCard title={error ? 'Nie udało się otworzyć wizyty' : !v ? 'Twoja wizyta…' : 'Twoja wizyta'}>
      {error ? <FormAlert>{error}</FormAlert> : !v ? (
        <p role="status" className="flex items-center gap-3 text-slate-700"><Spinner /> Chwileczkę…</p>
      ) : (
        <div className="flex flex-col gap-4">
          {v.verified_now && <FormAlert tone="success">{v.status === 'confirmed' ? VIEWING_MESSAGES.confirmed : v.place === 'investment' ? VIEWING_MESSAGES.pendingInvestment : VIEWING_MESSAGES.pending}</FormAlert>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[15px]">
            <dt className="text-slate-600">{v.place === 'investment' ? 'Inwestycja' : 'Ogłoszenie'}</dt><dd><Link to={v.href} className="font-semibold text-accent-700 underline">{v.listing.title}</Link></dd>
            <dt className="text-slate-600">Termin</dt><dd className="font-semibold">{formatViewingDay(v.start, true)}, {formatViewingTime(v.start)}–{formatViewingTime(v.end)}</dd>
            <dt className="text-slate-600">Status</dt><dd data-testid="viewing-status">{VIEWING_STATUS_LABELS[v.status]}{v.status === 'pending' && v.awaiting === 'visitor' ? ' – czeka na Twoją zgodę' : ''}</dd>
            <dt className="text-slate-600">{v.place === 'investment' ? 'Deweloper' : 'Ogłoszeniodawca'}</dt><dd>{v.person.name}</dd>
            {v.reason && <><dt className="text-slate-600">Uwagi</dt><dd>{v.reason}</dd></>}
          </dl>
          {live && v.status === 'pending' && v.awaiting === 'visitor' && (
            <SubmitButton type="button" pending={busy} pendingLabel="Potwierdzanie…" onPress={() => void run('confirm', {})}>Akceptuję nowy termin</SubmitButton>
          )}
          {live && (
            <form onSubmit={cancel} noValidate className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-label="Odwołaj wizytę">
              <TextAreaField label="Powód odwołania" name="reason" rows={2} value={reason} onChange={(x) => { setReason(x); setReasonError(undefined) }} error={reasonError} />
              <SubmitButton pending={busy} pendingLabel="Odwoływanie…" variant="secondary">Odwołaj wizytę</SubmitButton>
            </form>
          )}
        </div>
      )}
    </AuthCard>
  )
}
