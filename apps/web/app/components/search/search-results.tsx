import { lazy, Suspense, useMemo, useState } from 'react'
import { Link, useLocation, useNavigate, useNavigation } from 'react-router'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { DEFAULT_RADIUS_KM, SORT_LABELS, SORTS, type SearchSort } from '@portal/contracts/plain/search'
import type { SearchResponse } from '@portal/contracts/search'
import { activeChips, formFromParams, searchUrl } from '~/lib/search-form'
import type { Crumb } from '~/lib/search-landing'
import type { SearchPlace } from '~/lib/search-location'
import { ListingCard } from '../listing-card'
import { InvestmentGroups } from './investment-groups'
import type { InvestmentGroup } from '@portal/contracts/investments'
import { AlertIcon, CloseIcon, SearchIcon } from '../icons'
import { SelectField } from './controls'
import { FiltersPanel } from './filters-panel'
import { hydrateLater } from '../hydrate-later'
// Hydrated with the page: a person presses it right away (a press on the server's HTML before an idle load did nothing).

// 'Zapisz wyszukiwanie' (with its messages) and the pages at the bottom are server-rendered and hydrated when the
// browser is idle (decision 040); the pages are links, so they work before.
const Pagination = hydrateLater(() => import('./pagination').then((m) => m.Pagination))
// Server-rendered; its code (and the saved-search texts and helpers) when the browser is idle: a press before that
// is replayed (pressEarly). Keeps /szukaj's first paint within its budget (e2e/speed.spec.ts).
const SaveSearchButton = hydrateLater(() => import('../engagement/save-search-button').then((m) => m.SaveSearchButton))

// Leaflet and the map code load only when the map is shown, in the browser.
const ResultsMap = lazy(() => import('../map/results-map'))

export interface ResultsData {
  result: SearchResponse | null
  /** A 422 from the API (a malformed parameter) or a failed call. */
  error: { message: string; errors?: Record<string, string[]> } | null
  tileUrl: string | null
  /** The labels of the query's places (`lokalizacje`, decision 069), looked up on the server. */
  places?: SearchPlace[]
  /** A primary-market search's units grouped by investment (issue 27). */
  investments?: InvestmentGroup[]
}

const VIEW_PARAM = 'widok'

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Ścieżka nawigacji" className="mb-3 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <li key={c.to} className="inline-flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">›</span>}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-800">
                {c.label}
              </span>
            ) : (
              <Link to={c.to} className="text-accent-700 hover:underline">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function ViewToggle({ map, hrefFor }: { map: boolean; hrefFor: (map: boolean) => string }) {
  const item = (on: boolean) =>
    `inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold transition-colors ${on ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`
  return (
    <div role="group" aria-label="Widok wyników" className="inline-flex rounded-xl bg-slate-100 p-1">
      <Link to={hrefFor(false)} aria-current={!map ? 'true' : undefined} className={item(!map)} replace preventScrollReset>
        Lista
      </Link>
      <Link to={hrefFor(true)} aria-current={map ? 'true' : undefined} className={item(map)} replace preventScrollReset>
        Mapa
      </Link>
    </div>
  )
}

/**
 * The results screen shared by /szukaj and the landing pages: heading with the Polish-plural count, filters,
 * removable chips, sort, list or map, pagination and an empty state that suggests widening the search.
 */
export function SearchResults({ data, heading, crumbs, apiParams, priceLink }: {
  data: ResultsData
  /** A city landing page's link to its market prices (issue 26). */
  priceLink?: { href: string; label: string } | null
  heading: string
  crumbs?: Crumb[]
  /** The query the API was asked (a landing page adds its category, offer type and city to the URL's). */
  apiParams: string
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const busy = navigation.state === 'loading' && navigation.location?.pathname === location.pathname
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const apiSearch = useMemo(() => new URLSearchParams(apiParams), [apiParams])
  const form = useMemo(() => formFromParams(apiSearch, data.places, data.result?.investment), [apiSearch, data.places, data.result?.investment])
  const chips = activeChips(form)
  const sort = (params.get('sortuj') ?? params.get('sort') ?? 'newest') as SearchSort
  const map = params.get(VIEW_PARAM) === 'mapa'
  const { result, error } = data
  const [mapCount, setMapCount] = useState<number | null>(null)

  const withParam = (key: string, value: string | null, dropPage = true) => {
    const p = new URLSearchParams(params)
    if (value === null) p.delete(key)
    else p.set(key, value)
    if (dropPage) p.delete('page')
    const s = p.toString()
    return `${location.pathname}${s ? `?${s}` : ''}`
  }
  const pageHref = (n: number) => withParam('page', n > 1 ? String(n) : null, false)
  const sortExtra = sort !== 'newest' ? { sort } : undefined
  const wider = form.location ? Math.max(DEFAULT_RADIUS_KM, Number(form.radius) || DEFAULT_RADIUS_KM) * 3 : null

  return (
    <div className="container-page py-6 sm:py-8">
      {crumbs && <Breadcrumbs crumbs={crumbs} />}
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
          <p className="mt-1 text-[15px] text-slate-600" aria-live="polite" data-results-count>
            {result ? (result.total > 0 ? `Znaleziono ${result.total_estimated ? 'około ' : ''}${countLabel(result.total, LISTING_FORMS)}` : 'Brak ogłoszeń') : '\u00a0'}
          </p>
          {priceLink && (
            <Link to={priceLink.href} className="mt-1 inline-block text-sm font-medium text-accent-700 hover:underline">{priceLink.label}</Link>
          )}
        </div>
        <SaveSearchButton apiParams={apiParams} places={data.places} investment={data.result?.investment?.name} />
      </div>

      <FiltersPanel key={apiParams} initial={form} sort={sort !== 'newest' ? sort : undefined} />

      {chips.length > 0 && (
        <ul aria-label="Aktywne filtry" className="mt-4 flex flex-wrap gap-2">
          {chips.map((c) => (
            <li key={c.key}>
              <Link
                to={searchUrl(c.without, sortExtra)}
                aria-label={`Usuń filtr: ${c.label}`}
                className="inline-flex h-9 items-center gap-1.5 rounded-full border border-accent-200 bg-accent-50 pl-3.5 pr-2.5 text-sm font-medium text-accent-800 transition-colors hover:border-accent-600"
              >
                {c.label}
                <CloseIcon size={14} />
              </Link>
            </li>
          ))}
          {chips.length > 1 && (
            <li>
              <Link to="/szukaj" className="inline-flex h-9 items-center px-2 text-sm font-semibold text-slate-700 hover:text-accent-700 hover:underline">
                Wyczyść wszystkie
              </Link>
            </li>
          )}
        </ul>
      )}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <ViewToggle map={map} hrefFor={(m) => withParam(VIEW_PARAM, m ? 'mapa' : null, false)} />
        <SelectField
          label="Sortuj"
          hideLabel
          value={sort}
          onChange={(v) => navigate(withParam('sortuj', v === 'newest' ? null : v), { preventScrollReset: true })}
          className="w-full sm:w-auto sm:min-w-64"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {`Sortuj: ${SORT_LABELS[s].toLowerCase()}`}
            </option>
          ))}
        </SelectField>
      </div>

      {error && (
        <div role="alert" className="mt-6 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
          <AlertIcon size={22} className="mt-0.5 shrink-0" />
          <div>
            <p className="font-semibold">{error.errors ? 'Nie możemy wykonać tego wyszukiwania — popraw parametry:' : error.message}</p>
            {error.errors && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {Object.entries(error.errors).map(([k, msgs]) => (
                  <li key={k}>
                    <code className="font-mono">{k}</code>: {msgs.join(' ')}
                  </li>
                ))}
              </ul>
            )}
            <Link to="/szukaj" className="mt-2 inline-block text-sm font-semibold underline">
              Zacznij wyszukiwanie od nowa
            </Link>
          </div>
        </div>
      )}

      {data.investments && <InvestmentGroups groups={data.investments} />}

      <section aria-label="Wyniki wyszukiwania" aria-busy={busy} className={`mt-6 transition-opacity ${busy ? 'opacity-60' : ''}`}>
        {map ? (
          // Wide screens: the list beside the map (as on Otodom); narrower ones: the map alone.
          <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start xl:gap-6" data-map-layout>
            {result && result.data.length > 0 && (
              <ul className="hidden gap-5 xl:grid xl:grid-cols-2" aria-label="Lista wyników obok mapy">
                {/* Lazy like every card here (decision 036): an eager photo is preloaded in the head, also on a phone,
                    where this list is hidden. */}
                {result.data.map((l) => (
                  <li key={l.id} className="flex">
                    <ListingCard listing={l} priority={false} />
                  </li>
                ))}
              </ul>
            )}
            <div className="xl:sticky xl:top-24">
              <Suspense fallback={<div className="h-[min(70vh,640px)] animate-pulse rounded-2xl bg-slate-100" />}>
                <ResultsMap apiParams={apiParams} tileUrl={data.tileUrl} listings={result?.data ?? []} onCount={setMapCount} />
              </Suspense>
              {mapCount !== null && (
                <p className="mt-2 text-sm text-slate-600">
                  Na widocznym obszarze: {countLabel(mapCount, LISTING_FORMS)}
                </p>
              )}
            </div>
          </div>
        ) : result && result.data.length > 0 ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {result.data.map((l) => (
              <li key={l.id} className="flex">
                <ListingCard listing={l} priority={false} />
              </li>
            ))}
          </ul>
        ) : result ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
            <SearchIcon size={36} className="mx-auto text-slate-400" />
            <h2 className="mt-3 text-xl font-bold text-slate-900">Nie znaleźliśmy ogłoszeń dla tych kryteriów</h2>
            <p className="mx-auto mt-2 max-w-lg text-slate-600">Spróbuj poszerzyć wyszukiwanie: usuń część filtrów albo szukaj w większej odległości.</p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              {wider && (
                <Link
                  to={searchUrl({ ...form, radius: String(wider) }, sortExtra)}
                  className="inline-flex h-11 items-center rounded-xl bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
                >
                  Szukaj w promieniu {wider} km
                </Link>
              )}
              {chips.slice(-3).map((c) => (
                <Link
                  key={c.key}
                  to={searchUrl(c.without, sortExtra)}
                  className="inline-flex h-11 items-center rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50"
                >
                  Bez: {c.label}
                </Link>
              ))}
              {chips.length > 0 && (
                <Link to="/szukaj" className="inline-flex h-11 items-center rounded-xl px-4 font-semibold text-accent-700 hover:underline">
                  Usuń wszystkie filtry
                </Link>
              )}
            </div>
          </div>
        ) : !error ? (
          <p role="alert" className="rounded-2xl bg-slate-50 p-6 text-center text-slate-700">
            Nie udało się wczytać wyników. Odśwież stronę za chwilę.
          </p>
        ) : null}
      </section>

      {result && (
        <div className={map ? 'hidden xl:block' : undefined}>
          <Pagination page={result.page} last={result.last_page} hrefFor={pageHref} />
        </div>
      )}
    </div>
  )
}
