import { useAuth } from '~/lib/auth'
import { useToast } from '~/lib/toast'
import { HeartIcon } from '../icons'
import { ShareIcon } from './offer-icons'

const pill =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 transition-colors hover:border-slate-400 hover:bg-slate-50'

/** Share (Web Share API, else copy the link) and the favourite heart (favourites arrive with a later issue). */
export function PageActions({ title }: { title: string }) {
  const toast = useToast()
  const auth = useAuth()

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

  function favourite() {
    if (!auth.user) {
      toast.info('Zaloguj się, aby zapisywać ogłoszenia w ulubionych.')
      auth.open('login', { next: window.location.pathname })
      return
    }
    toast.info('Ulubione będą dostępne wkrótce.')
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={favourite} className={pill} aria-label="Dodaj do ulubionych">
        <HeartIcon size={18} /> <span>Zapisz</span>
      </button>
      <button type="button" onClick={share} className={pill}>
        <ShareIcon size={18} /> Udostępnij
      </button>
    </div>
  )
}
