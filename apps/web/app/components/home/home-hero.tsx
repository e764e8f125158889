import { useId } from 'react'
import { Link } from 'react-router'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { POPULAR_CITIES as POPULAR } from '~/lib/home-search'
import { HomeSearchPanel } from '../search/home-search-panel'
/** Home hero: the heading, the advanced search panel and popular cities. */
export function HomeHero({ total }: { total: number | null }) {
  const id = useId()

  return (
    <section className="relative isolate overflow-hidden border-b border-slate-100 bg-gradient-to-b from-accent-50 via-white to-white">
      <div className="container-page relative py-10 sm:py-16 lg:py-20">
        <h1 className="max-w-2xl text-[32px] font-extrabold leading-[1.1] tracking-tight text-slate-900 sm:text-5xl">
          Znajdź Twoje miejsce...
        </h1>
        <p className="mt-3 max-w-xl text-lg text-slate-600">
          {total ? `${countLabel(total, LISTING_FORMS)} mieszkań, domów, działek i lokali` : 'Mieszkania, domy, działki i lokale'} od
          właścicieli, agencji i deweloperów w całej Polsce.
        </p>

        <HomeSearchPanel />

        <nav aria-labelledby={`${id}-cities`} className="mt-6">
          <h2 id={`${id}-cities`} className="mb-2 text-sm font-semibold text-slate-700">
            Popularne miasta
          </h2>
          <ul className="flex flex-wrap gap-2">
            {POPULAR.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/nieruchomosci/sprzedaz/${c.slug}`}
                  className="inline-flex h-9 items-center rounded-full border border-slate-200 bg-white px-3.5 text-sm text-slate-700 transition-colors hover:border-accent-200 hover:bg-accent-50 hover:text-accent-700"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* After the content: anchored to the section's bottom, it would move down while a slow device is still parsing
          the content above it (a layout shift of up to 0.08 at 6x CPU throttling). Under it: -z-10 in the isolated section. */}
      <svg
        aria-hidden="true"
        className="pointer-events-none absolute -z-10 -right-24 bottom-0 hidden h-[260px] w-[720px] text-accent-200/80 xl:block"
        viewBox="0 0 720 260"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M0 259h720M40 259V150h70v109M110 259V90h60v169M185 259V170l45-40 45 40v89M290 259V60h80v199M385 259V130h55v129M455 259V180l40-34 40 34v79M550 259V100h70v159M635 259V160h60v99" />
        <path d="M305 80h16M337 80h16M305 110h16M337 110h16M305 140h16M337 140h16M125 110h12M145 110h12M125 140h12M145 140h12M565 120h14M590 120h14M565 150h14M590 150h14" />
      </svg>
    </section>
  )
}
