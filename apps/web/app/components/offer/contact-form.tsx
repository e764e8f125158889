import { useState, type FormEvent } from 'react'
import { CLIENT_MESSAGES } from '@portal/contracts/errors'
import { contactSchema } from '@portal/contracts/offer'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import { Field, SubmitButton, TextAreaField } from '../form'

export const CONTACT_MESSAGE = 'Dzień dobry, jestem zainteresowany(-a) tym ogłoszeniem. Proszę o kontakt.'

type Values = { name: string; email: string; phone: string; message: string }

/** 'Napisz wiadomość' to the advertiser: Polish messages under the fields, captcha, nothing lost on an error. */
export function ContactForm({ offerId }: { offerId: number }) {
  const { user } = useAuth()
  const toast = useToast()
  const { values, setValues, errors, setErrors, set } = useFormState<Values>({ name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', message: CONTACT_MESSAGE })
  const [stage, setStage] = useState<'idle' | 'captcha' | 'sending'>('idle')
  const [sent, setSent] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = contactSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    try {
      setStage('captcha')
      const captcha = await solveCaptcha()
      setStage('sending')
      await api.post(`/api/offers/${offerId}/contact`, { ...parsed.data, ...(captcha ? { captcha } : {}) }, { silent: true })
      setSent(true)
      setValues((x) => ({ ...x, message: CONTACT_MESSAGE }))
      toast.success('Wiadomość została wysłana. Ogłoszeniodawca odpowie na podany adres e-mail.')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else if (err instanceof ApiError && err.status === 429) toast.error('Wysłano zbyt wiele wiadomości. Spróbuj ponownie później.')
      else toast.error(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
    } finally {
      setStage('idle')
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Napisz wiadomość" className="flex flex-col gap-3">
      <Field label="Imię" name="name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" isRequired />
      <Field label="Email" name="email" type="email" value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" inputMode="email" isRequired />
      <Field label="Telefon (opcjonalnie)" name="phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} autoComplete="tel" inputMode="tel" />
      <TextAreaField label="Wiadomość" name="message" value={values.message} onChange={set('message')} error={errors.message} rows={4} isRequired />
      <SubmitButton pending={stage !== 'idle'} pendingLabel={stage === 'captcha' ? 'Weryfikacja antyspamowa…' : 'Wysyłanie…'} className="w-full">
        Wyślij wiadomość
      </SubmitButton>
      {sent && <p role="status" className="text-sm text-emerald-700">Wiadomość wysłana. Możesz napisać kolejną.</p>}
      <p className="text-xs leading-relaxed text-slate-500">Wysyłając wiadomość, przekazujesz ogłoszeniodawcy swoje imię, adres e-mail i telefon, aby mógł odpowiedzieć.</p>
    </form>
  )
}
