import { lazy, Suspense, useState, type ComponentProps } from 'react'
import type { OfferPhoto } from '@portal/contracts/offer'
import { CameraIcon } from '../icons'
import { ExpandIcon } from './offer-icons'
import { GalleryArrow } from './gallery-arrow'

/** The main photo fills the page column (up to 800 px wide on desktop). */
const MAIN_SIZES = '(min-width: 1024px) 800px, 100vw'

function Blur({ src }: { src: string | null }) {
  if (!src) return null
  return <div aria-hidden="true" className="absolute inset-0 scale-110 bg-cover bg-center blur-xl" style={{ backgroundImage: `url("${src}")` }} />
}

/**
 * Gallery on top of the listing page (design brief): the first photo is the LCP image (eager, fetchpriority high,
 * fixed aspect box so nothing shifts), thumbnails below are lazy; a click opens the full-screen viewer.
 */
export function Gallery({ photos, alt }: { photos: OfferPhoto[]; alt: string }) {
  const [index, setIndex] = useState(0)
  const [open, setOpen] = useState(false)
  const current = photos[index]

  if (!photos.length || !current) {
    return (
      <div className="flex aspect-[16/10] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-600">
        <CameraIcon size={40} />
        <span>Brak zdjęć</span>
      </div>
    )
  }
  const go = (d: number) => setIndex((i) => (i + d + photos.length) % photos.length)

  return (
    <div onPointerEnter={prefetchLightbox} onFocus={prefetchLightbox}>
      <div className="relative overflow-hidden rounded-none bg-slate-900 sm:rounded-2xl">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="relative block aspect-[4/3] w-full cursor-zoom-in overflow-hidden sm:aspect-[16/10] lg:aspect-[3/2]"
          aria-label={`Otwórz galerię na pełnym ekranie (zdjęcie ${index + 1} z ${photos.length})`}
        >
          <Blur src={current.placeholder} />
          <img
            key={current.id}
            src={current.url}
            srcSet={current.srcset}
            sizes={MAIN_SIZES}
            width={current.width}
            height={current.height}
            alt={`${alt} — zdjęcie ${index + 1}`}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            // The page's scripts load once this photo was painted (decision 036, lib/defer-module-scripts.server.ts).
            elementtiming={index === 0 ? 'lcp-photo' : undefined}
            decoding={index === 0 ? 'sync' : 'async'}
            className="relative size-full object-contain"
          />
        </button>
        {photos.length > 1 && (
          <>
            <GalleryArrow dir="prev" onClick={() => go(-1)} className="left-3" />
            <GalleryArrow dir="next" onClick={() => go(1)} className="right-3" />
          </>
        )}
        <span className="pointer-events-none absolute bottom-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-slate-900/75 px-3 py-1 text-sm font-medium text-white">
          <CameraIcon size={16} />
          {index + 1} / {photos.length}
        </span>
        <span aria-hidden="true" className="pointer-events-none absolute bottom-3 right-3 hidden items-center gap-1.5 rounded-full bg-slate-900/75 px-3 py-1 text-sm font-medium text-white sm:inline-flex">
          <ExpandIcon size={16} /> Pełny ekran
        </span>
      </div>
      {photos.length > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:px-0" aria-label="Miniatury zdjęć">
          {photos.map((p, i) => (
            <li key={p.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Pokaż zdjęcie ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className={`relative block h-16 w-24 overflow-hidden rounded-lg bg-slate-100 ring-2 ring-offset-1 transition sm:h-[72px] sm:w-[104px] ${i === index ? 'ring-accent-600' : 'ring-transparent hover:ring-slate-300'}`}
              >
                <Blur src={p.placeholder} />
                {/* Low priority: on a phone the strip is in the first screen, and the browser would raise these to high
                    beside the LCP photo above them (decision 041). */}
                <img src={p.url} srcSet={p.srcset} sizes="104px" width={p.width} height={p.height} alt="" loading="lazy" fetchPriority="low" decoding="async" className="relative size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Lightbox photos={photos} index={index} onIndex={setIndex} isOpen={open} onClose={() => setOpen(false)} alt={alt} />
    </div>
  )
}

// The full-screen viewer (react-aria Modal) is not part of the first paint: it loads when the gallery is hovered or
// focused, and at the latest when it opens (issue 16).
const loadLightbox = () => import('./lightbox')
const LightboxImpl = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })))
export const prefetchLightbox = () => void loadLightbox().catch(() => {})

/** Full-screen viewer: ← → switch, Esc closes, a swipe switches on touch screens (lightbox.tsx, loaded on demand). */
export function Lightbox(props: ComponentProps<typeof LightboxImpl>) {
  if (!props.isOpen) return null
  return (
    <Suspense fallback={null}>
      <LightboxImpl {...props} />
    </Suspense>
  )
}
