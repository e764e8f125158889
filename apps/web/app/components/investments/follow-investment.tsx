import { useEffect, useState } from 'react'
import { WATCH_MESSAGES } from '@portal/contracts/plain/watch'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { useToast } from '~/lib/toast'
import { pressEarly } from '../early-press'
import { BellIcon } from '../icons'

/**
 * 'Obserwuj inwestycję' on /inwestycje/{slug} (decision 067): new units, price and status changes then reach the
 * bell (and the daily digest when opted in). The page is cached for everyone, so the state comes from the browser
 * (GET /api/followed-investments/{id}) once a user is known; a guest is asked to log in. Plain button, no extra code.
 */
/** `initial`: the state is known (the followed list): no request for it. */
export function FollowInvestment({ id, initial }: { id: number; initial?: boolean }) {
  const auth = useAuth()
  const toast = useToast()
  const [on, setOn] = useState(initial ?? false)
  const [busy, setBusy] = useState(false)
  const userId = auth.user?.id ?? null

  useEffect(() => {
    if (initial !== undefined) return
    setOn(false)
    if (userId === null) return
    let live = true
    api.get<{ followed: boolean }>(`/api/followed-investments/${id}`, { silent: true })
      .then((r) => { if (live) setOn(r.followed) })
      .catch(() => undefined)
    return () => { live = false }
  }, [id, userId, initial])

  const toggle = async () => {
    if (busy) return
    if (!auth.user) {
      toast.info(WATCH_MESSAGES.loginPrompt)
      auth.open('login', { next: window.location.pathname + window.location.search })
      return
    }
    setBusy(true)
    try {
      if (on) await api.delete(`/api/followed-investments/${id}`)
      else await api.put(`/api/followed-investments/${id}`)
      setOn(!on)
      toast.success(on ? WATCH_MESSAGES.unfollowed : WATCH_MESSAGES.followed)
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast.error(WATCH_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      {...pressEarly}
      onClick={() => void toggle()}
      aria-pressed={on}
      aria-disabled={busy || undefined}
      data-follow-investment={on ? 'on' : 'off'}
      className={`inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full border px-5 font-semibold outline-none transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
        on ? 'border-accent-200 bg-accent-50 text-accent-700' : 'border-slate-300 bg-white text-slate-700 hover:text-accent-700'
      }`}
    >
      <BellIcon size={20} className={on ? 'fill-current' : ''} />
      {on ? WATCH_MESSAGES.following : WATCH_MESSAGES.follow}
    </button>
  )
}
