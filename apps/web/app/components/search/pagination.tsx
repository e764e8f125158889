import { Link } from 'react-router'
import { ArrowRightIcon } from '../icons'

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, last: number): (number | '…')[] {
  const out: (number | '…')[] = []
  const from = Math.max(2, page - 2)
  const to = Math.min(last - 1, page + 2)
  out.push(1)
  if (from > 2) out.push('…')
  for (let p = from; p <= to; p++) out.push(p)
  if (to < last - 1) out.push('…')
  if (last > 1) out.push(last)
  return out
}

const cell = 'inline-flex h-11 min-w-11 items-center justify-center rounded-xl px-3 text-[15px] font-semibold transition-colors'

/** Shareable page links (?page=N); page 1 has no parameter. */
export function Pagination({ page, last, hrefFor }: { page: number; last: number; hrefFor: (p: number) => string }) {
  if (last <= 1) return null
  return (
    <nav aria-label="Strony wyników" className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${cell} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
          <ArrowRightIcon size={18} className="rotate-180" />
          <span className="max-sm:sr-only">Poprzednia</span>
        </Link>
      )}
      {pageWindow(page, last).map((p, i) =>
        p === '…' ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-label={`Strona ${p}`}
            aria-current={p === page ? 'page' : undefined}
            className={`${cell} ${p === page ? 'bg-accent-600 text-white' : 'text-slate-800 hover:bg-slate-100'} ${Math.abs(p - page) > 1 && p !== 1 && p !== last ? 'max-sm:hidden' : ''}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < last && (
        <Link to={hrefFor(page + 1)} rel="next" className={`${cell} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
          <span className="max-sm:sr-only">Następna</span>
          <ArrowRightIcon size={18} />
        </Link>
      )}
    </nav>
  )
}
