import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components'
import { NOTIFICATION_MESSAGES } from '@portal/contracts/plain/notifications'
import type { Notification, NotificationsPage } from '@portal/contracts/notifications'
import { api } from '~/lib/api'
import { XSRF_COOKIE, XSRF_HEADER } from '~/lib/api-client'
import { readCookie } from '~/lib/cookies'
import { BellIcon, InfoIcon, WarningIcon } from '../icons'
import { useOpenOnMount } from '../lazy-part'
import { BellContent, bellButton } from './notifications-bell'

const when = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })

export interface NotificationsPanelProps {
  initialOpen?: boolean
  page: NotificationsPage | null
  setPage: (update: (p: NotificationsPage | null) => NotificationsPage | null) => void
  refresh: () => Promise<void>
  label: string
}

/**
 * The bell's panel (spec §2/§4), loaded on demand by <NotificationsMenu/>: the list in a 340 × 300 px box, or
 * 'Brak nowych powiadomień'; 'Oznacz jako przeczytane' reads all (on 204 the list empties and the count is 0);
 * clicking one calls the single-read call, takes list and count from its answer and opens its link in a new tab.
 * Closes on an outside click.
 */
export function NotificationsPanel({ initialOpen = false, page, setPage, refresh, label }: NotificationsPanelProps) {
  const { trigger, isOpen, setOpen } = useOpenOnMount<HTMLButtonElement>(initialOpen)
  const count = page?.total ?? 0
  const items = page?.data ?? []

  async function markAll() {
    let status = 0
    try {
      await api.patch('/api/user/notifications/deactivate', undefined, { onStatus: (s) => { status = s } })
    } catch {
      return
    }
    if (status === 204) setPage((p) => (p ? { ...p, data: [], total: 0, last_page: 1 } : p))
  }

  async function openOne(n: Notification) {
    // Opened now, in the click's own turn, so the browser does not block it as a popup; the link is set below.
    const tab = n.link ? window.open('about:blank', '_blank') : null
    try {
      const next = await api.get<NotificationsPage>(`/api/user/notifications/deactivate/${n.id}`, {
        headers: await csrfHeader(),
      })
      setPage(() => next)
      if (tab && n.link) {
        tab.opener = null
        tab.location.href = n.link
      }
    } catch {
      tab?.close()
    }
  }

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={(o) => { setOpen(o); if (o) void refresh() }}>
      <Button ref={trigger} aria-label={label} className={bellButton}>
        <BellContent count={count} />
      </Button>
      <Popover
        placement="bottom end"
        offset={8}
        className="w-[300px] max-w-[calc(100vw-16px)] rounded-2xl border border-slate-200 bg-white shadow-card-hover outline-none data-[entering]:animate-toast-in"
      >
        <Dialog aria-labelledby="notifications-title" className="flex max-h-[340px] flex-col outline-none">
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <Heading id="notifications-title" slot="title" className="text-sm font-semibold text-slate-900">
              {NOTIFICATION_MESSAGES.title}
            </Heading>
            {items.length > 0 && (
              <Button onPress={() => void markAll()} className="cursor-pointer rounded text-sm font-medium text-accent-700 outline-none hover:underline data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600">
                {NOTIFICATION_MESSAGES.markAll}
              </Button>
            )}
          </div>
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                <BellIcon size={22} />
              </span>
              <p>{NOTIFICATION_MESSAGES.empty}</p>
            </div>
          ) : (
            <ul aria-label="Lista powiadomień" className="min-h-0 flex-1 overflow-y-auto py-1">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => void openOne(n)}
                    className="flex w-full cursor-pointer gap-3 px-4 py-2.5 text-left outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600"
                  >
                    <span className={`mt-0.5 shrink-0 ${n.type === 'warning' ? 'text-amber-600' : 'text-accent-600'}`}>
                      {n.type === 'warning' ? <WarningIcon size={18} /> : <InfoIcon size={18} />}
                    </span>
                    <span className="min-w-0">
                      <span className="block text-sm leading-snug text-slate-800">{n.message}</span>
                      <span className="mt-0.5 block text-xs text-slate-500">{when.format(new Date(n.created_at))}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}

/** The single-read call is a GET that changes state: it sends the CSRF header like the unsafe methods do. */
async function csrfHeader(): Promise<Record<string, string>> {
  let token = readCookie(XSRF_COOKIE)
  if (!token) {
    await api.get('/api/sanctum/csrf-cookie', { silent: true }).catch(() => undefined)
    token = readCookie(XSRF_COOKIE)
  }
  return token ? { [XSRF_HEADER]: token } : {}
}
