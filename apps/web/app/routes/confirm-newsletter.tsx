import { Link } from 'react-router'
import { NEWSLETTER_MESSAGES } from '@portal/contracts/plain/newsletter'
import { AuthCard } from '~/components/auth/auth-card'
import { TokenLinkStatus } from '~/components/auth/token-link-status'
import { buttonStyles } from '~/components/form'
import { api } from '~/lib/api'
import { pageTitle } from '~/lib/site'
import { useTokenLink } from '~/lib/use-token-link'
import type { Route } from './+types/confirm-newsletter'

export const meta: Route.MetaFunction = () => [{ title: pageTitle(NEWSLETTER_MESSAGES.confirmTitle) }, { name: 'robots', content: 'noindex' }]

/** /potwierdz-newsletter?token=…: confirms the sign-up from the e-mailed link (PATCH /api/newsletter) and says so. */
export default function ConfirmNewsletter() {
  const state = useTokenLink((token) => api.patch('/api/newsletter', { token }, { silent: true }), NEWSLETTER_MESSAGES.tokenInvalid)
  return (
    <AuthCard title={NEWSLETTER_MESSAGES.confirmTitle}>
      <TokenLinkStatus state={state} pending={NEWSLETTER_MESSAGES.confirming} done={() => NEWSLETTER_MESSAGES.active} />
      <p className="mt-6">
        <Link to="/" className={`${buttonStyles.primary} w-full`}>Przejdź na stronę główną</Link>
      </p>
    </AuthCard>
  )
}
