import { useState, type FormEvent } from 'react'
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components'
import { Link } from 'react-router'
import { CONTACT_MESSAGES, CONTACT_TOPICS, contactFormSchema } from '@portal/contracts/content'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { Breadcrumbs } from '~/components/content/content-body'
import { Field, FormAlert, SubmitButton, TextAreaField } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth, useUserDefaults } from '~/lib/auth'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import { useFormState } from '~/lib/use-form-state'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kontakt') },
  { name: 'description', content: 'Napisz do nas: pytania o ogłoszenia, pomoc graficzna, problemy techniczne i inne sprawy.' },
]

/** /kontakt: the contact form (the older system's topics), with the self-hosted captcha and toasts. */
export default function Contact() {
  const { user } = useAuth()
  const toast = useToast()
  const { values, setValues, errors, setErrors, field, set } = useFormState({
    topic: '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    message: '',
  })
  const { complete } = useUserDefaults<typeof values>(setValues)
  const [stage, setStage] = useState<'idle' | 'captcha' | 'sending'>('idle')
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = contactFormSchema.safeParse(await complete(values))
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      toast.error('Popraw zaznaczone pola formularza.')
      return
    }
    try {
      setStage('captcha')
      const captcha = await solveCaptcha()
      setStage('sending')
      await api.post('/api/contact/contact-form', { ...parsed.data, ...(captcha ? { captcha } : {}) })
      toast.success(CONTACT_MESSAGES.sent)
      setSentTo(parsed.data.email)
      setValues((v) => ({ ...v, topic: '', message: '' }))
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 422) {
          setErrors(serverFieldErrors(err.fieldErrors))
          toast.error(err.fieldErrors.captcha?.[0] ?? 'Popraw zaznaczone pola formularza.')
        } else if (!err.handled) toast.error(err.status < 500 && err.status !== 0 && err.message ? err.message : CLIENT_MESSAGES.serverError)
      } else toast.error(CLIENT_MESSAGES.serverError)
    } finally {
      setStage('idle')
    }
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: 'Kontakt' }]} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Kontakt</h1>
      <p className="mt-3 text-lg text-slate-600">
        Napisz do nas — odpowiadamy w dni robocze, zwykle w ciągu 24 godzin. Zanim napiszesz, zajrzyj do{' '}
        <Link to="/faq" className="font-semibold text-accent-700 hover:underline underline-offset-4">
          najczęstszych pytań
        </Link>
        .
      </p>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {sentTo && (
          <div className="mb-6">
            <FormAlert tone="success">Wiadomość została wysłana. Potwierdzenie wysłaliśmy na adres {sentTo}.</FormAlert>
          </div>
        )}
        <form noValidate onSubmit={submit} aria-label="Formularz kontaktowy" className="flex flex-col gap-5">
          <RadioGroup
            name="topic"
            value={values.topic}
            onChange={set('topic')}
            isInvalid={!!errors.topic}
            validationBehavior="aria"
            className="flex flex-col gap-1"
          >
            <Label className="mb-1 text-sm font-semibold text-slate-800">Temat wiadomości</Label>
            <div className="grid gap-1 sm:grid-cols-2">
              {CONTACT_TOPICS.map((t) => (
                <Radio
                  key={t}
                  value={t}
                  className="group flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-[15px] text-slate-800 hover:bg-slate-50 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600"
                >
                  <span aria-hidden="true" className="size-5 shrink-0 rounded-full border-2 border-slate-400 group-data-[selected]:border-[6px] group-data-[selected]:border-accent-600" />
                  {t}
                </Radio>
              ))}
            </div>
            <FieldError className="mt-1.5 text-sm font-medium text-red-700">{errors.topic}</FieldError>
          </RadioGroup>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Imię i nazwisko" autoComplete="name" isRequired maxLength={100} {...field('name')} />
            <Field label="Email" type="email" inputMode="email" autoComplete="email" isRequired {...field('email')} />
          </div>
          <TextAreaField label="Wiadomość" rows={7} isRequired maxLength={5000} description="Co najmniej 10 znaków." {...field('message')} />
          <p className="text-sm text-slate-500">
            Wysyłając wiadomość, zgadzasz się na przetwarzanie podanych danych w celu udzielenia odpowiedzi (szczegóły w{' '}
            <Link to="/regulamin" className="text-accent-700 underline underline-offset-4 hover:text-accent-800">
              regulaminie i polityce prywatności
            </Link>
            ).
          </p>
          <SubmitButton
            pending={stage !== 'idle'}
            pendingLabel={stage === 'captcha' ? 'Weryfikacja antyspamowa…' : 'Wysyłanie…'}
            className="w-full sm:w-auto sm:self-start"
          >
            Wyślij wiadomość
          </SubmitButton>
        </form>
      </div>
    </div>
  )
}
