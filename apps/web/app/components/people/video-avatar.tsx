import { useState } from 'react'
import { parseVideoUrl } from '@portal/contracts/offer'
import { PlayIcon } from '../offer/offer-icons'

/** The video avatar: nothing loads from YouTube or Vimeo until the visitor clicks (then the privacy-friendly embed). */
export function VideoAvatar({ url, name }: { url: string; name: string }) {
  const [playing, setPlaying] = useState(false)
  const video = parseVideoUrl(url)
  if (!video) return null
  const provider = video.provider === 'youtube' ? 'YouTube' : 'Vimeo'
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900">
      {playing ? (
        <iframe src={`${video.embed_url}${video.embed_url.includes('?') ? '&' : '?'}autoplay=1`} title={`Film: ${name} (${provider})`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen className="absolute inset-0 size-full" />
      ) : (
        <button type="button" onClick={() => setPlaying(true)}
          className="absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-2 bg-gradient-to-br from-slate-800 to-slate-900 text-white">
          <PlayIcon size={48} className="text-white/90" />
          <span className="font-semibold">Odtwórz film — {name}</span>
          <span className="px-4 text-center text-xs text-slate-300">Po kliknięciu film wczyta się z serwisu {provider}.</span>
        </button>
      )}
    </div>
  )
}
