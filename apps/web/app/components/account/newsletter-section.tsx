import { useState } from 'react'
import { Switch } from 'react-aria-components'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { useToast } from '~/lib/toast'
import type { Profile } from '~/lib/user'
import { SettingsSection } from './section'

/** PATCH /api/user/profile/newsletter {newsletter}. */
export function NewsletterSection({ user }: { user: Profile }) {
  const auth = useAuth()
  const toast = useToast()
  const [pending, setPending] = useState(false)

  async function toggle(newsletter: boolean) {
    setPending(true)
    try {
      const res = await api.patch<{ newsletter: boolean }>('/api/user/profile/newsletter', { newsletter })
      auth.update({ ...user, newsletter: res?.newsletter ?? newsletter })
      toast.success(newsletter ? 'Zapisano Cię do newslettera' : 'Wypisano Cię z newslettera', 3000)
    } catch (err) {
      if (err instanceof ApiError && !err.handled) toast.error(err.message)
    } finally {
      setPending(false)
    }
  }

  return (
    <SettingsSection title="Newsletter">
      <Switch
        isSelected={user.newsletter}
        onChange={toggle}
        isDisabled={pending}
        className="group flex min-h-11 cursor-pointer items-center justify-between gap-4 text-[15px] text-slate-700 data-[disabled]:cursor-wait"
      >
        <span>Chcę otrzymywać newsletter z nowymi ofertami i poradami</span>
        <span
          aria-hidden="true"
          className="flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition-colors group-data-[selected]:bg-accent-600 group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent-600"
        >
          <span className="size-6 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
        </span>
      </Switch>
    </SettingsSection>
  )
}
