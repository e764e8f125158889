import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components'
import type { OfferPhoto } from '@portal/contracts/offer'
import { CameraIcon, CloseIcon } from '../icons'
import { ChevronLeft, ChevronRight, ExpandIcon } from './offer-icons'

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
      <div className="flex aspect-[16/10] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-500">
        <CameraIcon size={40} />
        <span>Brak zdjęć</span>
      </div>
    )
  }
  const go = (d: number) => setIndex((i) => (i + d + photos.length) % photos.length)

  return (
    <div>
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
                <img src={p.url} srcSet={p.srcset} sizes="104px" width={p.width} height={p.height} alt="" loading="lazy" decoding="async" className="relative size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Lightbox photos={photos} index={index} onIndex={setIndex} isOpen={open} onClose={() => setOpen(false)} alt={alt} />
    </div>
  )
}

function GalleryArrow({ dir, onClick, className }: { dir: 'prev' | 'next'; onClick: () => void; className: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={dir === 'prev' ? 'Poprzednie zdjęcie' : 'Następne zdjęcie'}
      className={`absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md transition hover:bg-white ${className}`}
    >
      {dir === 'prev' ? <ChevronLeft size={24} /> : <ChevronRight size={24} />}
    </button>
  )
}

/** Full-screen viewer: ← → switch, Esc closes (react-aria), a horizontal swipe switches on touch screens. */
export function Lightbox({ photos, index, onIndex, isOpen, onClose, alt }: {
  photos: OfferPhoto[]
  index: number
  onIndex: (i: number) => void
  isOpen: boolean
  onClose: () => void
  alt: string
}) {
  const start = useRef<{ x: number; y: number } | null>(null)
  const go = useCallback((d: number) => onIndex((index + d + photos.length) % photos.length), [index, onIndex, photos.length])
  const p = photos[index]

  useEffect(() => {
    if (!isOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') go(-1)
      else if (e.key === 'ArrowRight') go(1)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [isOpen, go])

  if (!p) return null
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onClose()} isDismissable className="fixed inset-0 z-[70] bg-slate-950/95">
      <Modal className="size-full outline-none">
        <Dialog aria-label={`Galeria zdjęć: ${alt}`} className="relative flex size-full flex-col outline-none">
          <div className="flex items-center justify-between px-4 py-3 text-white">
            <p className="text-sm font-medium" aria-live="polite">Zdjęcie {index + 1} z {photos.length}</p>
            <Button
              onPress={onClose}
              aria-label="Zamknij galerię"
              className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-white outline-none hover:bg-white/10 data-[focus-visible]:outline-2 data-[focus-visible]:outline-white"
            >
              <CloseIcon size={26} />
            </Button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none"
            onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
            onPointerUp={(e) => {
              const s = start.current
              start.current = null
              if (!s) return
              const dx = e.clientX - s.x
              if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(e.clientY - s.y)) go(dx < 0 ? 1 : -1)
            }}
          >
            <img
              key={p.id}
              src={p.url}
              srcSet={p.srcset}
              sizes="100vw"
              alt={`${alt} — zdjęcie ${index + 1}`}
              draggable={false}
              className="max-h-full max-w-full object-contain"
            />
            {photos.length > 1 && (
              <>
                <GalleryArrow dir="prev" onClick={() => go(-1)} className="left-2 sm:left-6" />
                <GalleryArrow dir="next" onClick={() => go(1)} className="right-2 sm:right-6" />
              </>
            )}
          </div>
          <p className="px-4 py-3 text-center text-xs text-slate-400">Użyj strzałek ← → lub przesuń palcem, aby przełączać zdjęcia. Esc zamyka.</p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
