import { useEffect, useState, type FormEvent } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import { Button } from 'react-aria-components'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { MESSAGE_MESSAGES, MESSAGE_REPORT_LABELS, MESSAGE_REPORT_REASONS, WANT_TO_SEE_LABELS, type Thread } from '@portal/contracts/messages'
import { buttonStyles, SubmitButton, TextAreaField } from '~/components/form'
import { MessageBody } from '~/components/messages/message-body'
import { ScamBanner } from '~/components/messages/scam-banner'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverApi, loadFailed } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { formatDate } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import { notifyUnreadChanged } from '~/lib/unread'
import type { Route } from './+types/message-thread'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(context, request)
  const res = await serverApi(context, `/api/messages/${encodeURIComponent(params.id)}`, { headers: { Accept: 'application/json' } })
  if (res.status === 404) throw data(null, { status: 404 })
  if (!res.ok) loadFailed(res)
  return data({ thread: (await res.json()) as Thread }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: pageTitle(d ? `Wiadomości: ${d.thread.subject}` : 'Wiadomości') }, { name: 'robots', content: 'noindex' }]

const time = (iso: string) => new Intl.DateTimeFormat('pl-PL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Warsaw' }).format(new Date(iso))
const errText = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

/** One conversation: messages oldest first, the scam warning on suspicious ones, reply, archive, block, report. */
export default function MessageThread({ loaderData }: Route.ComponentProps) {
  const th = loaderData.thread
  const toast = useToast()
  const revalidator = useRevalidator()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const [reporting, setReporting] = useState<number | null>(null)
  const reload = () => void revalidator.revalidate()

  // Opening the conversation marks it read (the header badge follows).
  useEffect(() => {
    if (th.unread > 0) void api.post(`/api/messages/${th.id}/read`, undefined, { silent: true }).then(notifyUnreadChanged, () => {})
  }, [th.id, th.unread])

  async function send(e: FormEvent) {
    e.preventDefault()
    if (!text.trim()) return setError(MESSAGE_MESSAGES.messageRequired)
    setPending(true)
    try {
      await api.post(`/api/messages/${th.id}/reply`, { message: text }, { silent: true })
      setText('')
      toast.success(MESSAGE_MESSAGES.sent)
      reload()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(err.fieldErrors?.message?.[0] ?? err.message)
      else toast.error(errText(err))
    } finally {
      setPending(false)
    }
  }
  async function flag(path: 'archive' | 'block', value: boolean, done: string) {
    try {
      await api.post(`/api/messages/${th.id}/${path}`, { value }, { silent: true })
      toast.success(done)
      reload()
    } catch (err) {
      toast.error(errText(err))
    }
  }
  async function report(messageId: number, reason: string) {
    setReporting(null)
    try {
      await api.post(`/api/messages/${th.id}/messages/${messageId}/report`, { reason }, { silent: true })
      toast.success(MESSAGE_MESSAGES.reported)
      reload()
    } catch (err) {
      toast.error(errText(err))
    }
  }

  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[900px]">
        <Link to="/wiadomosci" className="text-sm font-semibold text-accent-700 hover:underline">← Wszystkie wiadomości</Link>
        <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{th.subject}</h1>
          <p className="mt-1 text-slate-700">
            Rozmowa z: {th.with.profile_url ? <Link to={th.with.profile_url} className="font-semibold text-accent-700 hover:underline">{th.with.name}</Link> : <span className="font-semibold">{th.with.name}</span>}
            {th.contact && <span className="text-slate-600"> · {th.contact.email}{th.contact.phone ? ` · tel. ${th.contact.phone}` : ''}</span>}
          </p>
          {th.listing && <p className="mt-1 text-sm"><Link to={`/ogloszenia/${th.listing.slug}`} className="text-accent-700 hover:underline">Zobacz ogłoszenie</Link></p>}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onPress={() => void flag('archive', !th.archived, th.archived ? 'Przywrócono do odebranych.' : 'Przeniesiono do archiwum.')} className={buttonStyles.secondary}>{th.archived ? 'Przywróć z archiwum' : 'Archiwizuj'}</Button>
            {th.role === 'owner' && (
              <Button onPress={() => void flag('block', !th.blocked, th.blocked ? 'Odblokowano nadawcę.' : 'Zablokowano nadawcę. Nie dostaniesz od niego wiadomości.')} className={buttonStyles.secondary}>
                {th.blocked ? 'Odblokuj nadawcę' : 'Zablokuj nadawcę'}
              </Button>
            )}
          </div>
        </div>
        <ol className="mt-6 flex flex-col gap-4" aria-label="Wiadomości w rozmowie">
          {th.messages.map((m) => (
            <li key={m.id} className={`flex flex-col ${m.mine ? 'items-end' : 'items-start'}`}>
              <article className={`max-w-[85%] rounded-2xl p-4 shadow-card ${m.mine ? 'bg-accent-50 text-slate-900' : 'border border-slate-200 bg-white text-slate-900'}`}>
                <p className="mb-1 text-sm font-semibold text-slate-700">{m.mine ? 'Ty' : m.from_name} · <time dateTime={m.created_at}>{formatDate(m.created_at)}, {time(m.created_at)}</time></p>
                <MessageBody text={m.body} linksAllowed={m.links_allowed} />
                {m.want_to_see && (
                  <p className="mt-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
                    Chcę obejrzeć nieruchomość: {m.want_to_see.mode === 'asap' ? WANT_TO_SEE_LABELS.asap : `${m.want_to_see.date ? formatDate(`${m.want_to_see.date}T12:00:00Z`) : ''}${m.want_to_see.time ? `, godz. ${m.want_to_see.time}` : ''}`}
                  </p>
                )}
                <ScamBanner reasons={m.scam} />
                {!m.mine && (
                  m.reported ? <p className="mt-2 text-sm text-slate-600">Zgłoszono do moderatorów.</p>
                    : reporting === m.id ? (
                      <fieldset className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                        <legend className="mb-1 font-semibold text-slate-800">Powód zgłoszenia:</legend>
                        {MESSAGE_REPORT_REASONS.map((r) => <Button key={r} onPress={() => void report(m.id, r)} className="rounded-full border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-100">{MESSAGE_REPORT_LABELS[r]}</Button>)}
                        <Button onPress={() => setReporting(null)} className="px-2 py-1.5 text-slate-600 underline">Anuluj</Button>
                      </fieldset>
                    ) : <Button onPress={() => setReporting(m.id)} className="mt-2 text-sm font-medium text-slate-600 underline hover:text-slate-900">Zgłoś wiadomość</Button>
                )}
              </article>
            </li>
          ))}
        </ol>
        {th.blocked ? (
          <p className="mt-6 rounded-xl bg-slate-100 p-4 text-slate-700">Nadawca jest zablokowany. Odblokuj go, aby odpisać.</p>
        ) : (
          <form onSubmit={send} noValidate aria-label="Odpowiedz" className="mt-6 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
            <TextAreaField label="Twoja odpowiedź" name="message" value={text} onChange={(v) => { setText(v); setError(undefined) }} error={error} rows={4} isRequired />
            <div><SubmitButton pending={pending} pendingLabel="Wysyłanie…">Wyślij odpowiedź</SubmitButton></div>
          </form>
        )}
      </div>
    </div>
  )
}
