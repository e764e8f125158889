import { useSearchParams } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { AUTH_TITLES } from '~/components/auth/auth-dialog'
import { EmailPromptForm } from '~/components/auth/email-prompt-form'
import { LoginForm } from '~/components/auth/login-form'
import { RegisterForm } from '~/components/auth/register-form'
import type { AuthView, OpenOptions } from '~/lib/auth'
import { redirectIfLoggedIn } from '~/lib/auth.server'
import { safeNext } from '~/lib/safe-next'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/auth'

// Spec §6 'checkIfLoggedIn': a signed-in user has nothing to do here.
export async function loader({ context }: Route.LoaderArgs) {
  await redirectIfLoggedIn(context)
  return null
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(new URLSearchParams(location.search).get('type') === 'register' ? 'Załóż konto' : 'Zaloguj się') },
  { name: 'robots', content: 'noindex' },
]

const VIEWS: AuthView[] = ['login', 'register', 'remind', 'resend']

/** /auth and /Auth: the login page; ?type=register shows the registration (the views of the login dialog). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams()
  const type = params.get('type')
  const view: AuthView = VIEWS.includes(type as AuthView) ? (type as AuthView) : 'login'
  const next = safeNext(params.get('next')) ?? '/'
  const email = params.get('email') ?? ''

  const onSwitch = (to: AuthView, opts: OpenOptions = {}) => {
    const p = new URLSearchParams(params)
    if (to === 'login') p.delete('type')
    else p.set('type', to)
    if (opts.email) p.set('email', opts.email)
    else p.delete('email')
    setParams(p, { replace: true, preventScrollReset: true })
  }

  return (
    <AuthCard
      title={AUTH_TITLES[view]}
      wide={view === 'register'}
      intro={view === 'login' ? 'Zaloguj się, aby zarządzać ogłoszeniami, ulubionymi i ustawieniami konta.' : view === 'register' ? 'Dodawaj ogłoszenia i zapisuj ulubione oferty — konto jest bezpłatne.' : undefined}
    >
      {view === 'login' && <LoginForm key={`login-${email}`} onSwitch={onSwitch} next={next} initialEmail={email} />}
      {view === 'register' && <RegisterForm key="register" onSwitch={onSwitch} onDone={() => onSwitch('login')} initialEmail={email} />}
      {(view === 'remind' || view === 'resend') && (
        <EmailPromptForm key={view} kind={view} onSwitch={onSwitch} onDone={() => onSwitch('login', { email })} initialEmail={email} />
      )}
    </AuthCard>
  )
}
