import { AvatarSection } from '~/components/account/avatar-section'
import { DeleteAccountSection } from '~/components/account/delete-account-section'
import { NewsletterSection } from '~/components/account/newsletter-section'
import { PasswordSection } from '~/components/account/password-section'
import { ProfileSection } from '~/components/account/profile-section'
import { useAuth } from '~/lib/auth'
import { requireUser } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/settings'

export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await requireUser(context, request) }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Ustawienia konta') }, { name: 'robots', content: 'noindex' }]

/** /ustawienia-konta and /account/AccountSettings. */
export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const auth = useAuth()
  const user = auth.user ?? loaderData.user
  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[760px]">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Ustawienia konta</h1>
        <p className="mt-1 text-[15px] text-slate-600">
          Zalogowano jako <span className="font-medium text-slate-800">{user.email}</span>
        </p>
        <div className="mt-6 flex flex-col gap-5">
          <AvatarSection user={user} />
          <ProfileSection key={user.id} user={user} />
          <PasswordSection />
          <NewsletterSection user={user} />
          <DeleteAccountSection />
        </div>
      </div>
    </div>
  )
}
