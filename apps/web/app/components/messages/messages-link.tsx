import { Link } from 'react-router'
import { useAuth } from '~/lib/auth'
import { useUnreadMessages } from '~/lib/unread'
import { iconButton } from '../header/styles'

const MailIcon = ({ size = 22 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" />
  </svg>
)

/** The header's messages link with the unread count (signed-in users only). */
export function MessagesLink() {
  const { user } = useAuth()
  const unread = useUnreadMessages(!!user)
  if (!user) return null
  return (
    <Link to="/wiadomosci" aria-label={unread ? `Wiadomości, nieprzeczytane: ${unread}` : 'Wiadomości'} className={`${iconButton} relative`}>
      <MailIcon />
      {unread > 0 && (
        <span aria-hidden="true" className="absolute right-1 top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-600 px-1 text-[11px] font-bold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}
