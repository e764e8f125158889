import { useState, type FormEvent } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import { Button } from 'react-aria-components'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { countLabel } from '@portal/contracts/format'
import { AGENT_MESSAGES, AGENT_STATUS, agentInviteSchema, type Agent, type AgentsResponse } from '@portal/contracts/people'
import { SettingsSection } from '~/components/account/section'
import { buttonStyles, CheckboxField, Field, SubmitButton } from '~/components/form'
import { ConfirmDialog } from '~/components/my-offers/confirm-dialog'
import { PersonAvatar } from '~/components/people/person-avatar'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverApi } from '~/lib/api.server'
import { requireCompany } from '~/lib/auth.server'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { formatDate } from '~/lib/offer-text'
import { AGENT_FORMS, listingsCount } from '~/lib/people'
import { pageTitle } from '~/lib/site'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import type { Route } from './+types/agents'

// Spec §6 guard 'company' on the server: role company or admin, everyone else goes to /.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCompany(context, request)
  const res = await serverApi(context, '/api/user/agents', { headers: { Accept: 'application/json' } })
  const result = res.ok ? ((await res.json()) as AgentsResponse) : null
  return data({ result }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Moi agenci') }, { name: 'robots', content: 'noindex' }]

const errorText = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

function InviteForm({ onDone }: { onDone: () => void }) {
  const toast = useToast()
  const { values, setValues, errors, setErrors, field } = useFormState({ name: '', email: '', phone: '' })
  const [pending, setPending] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = agentInviteSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      await api.post('/api/user/agents', parsed.data, { silent: true })
      toast.success(AGENT_MESSAGES.invited)
      setValues({ name: '', email: '', phone: '' })
      onDone()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else toast.error(errorText(err))
    } finally {
      setPending(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Dodaj agenta" className="grid gap-4 sm:grid-cols-3">
      <Field label="Imię i nazwisko" autoComplete="off" isRequired {...field('name')} />
      <Field label="Email" type="email" inputMode="email" autoComplete="off" isRequired {...field('email')} />
      <Field label="Telefon (opcjonalnie)" type="tel" inputMode="tel" autoComplete="off" {...field('phone')} />
      <div className="sm:col-span-3">
        <SubmitButton pending={pending} pendingLabel="Wysyłanie zaproszenia…">Wyślij zaproszenie</SubmitButton>
      </div>
      {errors.form && <p role="alert" className="text-sm text-red-700 sm:col-span-3">{errors.form}</p>}
    </form>
  )
}

function AgentRow({ agent, onResend, onRemove }: { agent: Agent; onResend: () => void; onRemove: () => void }) {
  const active = agent.status === AGENT_STATUS.active
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <PersonAvatar name={agent.name} avatar={agent.avatar} size={48} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">
            {active ? <Link to={agent.profile_url} className="hover:underline">{agent.name}</Link> : agent.name}
          </p>
          <p className="truncate text-sm text-slate-600">{agent.email}{agent.phone ? ` · ${agent.phone}` : ''}</p>
          <p className="text-sm text-slate-600">
            <span className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}>{agent.status}</span>
            Dodany {formatDate(agent.created_at)} · {listingsCount(agent.offers_count)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {active && <Link to={`/moje-ogloszenia?agent_id=${agent.id}`} className={buttonStyles.secondary}>Ogłoszenia</Link>}
        {!active && <Button onPress={onResend} className={buttonStyles.secondary}>Wyślij link ponownie</Button>}
        <Button onPress={onRemove} className={buttonStyles.secondary} aria-label={`Usuń agenta ${agent.name}`}>Usuń</Button>
      </div>
    </li>
  )
}

/** /agenci and /account/Agents: a company invites, lists, re-invites and removes its agents (spec §2, §7). */
export default function Agents({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData
  const toast = useToast()
  const revalidator = useRevalidator()
  const [removing, setRemoving] = useState<Agent | null>(null)
  const [share, setShare] = useState(result?.agents_share_listings ?? false)
  const reload = () => void revalidator.revalidate()

  async function resend(a: Agent) {
    try {
      const r = await api.get<{ message: string }>(`/api/user/agents/resend-email/${a.id}`, { silent: true, csrf: true })
      toast.success(r?.message ?? AGENT_MESSAGES.resent)
    } catch (err) {
      toast.error(errorText(err))
    }
  }
  async function remove() {
    const a = removing
    setRemoving(null)
    if (!a) return
    try {
      await api.delete(`/api/user/agents/${a.id}`, { silent: true })
      toast.success(AGENT_MESSAGES.removed)
      reload()
    } catch (err) {
      toast.error(errorText(err))
    }
  }
  async function toggleShare(v: boolean) {
    setShare(v)
    try {
      await api.patch('/api/user/agents/settings', { agents_share_listings: v }, { silent: true })
    } catch (err) {
      setShare(!v)
      toast.error(errorText(err))
    }
  }

  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[760px] flex-col gap-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Moi agenci</h1>
        <SettingsSection title="Dodaj agenta" description="Agent dostanie email z zaproszeniem do stworzenia konta. Po ustawieniu hasła doda ogłoszenia w imieniu firmy: firma będzie ogłoszeniodawcą, a agent osobą do kontaktu.">
          <InviteForm onDone={reload} />
        </SettingsSection>
        <SettingsSection title={result ? `Agenci (${countLabel(result.data.length, AGENT_FORMS)})` : 'Agenci'}>
          {!result ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać agentów. Odśwież stronę za chwilę.</p>
          ) : result.data.length ? (
            <ul className="divide-y divide-slate-200">
              {result.data.map((a) => <AgentRow key={a.id} agent={a} onResend={() => void resend(a)} onRemove={() => setRemoving(a)} />)}
            </ul>
          ) : (
            <p className="text-slate-600">Nie masz jeszcze agentów. Zaproś pierwszego formularzem powyżej.</p>
          )}
          <div className="mt-4 border-t border-slate-200 pt-4">
            <CheckboxField name="agents_share_listings" isSelected={share} onChange={(v) => void toggleShare(v)}>
              Agenci widzą i prowadzą wszystkie ogłoszenia firmy (także szkice innych agentów)
            </CheckboxField>
          </div>
        </SettingsSection>
      </div>
      <ConfirmDialog isOpen={!!removing} title="Usunąć agenta?" confirmLabel="Usuń agenta" danger onConfirm={() => void remove()} onCancel={() => setRemoving(null)}>
        {removing && <>Konto agenta {removing.name} zostanie usunięte. Jego ogłoszenia zostaną przy firmie — nic nie zostanie skasowane.</>}
      </ConfirmDialog>
    </div>
  )
}
