import { useState } from 'react'
import { WATCH_MESSAGES } from '@portal/contracts/plain/watch'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useToast } from '~/lib/toast'

/** The opt-in of the daily e-mail digest of price changes (off by default; decision 067), on /ulubione. */
export function DigestToggle({ initial }: { initial: boolean }) {
  const toast = useToast()
  const [on, setOn] = useState(initial)
  const [busy, setBusy] = useState(false)
  const change = async (next: boolean) => {
    setOn(next)
    setBusy(true)
    try {
      await api.put('/api/user/watch-settings', { email_digest: next })
      toast.success(next ? WATCH_MESSAGES.digestOn : WATCH_MESSAGES.digestOff)
    } catch (err) {
      setOn(!next)
      if (!(err instanceof ApiError && err.handled)) toast.error(WATCH_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <label className="mt-4 flex cursor-pointer items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:max-w-2xl">
      <input
        type="checkbox"
        checked={on}
        disabled={busy}
        onChange={(e) => void change(e.target.checked)}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent-600"
      />
      <span>
        <span className="block font-semibold text-slate-900">{WATCH_MESSAGES.digestLabel}</span>
        <span className="block text-sm text-slate-600">{WATCH_MESSAGES.digestHint}</span>
      </span>
    </label>
  )
}
