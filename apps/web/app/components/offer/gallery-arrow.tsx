import { ChevronLeft, ChevronRight } from './offer-icons'

/** ← / → over a photo, in the gallery and in the full-screen viewer. */
export function GalleryArrow({ dir, onClick, className }: { dir: 'prev' | 'next'; onClick: () => void; className: string }) {
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
