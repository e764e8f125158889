import { AUTH_MESSAGES, setPasswordSchema } from '@portal/contracts/auth'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { useEffect, useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { useSearchParams } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { buttonStyles, Field, FormAlert, SubmitButton } from '~/components/form'
import { CheckCircleIcon } from '~/components/icons'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/set-password'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Ustaw nowe hasło') }, { name: 'robots', content: 'noindex' }]

/** /ustaw-haslo?token=… and /SetPassword: the new password from the reminder e-mail, then the login dialog. */
export default function SetPassword() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  // An agent's invitation (konto=nowe) sets a first password: nothing was changed.
  const first = params.get('konto') === 'nowe'
  const auth = useAuth()
  const { values, setValues, errors, setErrors, set } = useFormState({ password: '', password_confirmation: '' })
  const { password, password_confirmation: confirmation } = values
  const [alert, setAlert] = useState<string | null>(token.length < 10 ? AUTH_MESSAGES.tokenInvalid : null)
  const [pending, setPending] = useState(false)
  const [done, setDone] = useState(false)

  // Spec: success → the login dialog.
  useEffect(() => {
    if (done) auth.open('login')
  }, [done, auth.open])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    const parsed = setPasswordSchema.safeParse({ token, password, password_confirmation: confirmation })
    if (!parsed.success) {
      const errs = zodFieldErrors(parsed.error)
      if (errs.token) setAlert(errs.token)
      setErrors(errs)
      return
    }
    setPending(true)
    try {
      await api.post('/api/auth/set-password', parsed.data, { silent: true })
      setValues({ password: '', password_confirmation: '' })
      setDone(true)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else if (err instanceof ApiError && err.status === 400) setAlert(err.message || AUTH_MESSAGES.tokenInvalid)
      else setAlert(err instanceof ApiError && err.status === 429 ? err.message : CLIENT_MESSAGES.serverError)
    } finally {
      setPending(false)
    }
  }

  if (done) {
    return (
      <AuthCard title={first ? 'Hasło zostało ustawione' : 'Hasło zostało zmienione'}>
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
          <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
          <p>{first ? 'Twoje konto jest aktywne. Możesz się teraz zalogować swoim hasłem.' : 'Możesz się teraz zalogować nowym hasłem.'}</p>
        </div>
        <Button onPress={() => auth.open('login')} className={`${buttonStyles.primary} mt-6 w-full`}>
          Zaloguj się
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={first ? 'Ustaw hasło do konta' : 'Ustaw nowe hasło'}
      intro={first ? 'Wpisz hasło dwa razy, a potem zaloguj się nim.' : 'Wpisz nowe hasło dwa razy, a potem zaloguj się nim.'}
    >
      <form noValidate onSubmit={submit} aria-label="Ustawianie nowego hasła" className="flex flex-col gap-4">
        {alert && (
          <FormAlert>
            <p>{alert}</p>
            <Button onPress={() => auth.open('remind')} className={`${buttonStyles.link} mt-1`}>
              Wyślij nowy link do zmiany hasła
            </Button>
          </FormAlert>
        )}
        <Field
          label="Nowe hasło"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={set('password')}
          error={errors.password}
          description="Min. 6 znaków, wielka i mała litera oraz cyfra."
          isRequired
        />
        <Field
          label="Powtórz hasło"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
          isRequired
        />
        <SubmitButton pending={pending} pendingLabel="Zapisywanie…" className="mt-1 w-full">
          Ustaw hasło
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
