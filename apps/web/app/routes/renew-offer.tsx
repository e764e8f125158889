import { Link } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { TokenLinkStatus } from '~/components/auth/token-link-status'
import { buttonStyles } from '~/components/form'
import { api } from '~/lib/api'
import { formatDate } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import { useTokenLink } from '~/lib/use-token-link'
import type { Route } from './+types/renew-offer'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Przedłużenie ogłoszenia') }, { name: 'robots', content: 'noindex' }]

type Renewed = { id: number; slug: string; title: string; expires_at: string }

/** /przedluz-ogloszenie?token=…: the reminder mail's one-click renewal (no login needed; the link works once). */
export default function RenewOffer() {
  const state = useTokenLink((token) => api.post<Renewed>('/api/offers/renew-link', { token }, { silent: true }),
    'Ten link do przedłużenia jest nieprawidłowy albo został już użyty.',
    (err) => (err.status === 409 ? 'Tego ogłoszenia nie można już przedłużyć.' : null))
  return (
    <AuthCard title="Przedłużenie ogłoszenia">
      <TokenLinkStatus state={state} pending="Przedłużamy ogłoszenie…"
        done={(offer) => `Ogłoszenie „${offer.title}” jest aktywne do ${formatDate(offer.expires_at)}.`} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {state.kind === 'done' && <Link to={`/ogloszenia/${state.result.slug}`} className={`${buttonStyles.primary} flex-1`}>Zobacz ogłoszenie</Link>}
        <Link to="/moje-ogloszenia" className={`${buttonStyles.secondary} flex-1`}>Moje ogłoszenia</Link>
      </div>
    </AuthCard>
  )
}
