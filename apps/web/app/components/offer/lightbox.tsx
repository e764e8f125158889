import { useCallback, useEffect, useRef } from 'react'
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components'
import type { OfferPhoto } from '@portal/contracts/offer'
import { CloseIcon } from '../icons'
import { GalleryArrow } from './gallery-arrow'

/** Full-screen viewer: ← → switch, Esc closes (react-aria), a horizontal swipe switches on touch screens. */
export function Lightbox({ photos, index, onIndex, isOpen, onClose, alt, plans = false }: {
  photos: OfferPhoto[]
  index: number
  onIndex: (i: number) => void
  isOpen: boolean
  onClose: () => void
  alt: string
  /** Floor plans: counted as 'Plan 1 z 2' in a 'Plany' dialog. */
  plans?: boolean
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
        <Dialog aria-label={`${plans ? 'Plany' : 'Galeria zdjęć'}: ${alt}`} className="relative flex size-full flex-col outline-none">
          <div className="flex items-center justify-between px-4 py-3 text-white">
            <p className="text-sm font-medium" aria-live="polite">{plans ? 'Plan' : 'Zdjęcie'} {index + 1} z {photos.length}</p>
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
