import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { MESSAGE_MESSAGES, WANT_TO_SEE_LABELS } from '@portal/contracts/plain/messages'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth, useUserDefaults } from '~/lib/auth'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import { pressEarly, useKeepEarlyInput } from '../early-press'
import { PlainField, PlainSubmitButton } from '../plain-fields'

export const CONTACT_MESSAGE = 'Dzień dobry, jestem zainteresowany(-a) tym ogłoszeniem. Proszę o kontakt.'

type Values = { name: string; email: string; phone: string; message: string; date: string; time: string }
const box = 'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600'

/**
 * 'Napisz wiadomość' (spec §3) to an advertiser, from a listing or a profile: 'Chcę obejrzeć nieruchomość' with
 * 'Jak najszybciej' / 'O konkretnej porze'. A logged-in sender's message goes at once; a guest confirms their e-mail
 * by a link first. Polish messages under the fields, captcha, nothing typed is lost on an error. Plain fields
 * (plain-fields.tsx), so the listing page paints without react-aria's form core (decision 032).
 */
export function ContactForm({ endpoint, initialMessage = CONTACT_MESSAGE, onSent }: { endpoint: string; initialMessage?: string; onSent?: () => void }) {
  const { user } = useAuth()
  const toast = useToast()
  const { values, setValues, errors, setErrors, set } = useFormState<Values>({ name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', message: initialMessage, date: '', time: '' })
  const { complete } = useUserDefaults<Values>(setValues)
  const [see, setSee] = useState(false)
  const seeRef = useKeepEarlyInput<HTMLInputElement, boolean>(see, setSee)
  const [mode, setMode] = useState<'asap' | 'time'>('asap')
  const [stage, setStage] = useState<'idle' | 'captcha' | 'sending'>('idle')
  const [done, setDone] = useState<'sent' | 'verify' | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (stage !== 'idle') return
    // Sent before the signed-in visitor's data arrived: it is on its way, not a guest's message.
    const filled = await complete(values)
    const payload = {
      name: filled.name, email: filled.email, phone: filled.phone, message: filled.message,
      want_to_see: see ? { mode, date: mode === 'time' ? filled.date : null, time: mode === 'time' ? filled.time : null } : null,
    }
    // The schema (and zod with it) loads on the first submit, not with the listing page (issue 16).
    const { messageSchema } = await import('@portal/contracts/messages')
    const parsed = messageSchema.safeParse(payload)
    if (!parsed.success) {
      setErrors(flatten(zodFieldErrors(parsed.error)))
      return
    }
    try {
      setStage('captcha')
      const captcha = await solveCaptcha()
      setStage('sending')
      const r = await api.post<{ status?: string; message?: string } | null>(endpoint, { ...payload, ...(captcha ? { captcha } : {}) }, { silent: true })
      const verify = r?.status === 'verify_email'
      setDone(verify ? 'verify' : 'sent')
      setValues((x) => ({ ...x, message: initialMessage }))
      toast.success(verify ? MESSAGE_MESSAGES.verifyEmail : MESSAGE_MESSAGES.sent)
      onSent?.()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(flatten(serverFieldErrors(err.fieldErrors)))
      else if (err instanceof ApiError && err.status === 429) toast.error(MESSAGE_MESSAGES.tooMany)
      else toast.error(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
    } finally {
      setStage('idle')
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Napisz wiadomość" className="flex flex-col gap-3">
      <PlainField label="Imię" name="name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" isRequired />
      <PlainField label="Email" name="email" type="email" value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" inputMode="email" isRequired />
      <PlainField label="Telefon (opcjonalnie)" name="phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} autoComplete="tel" inputMode="tel" />
      <PlainField label="Wiadomość" name="message" value={values.message} onChange={set('message')} error={errors.message} rows={4} isRequired />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-[15px] text-slate-800">
        <input ref={seeRef} type="checkbox" checked={see} onChange={(e) => setSee(e.target.checked)} className="size-5 accent-accent-600" />
        Chcę obejrzeć nieruchomość
      </label>
      {see && (
        <fieldset className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
          <legend className="sr-only">Kiedy chcesz obejrzeć?</legend>
          {(['asap', 'time'] as const).map((m) => (
            <label key={m} className="flex min-h-11 cursor-pointer items-center gap-3 text-[15px] text-slate-800">
              <input type="radio" name="want_to_see_mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="size-5 accent-accent-600" />
              {WANT_TO_SEE_LABELS[m]}
            </label>
          ))}
          {mode === 'time' && (
            <div className="grid grid-cols-2 gap-2">
              <label className="text-sm font-semibold text-slate-700">Dzień
                <input type="date" value={values.date} onChange={(e) => set('date')(e.target.value)} aria-invalid={!!errors.date} className={`${box} mt-1`} />
                {errors.date && <span className="mt-1 block text-sm font-medium text-red-700">{errors.date}</span>}
              </label>
              <label className="text-sm font-semibold text-slate-700">Godzina
                <input type="time" value={values.time} onChange={(e) => set('time')(e.target.value)} aria-invalid={!!errors.time} className={`${box} mt-1`} />
                {errors.time && <span className="mt-1 block text-sm font-medium text-red-700">{errors.time}</span>}
              </label>
            </div>
          )}
        </fieldset>
      )}
      {/* Sent before the page hydrated, the form would go natively: a GET with the address and phone in the URL. */}
      <PlainSubmitButton {...pressEarly} pending={stage !== 'idle'} pendingLabel={stage === 'captcha' ? 'Weryfikacja antyspamowa…' : 'Wysyłanie…'} className="w-full">
        Wyślij wiadomość
      </PlainSubmitButton>
      {done === 'sent' && <p role="status" className="text-sm text-emerald-700">Wiadomość wysłana. {user ? <Link to="/wiadomosci" className="font-semibold underline">Zobacz rozmowę</Link> : null}</p>}
      {done === 'verify' && <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">{MESSAGE_MESSAGES.verifyEmail}</p>}
      <p className="text-xs leading-relaxed text-slate-600">Wysyłając wiadomość, przekazujesz ogłoszeniodawcy swoje imię, adres e-mail i telefon, aby mógł odpowiedzieć.</p>
    </form>
  )
}

/** 'want_to_see.date' → 'date' (the fields of the viewing block). */
function flatten(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(errors)) out[k.replace(/^want_to_see\./, '')] = v
  return out
}
