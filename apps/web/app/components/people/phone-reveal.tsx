import { useState } from 'react'
import { pressEarly } from '../early-press'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { solveCaptcha } from '~/lib/captcha'
import { useToast } from '~/lib/toast'
import { plainPrimaryButton } from '../plain-fields'
import { PhoneIcon } from '../offer/offer-icons'

/** 'Pokaż numer': the number comes from the API only on request, behind the captcha and the per-IP limit. */
export function PhoneReveal({ endpoint }: { endpoint: string }) {
  const toast = useToast()
  const [phone, setPhone] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  async function reveal() {
    if (busy) return
    setBusy(true)
    try {
      const captcha = await solveCaptcha()
      const r = await api.post<{ phone: string | null }>(endpoint, captcha ? { captcha } : {}, { silent: true })
      setPhone(r?.phone ?? null)
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 429 ? 'Zbyt wiele prób. Spróbuj ponownie później.' : 'Nie udało się pokazać numeru. Spróbuj ponownie.')
    } finally {
      setBusy(false)
    }
  }

  if (phone === undefined) {
    return (
      // A plain button: the listing page paints without react-aria (decision 032).
      <button type="button" {...pressEarly} onClick={() => void reveal()} aria-disabled={busy || undefined} className={`${plainPrimaryButton} w-full`}>
        <PhoneIcon size={18} /> Pokaż numer
      </button>
    )
  }
  return phone ? (
    <a href={`tel:${phone.replace(/\s+/g, '')}`} className={`${plainPrimaryButton} w-full`}>
      <PhoneIcon size={18} /> Zadzwoń: {phone}
    </a>
  ) : (
    <p className="rounded-xl bg-slate-50 px-4 py-3 text-center text-sm text-slate-600">Nie podano numeru telefonu. Napisz wiadomość.</p>
  )
}
