import { pressEarly } from '../early-press'
import { FAVORITE_USER_MESSAGES } from '@portal/contracts/plain/favorite-users'
import { useAuth } from '~/lib/auth'
import { useFavoriteUsers } from '~/lib/favorite-users'
import { HeartIcon } from '../icons'

/**
 * The heart on an advertiser card: follow / unfollow (favourite users). Hidden on the user's own card. `labelled`
 * (a profile's header) adds the visible word 'Obserwuj' / 'Obserwujesz'; the state is told by aria-pressed, so the
 * accessible name is the visible one.
 */
export function FollowButton({ userId, name, labelled = false }: { userId: number; name: string; labelled?: boolean }) {
  const auth = useAuth()
  const follow = useFavoriteUsers()
  if (auth.user?.id === userId) return null
  const on = follow.has(userId)
  const state = on ? 'border-accent-200 bg-accent-50 text-accent-700' : 'border-slate-300 bg-white text-slate-700 hover:text-accent-700'
  const focus = 'outline-none transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600'
  // Plain buttons (the listing page paints without react-aria, decision 032); a press while the last one is pending is ignored.
  const toggle = () => { if (!follow.busy(userId)) void follow.toggle(userId) }
  if (labelled) {
    return (
      <button
        type="button"
        {...pressEarly}
        onClick={toggle}
        aria-disabled={follow.busy(userId) || undefined}
        aria-pressed={on}
        data-follow={on ? 'on' : 'off'}
        className={`inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full border px-5 font-semibold ${focus} ${state}`}
      >
        <HeartIcon size={20} className={on ? 'fill-current' : ''} />
        {on ? FAVORITE_USER_MESSAGES.following : FAVORITE_USER_MESSAGES.follow}
      </button>
    )
  }
  return (
    <button
      type="button"
      {...pressEarly}
      onClick={toggle}
      aria-disabled={follow.busy(userId) || undefined}
      aria-pressed={on}
      aria-label={`${on ? FAVORITE_USER_MESSAGES.unfollow : FAVORITE_USER_MESSAGES.follow}: ${name}`}
      className={`inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full border ${focus} ${
        on ? 'border-accent-200 bg-accent-50 text-accent-600' : 'border-slate-200 bg-white text-slate-500 hover:text-accent-600'
      }`}
    >
      <HeartIcon size={20} className={on ? 'fill-current' : ''} />
    </button>
  )
}
