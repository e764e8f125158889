import { useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { CLIENT_MESSAGES } from '@portal/contracts/errors'
import { apiTokenInputSchema, type ApiToken } from '@portal/contracts/feeds'
import { buttonStyles, Field, FormAlert, SubmitButton } from '~/components/form'
import { ConfirmDialog } from '~/components/my-offers/confirm-dialog'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useToast } from '~/lib/toast'

/** Partner API tokens: made here (the token is shown once, only its hash is kept), listed by prefix, revoked. */
const dateTime = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Warsaw' })
const errorText = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

export function ApiTokens({ tokens, onChange }: { tokens: ApiToken[]; onChange: () => void }) {
  const toast = useToast()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const [fresh, setFresh] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)

  async function create(e: FormEvent) {
    e.preventDefault()
    const parsed = apiTokenInputSchema.safeParse({ name })
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).name)
    setError(undefined)
    setPending(true)
    try {
      const r = await api.post<{ token: string }>('/api/feeds/tokens', parsed.data, { silent: true })
      setFresh(r.token)
      setName('')
      onChange()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(serverFieldErrors(err.fieldErrors).name)
      else toast.error(errorText(err))
    } finally {
      setPending(false)
    }
  }
  async function revoke() {
    const t = revoking
    setRevoking(null)
    if (!t) return
    try {
      await api.delete(`/api/feeds/tokens/${t.id}`, { silent: true })
      toast.success('Klucz unieważniony')
      onChange()
    } catch (err) {
      toast.error(errorText(err))
    }
  }

  return (
    <div className="flex flex-col gap-5">
      {fresh && (
        <FormAlert tone="success">
          <span className="block font-semibold">Skopiuj klucz teraz — nie pokażemy go ponownie.</span>
          <code className="mt-2 block break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-slate-900" data-testid="new-token">{fresh}</code>
          <Button onPress={() => void navigator.clipboard?.writeText(fresh).then(() => toast.success('Skopiowano klucz'), () => undefined)} className={`${buttonStyles.secondary} mt-2`}>Kopiuj</Button>
        </FormAlert>
      )}
      {tokens.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{t.name} <span className="font-mono text-sm font-normal text-slate-600">{t.prefix}…</span></p>
                <p className="text-sm text-slate-600">
                  Utworzony {dateTime.format(new Date(t.created_at))}
                  {t.last_used_at ? ` · ostatnio użyty ${dateTime.format(new Date(t.last_used_at))}` : ' · jeszcze nieużyty'}
                  {t.revoked_at ? ` · unieważniony ${dateTime.format(new Date(t.revoked_at))}` : ''}
                </p>
              </div>
              {!t.revoked_at && <Button onPress={() => setRevoking(t)} className={buttonStyles.secondary} aria-label={`Unieważnij klucz ${t.name}`}>Unieważnij</Button>}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={create} noValidate aria-label="Nowy klucz API" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label="Nazwa klucza" name="token-name" placeholder="np. ASARI" value={name} onChange={setName} error={error} isRequired maxLength={60} />
        <SubmitButton pending={pending} pendingLabel="Tworzenie…">Utwórz klucz</SubmitButton>
      </form>
      <ConfirmDialog isOpen={!!revoking} title="Unieważnić klucz?" confirmLabel="Unieważnij" danger onConfirm={() => void revoke()} onCancel={() => setRevoking(null)}>
        {revoking && <>Program używający klucza „{revoking.name}” straci dostęp do API. Ogłoszenia zostaną bez zmian.</>}
      </ConfirmDialog>
    </div>
  )
}
