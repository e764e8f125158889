import type { Profile } from '~/lib/user'
import { ChevronDownIcon, UserIcon } from '../icons'
import { UserAvatar } from '../user-avatar'

// The account menu's trigger, shared by the first-paint look-alike (user-menu.tsx) and the real menu
// (user-menu-popover.tsx), so swapping one for the other moves nothing.
export const trigger =
  'inline-flex h-11 shrink-0 cursor-pointer items-center gap-1 rounded-full px-2.5 text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 data-[pressed]:bg-slate-200 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600 focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-accent-600'

export function triggerProps(user: Profile | null) {
  return user
    ? { 'aria-label': `Moje konto: ${user.name}`, className: `${trigger} gap-2 pl-1` }
    : { 'aria-label': 'Moje konto', className: trigger }
}

export function TriggerContent({ user }: { user: Profile | null }) {
  if (!user) {
    return (
      <>
        <UserIcon size={22} />
        <ChevronDownIcon size={16} className="hidden sm:block" />
      </>
    )
  }
  return (
    <>
      <UserAvatar user={user} size={32} />
      <span className="hidden max-w-[16ch] truncate text-[15px] font-medium text-slate-800 xl:block">{user.name.split(/\s+/)[0]}</span>
      <ChevronDownIcon size={16} className="hidden sm:block" />
    </>
  )
}
