import { Link } from 'react-router'
import type { ListingSummary } from '@portal/contracts/listing'
import { ArrowRightIcon } from '../icons'
import { ListingCard } from '../listing-card'

export function ListingSection({
  id,
  title,
  subtitle,
  listings,
  more,
  scrollOnPhones = false,
}: {
  id: string
  title: string
  subtitle?: string
  listings: ListingSummary[] | null
  more?: { to: string; label: string }
  /** On phones, a swipeable row instead of a long column (used for the promoted strip). */
  scrollOnPhones?: boolean
}) {
  const headingId = `${id}-title`
  return (
    <section aria-labelledby={headingId} className="container-page mt-12 sm:mt-16">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-[28px]">
            {title}
          </h2>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        </div>
        {more && listings && listings.length > 0 && (
          <Link to={more.to} className="inline-flex items-center gap-1 font-semibold text-accent-700 hover:text-accent-800 hover:underline underline-offset-4">
            {more.label}
            <ArrowRightIcon size={18} />
          </Link>
        )}
      </div>
      {listings === null ? (
        <p role="status" className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center text-slate-600">
          Nie udało się wczytać ogłoszeń. Odśwież stronę za chwilę.
        </p>
      ) : listings.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center text-slate-600">
          Nie ma jeszcze ogłoszeń w tej sekcji.
        </p>
      ) : (
        <ul
          className={`${scrollOnPhones ? 'max-sm:-mx-4 max-sm:flex max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-3' : ''} grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4`}
        >
          {listings.map((l) => (
            <li key={l.id} className={`flex ${scrollOnPhones ? 'max-sm:w-[82%] max-sm:shrink-0 max-sm:snap-start' : ''}`}>
              <ListingCard listing={l} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
