import { AUTH_MESSAGES } from '@portal/contracts/plain/auth'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { useEffect, useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, useSearchParams } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { EmailPromptForm } from '~/components/auth/email-prompt-form'
import { buttonStyles, Spinner } from '~/components/form'
import { CheckCircleIcon } from '~/components/icons'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { pageTitle } from '~/lib/site'
import type { Profile } from '~/lib/user'
import type { UserOffer } from '@portal/contracts/offer'
import type { Route } from './+types/complete-registration'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Aktywacja konta') }, { name: 'robots', content: 'noindex' }]

/** `live`: a listing the guest published with the account form, which the activation has just put online. */
type State = { kind: 'pending' } | { kind: 'done'; profile: Profile; live: { slug: string; title: string } | null } | { kind: 'error'; message: string; expired: boolean }

/**
 * /dokoncz-rejestracje?token=… and /CompleteRegistration: activates the account from the e-mailed link. The call
 * runs in the browser because it starts the session (its cookies must reach the browser).
 */
export default function CompleteRegistration() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const auth = useAuth()
  const [state, setState] = useState<State>({ kind: 'pending' })
  // The token is single-use: never send it twice (StrictMode runs effects twice in development).
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    if (token.length < 10) {
      setState({ kind: 'error', message: AUTH_MESSAGES.tokenInvalid, expired: false })
      return
    }
    void (async () => {
      try {
        await api.get('/api/sanctum/csrf-cookie', { silent: true }).catch(() => undefined)
        const profile = await api.post<Profile>('/api/auth/complete-registration', { token }, { silent: true })
        // The new session sees its own listings: one that just went live gets a link on this screen.
        const mine = await api
          .get<{ data: UserOffer[] }>('/api/user/offers?status=active&per_page=1', { silent: true })
          .catch(() => null)
        const first = mine?.data[0]
        setState({ kind: 'done', profile, live: first ? { slug: first.slug, title: first.title } : null })
        await auth.adopt(profile)
      } catch (err) {
        const body = err instanceof ApiError ? (err.body as { error?: string; message?: string; code?: string } | null) : null
        const expired = body?.code === 'token_expired'
        const message =
          err instanceof ApiError && err.status === 400
            ? (body?.message ?? (expired ? AUTH_MESSAGES.tokenExpired : AUTH_MESSAGES.tokenInvalid))
            : CLIENT_MESSAGES.serverError
        setState({ kind: 'error', message, expired })
      }
    })()
  }, [token, auth])

  if (state.kind === 'pending') {
    return (
      <AuthCard title="Aktywacja konta">
        <p role="status" className="flex items-center gap-3 text-[15px] text-slate-600">
          <Spinner className="size-5 text-accent-600" /> Aktywujemy Twoje konto…
        </p>
      </AuthCard>
    )
  }

  if (state.kind === 'done') {
    return (
      <AuthCard title="Konto zostało aktywowane">
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
          <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
          {state.live ? (
            <p>
              Witaj, <strong>{state.profile.name}</strong>! Jesteś zalogowany, a Twoje ogłoszenie „{state.live.title}” jest już
              widoczne na portalu.
            </p>
          ) : (
            <p>
              Witaj, <strong>{state.profile.name}</strong>! Jesteś zalogowany — możesz dodać pierwsze ogłoszenie albo
              uzupełnić swój profil.
            </p>
          )}
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={state.live ? `/ogloszenia/${state.live.slug}` : '/ustawienia-konta'} className={`${buttonStyles.primary} flex-1`}>
            {state.live ? 'Zobacz ogłoszenie' : 'Ustawienia konta'}
          </Link>
          <Link to={state.live ? '/moje-ogloszenia' : '/dodaj-ogloszenie'} className={`${buttonStyles.secondary} flex-1`}>
            {state.live ? 'Moje ogłoszenia' : 'Dodaj ogłoszenie'}
          </Link>
        </div>
        <p className="mt-5 text-center">
          <Link to="/" className={buttonStyles.link}>
            Przejdź na stronę główną
          </Link>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Nie udało się aktywować konta">
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">
        {state.message}
      </div>
      <h2 className="mt-7 text-lg font-semibold text-slate-900">Wyślij link aktywacyjny ponownie</h2>
      <div className="mt-3">
        <EmailPromptForm kind="resend" onSwitch={() => auth.open('login')} onDone={() => undefined} showBack={false} />
      </div>
      {!state.expired && (
        <p className="mt-6 border-t border-slate-100 pt-5 text-center text-[15px] text-slate-600">
          Konto jest już aktywne?{' '}
          <Button onPress={() => auth.open('login')} className={buttonStyles.link}>
            Zaloguj się
          </Button>
        </p>
      )}
    </AuthCard>
  )
}
