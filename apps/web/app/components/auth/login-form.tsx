import { AUTH_MESSAGES, loginSchema } from '@portal/contracts/auth'
import { useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { ApiError } from '~/lib/api-client'
import { useAuth, type AuthView, type OpenOptions } from '~/lib/auth'
import { loginFailureMessage } from '~/lib/login-failure'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import { buttonStyles, Field, FormAlert, SubmitButton } from '../form'

export interface AuthFormProps {
  onSwitch: (view: AuthView, options?: OpenOptions) => void
  next?: string | null
  initialEmail?: string
}

/** Login (spec §4): on success the auth store sets the cookie, fills the profile, closes and goes to `next`. */
export function LoginForm({ onSwitch, next, initialEmail = '' }: AuthFormProps) {
  const auth = useAuth()
  const toast = useToast()
  const { values, setValues, errors, setErrors, set } = useFormState({ email: initialEmail, password: '' })
  const { email, password } = values
  const [alert, setAlert] = useState<{ text: string; notVerified?: boolean } | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    const parsed = loginSchema.safeParse({ email, password })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setPending(true)
    try {
      await auth.login(parsed.data.email, password, next)
      // Spec §4: the form is cleared on success.
      setValues({ email: '', password: '' })
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
        else if (err.status >= 500 || err.status === 0) toast.error(loginFailureMessage(err.status, err.body))
        else setAlert({ text: loginFailureMessage(err.status, err.body), notVerified: err.status === 403 })
      } else {
        toast.error('Wystąpił problem, spróbuj ponownie')
      }
    } finally {
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Logowanie" className="flex flex-col gap-4">
      {alert && (
        <FormAlert>
          <p>{alert.text}</p>
          {alert.notVerified && (
            <Button onPress={() => onSwitch('resend', { email })} className={`${buttonStyles.link} mt-1`}>
              Wyślij link aktywacyjny ponownie
            </Button>
          )}
        </FormAlert>
      )}
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={set('email')}
        error={errors.email}
        isRequired
        autoFocus
      />
      <Field
        label="Hasło"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={set('password')}
        error={errors.password}
        isRequired
      />
      <SubmitButton pending={pending} pendingLabel="Logowanie…" className="mt-1 w-full">
        Zaloguj
      </SubmitButton>
      <div className="relative my-1 text-center text-sm text-slate-500 before:absolute before:inset-x-0 before:top-1/2 before:h-px before:bg-slate-200">
        <span className="relative bg-white px-3">Nie masz konta?</span>
      </div>
      <Button onPress={() => onSwitch('register', { next })} className={`${buttonStyles.secondary} w-full`}>
        Załóż konto
      </Button>
      <div className="mt-1 flex flex-col items-center gap-2 border-t border-slate-100 pt-4 text-center">
        <Button onPress={() => onSwitch('remind', { email })} className={buttonStyles.link}>
          Nie pamiętasz hasła?
        </Button>
        <Button onPress={() => onSwitch('resend', { email })} className={buttonStyles.link}>
          Nie dostałeś maila aktywacyjnego?
        </Button>
      </div>
    </form>
  )
}

export { AUTH_MESSAGES }
