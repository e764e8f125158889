import { AUTH_MESSAGES, REGISTRATION_TYPE_LABELS, REGISTRATION_TYPES, registerSchema, type RegistrationType } from '@portal/contracts/auth'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { useState, type FormEvent } from 'react'
import { Button, FieldError, Label, Radio, RadioGroup } from 'react-aria-components'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors, zodFieldErrors, withoutError } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import { buttonStyles, CheckboxField, Field, SubmitButton } from '../form'
import type { AuthFormProps } from './login-form'

type Values = { type: RegistrationType | ''; name: string; email: string; phone: string; password: string; password_confirmation: string }
const EMPTY: Values = { type: '', name: '', email: '', phone: '', password: '', password_confirmation: '' }

/** Registration (spec §5): every message under its field, toasts of 3 s, nothing typed is lost on an error. */
export function RegisterForm({ onSwitch, onDone, initialEmail = '' }: AuthFormProps & { onDone: () => void }) {
  const toast = useToast()
  const { values, setValues, errors, setErrors, set } = useFormState<Values>({ ...EMPTY, email: initialEmail })
  const [terms, setTerms] = useState(false)
  const [stage, setStage] = useState<'idle' | 'captcha' | 'sending'>('idle')

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = registerSchema.safeParse({ ...values, type: values.type || undefined })
    const next = parsed.success ? {} : zodFieldErrors(parsed.error)
    if (!terms) next.terms = AUTH_MESSAGES.termsRequired
    setErrors(next)
    if (!parsed.success) toast.error(AUTH_MESSAGES.registerFormInvalid, 3000)
    if (!terms) toast.error(AUTH_MESSAGES.termsRequired, 3000)
    if (!parsed.success || !terms) {
      focusFirstInvalid(e.currentTarget as HTMLFormElement)
      return
    }
    try {
      setStage('captcha')
      const captcha = await solveCaptcha()
      setStage('sending')
      await api.get('/api/sanctum/csrf-cookie', { silent: true }).catch(() => undefined)
      await api.post('/api/auth/register', { ...parsed.data, ...(captcha ? { captcha } : {}) })
      setValues(EMPTY)
      setTerms(false)
      onDone()
      toast.success(AUTH_MESSAGES.registered, 5000)
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 422) {
          setErrors(serverFieldErrors(err.fieldErrors))
          toast.error(AUTH_MESSAGES.registerFormInvalid, 3000)
        } else if (err.status === 400 && (err.body as { error?: string } | null)?.error === 'email_already_exist') {
          // The global handler already said it in a toast; keep it under the field as well.
          setErrors({ email: CLIENT_MESSAGES.emailAlreadyExist })
        } else if (!err.handled) {
          toast.error(err.message && err.status < 500 && err.status !== 0 ? err.message : CLIENT_MESSAGES.serverError)
        }
      } else {
        toast.error(CLIENT_MESSAGES.serverError)
      }
    } finally {
      setStage('idle')
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Rejestracja" className="flex flex-col gap-4">
      <RadioGroup
        name="type"
        value={values.type || null}
        onChange={(v) => set('type')(v)}
        isInvalid={!!errors.type}
        validationBehavior="aria"
        className="flex flex-col"
      >
        <Label className="mb-2 block text-sm font-semibold text-slate-800">Wybierz kim jesteś?</Label>
        <div className="grid gap-2 sm:grid-cols-3">
          {REGISTRATION_TYPES.map((t) => (
            <Radio
              key={t}
              value={t}
              className="flex min-h-12 cursor-pointer items-center gap-2.5 rounded-xl border border-slate-300 bg-white px-3 py-2 text-[15px] leading-tight text-slate-800 outline-none transition-colors hover:border-slate-400 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:text-accent-800 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600 data-[invalid]:border-red-600"
            >
              {({ isSelected }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={`flex size-5 shrink-0 items-center justify-center rounded-full border-2 ${isSelected ? 'border-accent-600' : 'border-slate-400'}`}
                  >
                    {isSelected && <span className="size-2.5 rounded-full bg-accent-600" />}
                  </span>
                  {REGISTRATION_TYPE_LABELS[t]}
                </>
              )}
            </Radio>
          ))}
        </div>
        <FieldError className="mt-1.5 block text-sm font-medium text-red-700">{errors.type}</FieldError>
      </RadioGroup>
      <Field label="Imię i nazwisko lub nazwa firmy" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} isRequired />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} isRequired />
        <Field label="Telefon (opcjonalnie)" name="phone" type="tel" inputMode="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} placeholder="np. 600 100 200" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Hasło"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          description="Min. 6 znaków, wielka i mała litera oraz cyfra."
          isRequired
        />
        <Field label="Powtórz hasło" name="password_confirmation" type="password" autoComplete="new-password" value={values.password_confirmation} onChange={set('password_confirmation')} error={errors.password_confirmation} isRequired />
      </div>
      <CheckboxField
        name="terms"
        isSelected={terms}
        onChange={(v) => {
          setTerms(v)
          setErrors((x) => withoutError(x, 'terms'))
        }}
        error={errors.terms}
        ariaLabel="Akceptuję regulamin serwisu"
        after={
          <a href="/regulamin" target="_blank" rel="noopener" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
            regulamin serwisu
          </a>
        }
      >
        Akceptuję
      </CheckboxField>
      <SubmitButton
        pending={stage !== 'idle'}
        pendingLabel={stage === 'captcha' ? 'Weryfikacja antyspamowa…' : 'Zakładanie konta…'}
        className="w-full"
      >
        Załóż konto
      </SubmitButton>
      <p className="text-center text-[15px] text-slate-600">
        Masz już konto?{' '}
        <Button onPress={() => onSwitch('login', { email: values.email })} className={buttonStyles.link}>
          Zaloguj się
        </Button>
      </p>
    </form>
  )
}

/** Keyboard and screen-reader users land on the first field that needs a fix. */
function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const el = form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')
    el?.focus()
  })
}
