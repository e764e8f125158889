import { Link } from 'react-router'
import { FAVORITE_USER_MESSAGES, USER_TYPE_LABELS } from '@portal/contracts/plain/favorite-users'
import type { FavoriteUser } from '@portal/contracts/favorite-users'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { initials } from '~/lib/user'
import { HeartIcon } from '../icons'
import { FollowButton } from './follow-button'

/** The 'Obserwowani' tab: followed advertisers (each name links to their profile) with their active listings count; the heart unfollows. */
export function FavoriteUsersList({ items }: { items: FavoriteUser[] }) {
  // An unfollowed card stays until the page reloads, its heart shown empty, so a mis-tap is one tap to undo.
  if (!items.length) {
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <HeartIcon size={36} className="mx-auto text-accent-600" />
        <p className="mx-auto mt-3 max-w-lg text-slate-700">{FAVORITE_USER_MESSAGES.empty}</p>
      </div>
    )
  }
  return (
    <ul aria-label={FAVORITE_USER_MESSAGES.tab} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((u) => {
        const shown = u.company_name && u.type !== 'user' ? u.company_name : u.name
        return (
          <li key={u.id} className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card">
            {u.avatar ? (
              <img src={u.avatar} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-100 text-lg font-bold text-accent-700">
                {initials(shown)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-bold text-slate-900">
                <Link to={u.profile_url} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600">{shown}</Link>
              </p>
              <p className="text-sm text-slate-600">{USER_TYPE_LABELS[u.type]}{u.city ? ` · ${u.city}` : ''}</p>
              <p className="text-sm text-slate-600">{countLabel(u.offers_count, LISTING_FORMS)}</p>
            </div>
            <FollowButton userId={u.id} name={shown} />
          </li>
        )
      })}
    </ul>
  )
}
