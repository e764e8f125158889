import { BellIcon } from '../icons'
import { iconButton } from './styles'

// The bell button's look, shared by the first-paint bell (notifications-menu.tsx) and the loaded panel's trigger.
export const bellButton = `${iconButton} relative`

export function BellContent({ count }: { count: number }) {
  return (
    <>
      <BellIcon size={22} />
      {count > 0 && (
        <span
          data-testid="notifications-badge"
          className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-600 px-1 text-[11px] leading-5 font-bold text-white ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  )
}
