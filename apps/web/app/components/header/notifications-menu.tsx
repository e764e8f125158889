import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components'
import { BellIcon } from '../icons'
import { iconButton } from './styles'

/**
 * The bell (spec §4): a plain bell without notifications, and a panel that says so. Notifications of logged-in
 * users come with the account issue; until then the list is honestly empty.
 */
export function NotificationsMenu() {
  return (
    <DialogTrigger>
      <Button aria-label="Powiadomienia" className={iconButton}>
        <BellIcon size={22} />
      </Button>
      <Popover
        placement="bottom end"
        offset={8}
        className="w-[300px] max-w-[calc(100vw-16px)] rounded-2xl border border-slate-200 bg-white shadow-card-hover outline-none data-[entering]:animate-toast-in"
      >
        <Dialog aria-labelledby="notifications-title" className="max-h-[340px] overflow-auto p-4 outline-none">
          <Heading id="notifications-title" slot="title" className="text-sm font-semibold text-slate-900">
            Powiadomienia
          </Heading>
          <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-600">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
              <BellIcon size={22} />
            </span>
            <p>Brak nowych powiadomień</p>
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
