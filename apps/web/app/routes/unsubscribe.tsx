import { Link } from 'react-router'
import { NEWSLETTER_MESSAGES } from '@portal/contracts/plain/newsletter'
import { AuthCard } from '~/components/auth/auth-card'
import { TokenLinkStatus } from '~/components/auth/token-link-status'
import { buttonStyles } from '~/components/form'
import { api } from '~/lib/api'
import { pageTitle } from '~/lib/site'
import { useTokenLink } from '~/lib/use-token-link'
import type { Route } from './+types/unsubscribe'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Wypisz się') }, { name: 'robots', content: 'noindex' }]

/**
 * /wypisz?token=…: the unsubscribe link of alert and newsletter mails. Opening it unsubscribes (the mail clients'
 * one-click POST goes to the same address, answered by the API outside /api).
 */
export default function Unsubscribe() {
  const state = useTokenLink(
    (token) => api.post<{ kind: 'saved-search' | 'newsletter' | 'watch-digest'; message: string }>('/api/unsubscribe', { token }, { silent: true }),
    NEWSLETTER_MESSAGES.unsubscribeInvalid)
  return (
    <AuthCard title="Wypisz się">
      <TokenLinkStatus state={state} pending="Wypisujemy Cię…" done={(r) => r.message} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {state.kind === 'done' && state.result.kind === 'saved-search' && (
          <Link to="/ulubione?tab=wyszukiwania" className={`${buttonStyles.secondary} flex-1`}>Zapisane wyszukiwania</Link>
        )}
        {state.kind === 'done' && state.result.kind === 'watch-digest' && (
          <Link to="/ulubione" className={`${buttonStyles.secondary} flex-1`}>Ulubione</Link>
        )}
        <Link to="/" className={`${buttonStyles.primary} flex-1`}>Strona główna</Link>
      </div>
    </AuthCard>
  )
}
