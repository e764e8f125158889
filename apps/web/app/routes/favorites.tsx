import { useEffect, useRef } from 'react'
import { data, Link, redirect, useRevalidator } from 'react-router'
import { FAVORITE_MESSAGES } from '@portal/contracts/plain/favorites'
import type { FavoritesPage } from '@portal/contracts/favorites'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { HeartIcon, SearchIcon } from '~/components/icons'
import { ListingCard } from '~/components/listing-card'
import { Pagination } from '~/components/search/pagination'
import { serverApi, serverJson } from '~/lib/api.server'
import { SAVED_SEARCH_MESSAGES } from '@portal/contracts/plain/saved-searches'
import type { SavedSearch } from '@portal/contracts/saved-searches'
import { FAVORITE_USER_MESSAGES } from '@portal/contracts/plain/favorite-users'
import type { FavoriteUser } from '@portal/contracts/favorite-users'
import { SavedSearchesList } from '~/components/engagement/saved-searches-list'
import { FavoriteUsersList } from '~/components/engagement/favorite-users-list'
import { DigestToggle } from '~/components/engagement/digest-toggle'
import { FollowedInvestmentsList } from '~/components/engagement/followed-investments-list'
import { PriceChangeNote } from '~/components/engagement/price-change-note'
import { WATCH_MESSAGES } from '@portal/contracts/plain/watch'
import type { FollowedInvestment, WatchSettings } from '@portal/contracts/watch'
import { requireUser } from '~/lib/auth.server'
import { useFavorites } from '~/lib/favorites'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/favorites'

const PER_PAGE = 12

/** The tabs of /ulubione: favourite listings, saved searches, followed advertisers, followed investments (?tab=). */
const TABS = [
  { id: 'ogloszenia', label: 'Ogłoszenia' },
  { id: 'wyszukiwania', label: SAVED_SEARCH_MESSAGES.tab },
  { id: 'obserwowani', label: FAVORITE_USER_MESSAGES.tab },
  { id: 'inwestycje', label: WATCH_MESSAGES.tab },
] as const
type Tab = (typeof TABS)[number]['id']

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  const url = new URL(request.url)
  const tab: Tab = TABS.find((t) => t.id === url.searchParams.get('tab'))?.id ?? 'ogloszenia'
  const noStore = { headers: { 'Cache-Control': 'private, no-store' } }
  const none = { result: null, searches: null, users: null, investments: null, digest: null }
  if (tab === 'wyszukiwania') {
    const searches = await serverJson<{ data: SavedSearch[] }>(context, '/api/favorite-filters')
    return data({ ...none, tab, searches: searches?.data ?? null }, noStore)
  }
  if (tab === 'obserwowani') {
    const users = await serverJson<{ data: FavoriteUser[] }>(context, '/api/favorite-users')
    return data({ ...none, tab, users: users?.data ?? null }, noStore)
  }
  const settings = serverJson<WatchSettings>(context, '/api/user/watch-settings')
  if (tab === 'inwestycje') {
    const [investments, digest] = await Promise.all([serverJson<{ data: FollowedInvestment[] }>(context, '/api/followed-investments'), settings])
    return data({ ...none, tab, investments: investments?.data ?? null, digest: digest?.email_digest ?? null }, noStore)
  }
  const page = Math.min(100_000, Math.max(1, Number(url.searchParams.get('page')) || 1))
  const res = await serverApi(context, `/api/favorites?page=${page}&per_page=${PER_PAGE}`, { headers: { Accept: 'application/json' } })
  const result = res.ok ? ((await res.json()) as FavoritesPage) : null
  // Past the last page (the last favourites of a page were removed): go to the last one that exists.
  if (result && page > result.last_page) {
    url.searchParams.set('page', String(result.last_page))
    if (result.last_page === 1) url.searchParams.delete('page')
    throw redirect(`${url.pathname}${url.search}`)
  }
  return data({ ...none, tab, result, digest: (await settings)?.email_digest ?? null }, noStore)
}

function Tabs({ current }: { current: Tab }) {
  // On a phone the strip scrolls sideways: the current tab (the last ones sit past the edge) is brought into view.
  const strip = useRef<HTMLUListElement>(null)
  useEffect(() => {
    const ul = strip.current
    const on = ul?.querySelector<HTMLElement>('[aria-current="page"]')
    if (ul && on && on.offsetLeft + on.offsetWidth > ul.clientWidth) ul.scrollLeft = on.offsetLeft - 8
  }, [current])
  return (
    <nav aria-label="Ulubione" className="mt-4">
      <ul ref={strip} className="relative flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 [scrollbar-width:none] sm:inline-flex">
        {TABS.map((t) => (
          <li key={t.id} className="shrink-0">
            <Link
              to={t.id === 'ogloszenia' ? '?' : `?tab=${t.id}`}
              aria-current={t.id === current ? 'page' : undefined}
              className={`inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold transition-colors ${
                t.id === current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Ulubione') }, { name: 'robots', content: 'noindex' }]

/** /ulubione and /account/Favorites: favourite listings as cards (un-hearting one removes it), saved searches, followed advertisers. */
export default function Favorites({ loaderData }: Route.ComponentProps) {
  if (loaderData.tab !== 'ogloszenia') {
    return (
      <div className="container-page pt-8">
        <div className="mx-auto max-w-[1200px]">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Ulubione</h1>
          <Tabs current={loaderData.tab} />
          {loaderData.tab === 'wyszukiwania' ? (
            loaderData.searches ? <SavedSearchesList items={loaderData.searches} /> : <LoadFailed />
          ) : loaderData.tab === 'inwestycje' ? (
            loaderData.investments ? (
              <>
                {loaderData.digest !== null && <DigestToggle initial={loaderData.digest} />}
                <FollowedInvestmentsList items={loaderData.investments} />
              </>
            ) : <LoadFailed />
          ) : loaderData.users ? <FavoriteUsersList items={loaderData.users} /> : <LoadFailed />}
        </div>
      </div>
    )
  }
  return <FavoriteListings result={loaderData.result} digest={loaderData.digest} />
}

function LoadFailed() {
  return <p role="alert" className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać danych. Odśwież stronę za chwilę.</p>
}

function FavoriteListings({ result, digest }: { result: FavoritesPage | null; digest: boolean | null }) {
  const favorites = useFavorites()
  const revalidator = useRevalidator()
  // A card whose heart was turned off leaves at once (it comes back if the API refuses).
  const shown = result ? result.data.filter((l) => !favorites.ready || favorites.has(l.id) || favorites.pending(l.id)) : []
  const removed = result ? result.data.filter((l) => favorites.ready && !favorites.has(l.id) && !favorites.pending(l.id)).map((l) => l.id) : []
  const total = result ? Math.max(0, result.total - removed.length) : 0

  // Once the removal went through, reload the page so later favourites move up (and the count is the server's).
  const reloadedFor = useRef('')
  const removedKey = removed.join(',')
  useEffect(() => {
    if (!removedKey || reloadedFor.current === removedKey || revalidator.state !== 'idle') return
    reloadedFor.current = removedKey
    void revalidator.revalidate()
  }, [removedKey, revalidator])

  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[1200px]">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Ulubione</h1>
          {result && total > 0 && <p className="text-slate-600" aria-live="polite">{countLabel(total, LISTING_FORMS)}</p>}
        </div>
        <Tabs current="ogloszenia" />
        {digest !== null && <DigestToggle initial={digest} />}
        {!result ? (
          <p role="alert" className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać ulubionych. Odśwież stronę za chwilę.</p>
        ) : shown.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <HeartIcon size={36} className="mx-auto text-accent-600" />
            <h2 className="mt-3 text-xl font-bold text-slate-900">{FAVORITE_MESSAGES.empty}</h2>
            <p className="mx-auto mt-2 max-w-lg text-slate-600">Kliknij serce przy ogłoszeniu, aby zapisać je tutaj i wrócić do niego później.</p>
            <Link
              to="/szukaj"
              className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
            >
              <SearchIcon size={18} /> Przeglądaj ogłoszenia
            </Link>
          </div>
        ) : (
          <ul aria-label="Ulubione ogłoszenia" className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shown.map((l, i) => {
              const change = result.price_changes.find((c) => c.offer_id === l.id)
              return (
                <li key={l.id} className="flex">
                  <ListingCard listing={l} priority={i < 4} note={change && <PriceChangeNote change={change} />} />
                </li>
              )
            })}
          </ul>
        )}
        {result && shown.length > 0 && (
          <Pagination page={result.page} last={result.last_page} hrefFor={(p) => (p > 1 ? `?page=${p}` : '?')} />
        )}
      </div>
    </div>
  )
}
