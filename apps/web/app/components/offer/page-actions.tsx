import { useEffect } from 'react'
import { FAVORITE_MESSAGES } from '@portal/contracts/plain/favorites'
import { useFavorites } from '~/lib/favorites'
import { useToast } from '~/lib/toast'
import { HeartIcon } from '../icons'
import { ShareIcon } from './offer-icons'

const pillBase = 'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors'
const pillPlain = 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50'
const pill = `${pillBase} ${pillPlain}`

/**
 * Share (Web Share API, else copy the link) and the favourite heart: a toggle (aria-pressed), flipped at once for
 * users and rolled back when the API refuses; guests get the login dialog.
 */
export function PageActions({ title, offerId, isFavorite }: { title: string; offerId: number; isFavorite: boolean }) {
  const toast = useToast()
  const favorites = useFavorites()
  const favourite = favorites.has(offerId)
  const { remember } = favorites

  // The listing read is fresher than the page-wide id set (another tab may have changed it): adopt its answer.
  useEffect(() => {
    remember(offerId, isFavorite)
  }, [offerId, isFavorite, remember])

  async function share() {
    const url = window.location.href.split('#')[0]!
    if (navigator.share) {
      try {
        await navigator.share({ title, url })
        return
      } catch (err) {
        if ((err as { name?: string }).name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Link do ogłoszenia skopiowany do schowka.')
    } catch {
      toast.info(`Skopiuj link: ${url}`, 8000)
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={() => { if (!favorites.pending(offerId)) void favorites.toggle(offerId) }}
        className={`${pillBase} ${favourite ? 'border-accent-200 bg-accent-50 text-accent-800 hover:border-accent-500 hover:bg-accent-100' : pillPlain}`}
        // The name starts with the visible word (WCAG 2.5.3); aria-pressed tells whether it is saved.
        aria-label={`${favourite ? 'Zapisane' : 'Zapisz'}: ${FAVORITE_MESSAGES.add}`}
        aria-pressed={favourite}
        aria-busy={favorites.pending(offerId) || undefined}
        title={favourite ? FAVORITE_MESSAGES.remove : FAVORITE_MESSAGES.add}
      >
        <HeartIcon size={18} fill={favourite ? 'currentColor' : 'none'} className={favourite ? 'text-accent-600' : undefined} />
        <span>{favourite ? 'Zapisane' : 'Zapisz'}</span>
      </button>
      <button type="button" onClick={share} className={pill}>
        <ShareIcon size={18} /> Udostępnij
      </button>
    </div>
  )
}
