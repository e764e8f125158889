import { changePasswordSchema } from '@portal/contracts/auth'
import { useState, type FormEvent } from 'react'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import { Field, SubmitButton } from '../form'
import { SettingsSection } from './section'

type Values = { current_password: string; password: string; password_confirmation: string }
const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' }

/** PATCH /api/auth/change-password; the server ends the account's other sessions. */
export function PasswordSection() {
  const toast = useToast()
  const { values, setValues, errors, setErrors, field } = useFormState<Values>(EMPTY)
  const [pending, setPending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = changePasswordSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      await api.patch('/api/auth/change-password', parsed.data)
      setValues(EMPTY)
      toast.success('Hasło zostało zmienione')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else if (err instanceof ApiError && !err.handled) toast.error(err.message)
    } finally {
      setPending(false)
    }
  }

  return (
    <SettingsSection title="Zmiana hasła" description="Po zmianie hasła wylogujemy Cię z innych urządzeń.">
      <form noValidate onSubmit={submit} aria-label="Zmiana hasła" className="flex flex-col gap-4">
        <Field label="Obecne hasło" type="password" autoComplete="current-password" isRequired {...field('current_password')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Nowe hasło"
            type="password"
            autoComplete="new-password"
            isRequired
            description="Min. 6 znaków, wielka i mała litera oraz cyfra."
            {...field('password')}
          />
          <Field label="Powtórz nowe hasło" type="password" autoComplete="new-password" isRequired {...field('password_confirmation')} />
        </div>
        <div className="mt-2 flex justify-end">
          <SubmitButton pending={pending} pendingLabel="Zapisywanie…" className="w-full sm:w-auto">
            Zmień hasło
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  )
}
