import { useState } from 'react'
import type { PublicOffer } from '@portal/contracts/offer'
import { PlayIcon } from './offer-icons'
import { pressEarly } from '../early-press'

type Video = NonNullable<PublicOffer['videos']['video']>
const LABELS = { video: 'Film', video_2: 'Drugi film', walk_video: 'Wirtualny spacer' } as const

/**
 * Videos without loading anything from YouTube or Vimeo until the visitor asks: a plain placeholder with a play
 * button; the click swaps in the privacy-friendly embed (youtube-nocookie, vimeo dnt=1).
 */
function VideoSlot({ video, label }: { video: Video; label: string }) {
  const [playing, setPlaying] = useState(false)
  const provider = video.provider === 'youtube' ? 'YouTube' : 'Vimeo'
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="relative aspect-video bg-slate-900">
        {playing ? (
          <iframe
            src={`${video.embed_url}${video.embed_url.includes('?') ? '&' : '?'}autoplay=1`}
            title={`${label} (${provider})`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            loading="lazy"
            className="absolute inset-0 size-full"
          />
        ) : (
          <button
            type="button"
            // The listing's details hydrate later: an early press plays once their code is in (decision 042).
            {...pressEarly}
            onClick={() => setPlaying(true)}
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-slate-800 to-slate-900 text-white"
          >
            <PlayIcon size={56} className="text-white/90" />
            <span className="font-semibold">Odtwórz: {label}</span>
            <span className="px-4 text-center text-xs text-slate-300">Po kliknięciu film wczyta się z serwisu {provider}.</span>
          </button>
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-slate-700">
        <span>{label}</span>
        <a href={video.url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-accent-700 hover:underline">
          Otwórz w {provider}
        </a>
      </figcaption>
    </figure>
  )
}

export function Videos({ videos }: { videos: PublicOffer['videos'] }) {
  const list = (Object.keys(LABELS) as (keyof typeof LABELS)[]).flatMap((k) => (videos[k] ? [{ key: k, v: videos[k]! }] : []))
  if (!list.length) return null
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {list.map(({ key, v }) => <VideoSlot key={key} video={v} label={LABELS[key]} />)}
    </div>
  )
}
