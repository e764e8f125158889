import { data, Link } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { MESSAGE_FORMS, type ThreadsPage } from '@portal/contracts/messages'
import { Pagination } from '~/components/search/pagination'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { formatShortDate } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/messages'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  const url = new URL(request.url)
  const folder = url.searchParams.get('folder') === 'archived' ? 'archived' : 'inbox'
  const page = Math.min(10_000, Math.max(1, Number(url.searchParams.get('page')) || 1))
  const res = await serverApi(context, `/api/messages?folder=${folder}&page=${page}`, { headers: { Accept: 'application/json' } })
  const result = res.ok ? ((await res.json()) as ThreadsPage) : null
  return data({ folder, result }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Wiadomości') }, { name: 'robots', content: 'noindex' }]

/** /wiadomosci and /account/Messages: conversations per listing and counterpart, newest first, unread marked. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { folder, result } = loaderData
  const tab = (f: 'inbox' | 'archived', label: string) => (
    <Link to={f === 'inbox' ? '/wiadomosci' : '/wiadomosci?folder=archived'} aria-current={folder === f ? 'page' : undefined}
      className={`inline-flex h-11 items-center rounded-full px-5 text-[15px] font-semibold ${folder === f ? 'bg-accent-600 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}>{label}</Link>
  )
  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[900px]">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Wiadomości</h1>
          {result && result.unread > 0 && <p className="font-semibold text-accent-700">Nieprzeczytane: {countLabel(result.unread, MESSAGE_FORMS)}</p>}
        </div>
        <nav aria-label="Foldery" className="mt-4 flex gap-2">{tab('inbox', 'Odebrane')}{tab('archived', 'Archiwum')}</nav>
        {!result ? (
          <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać wiadomości. Odśwież stronę za chwilę.</p>
        ) : result.data.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-white p-8 text-center text-slate-600 shadow-card">{folder === 'archived' ? 'Archiwum jest puste.' : 'Nie masz jeszcze wiadomości.'}</p>
        ) : (
          <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card">
            {result.data.map((th) => (
              <li key={th.id}>
                <Link to={`/wiadomosci/${th.id}`} className={`flex gap-4 p-4 hover:bg-slate-50 ${th.unread ? 'bg-accent-50/50' : ''}`}>
                  {th.listing?.photo ? <img src={th.listing.photo} alt="" width={80} height={60} loading="lazy" className="h-[60px] w-[80px] shrink-0 rounded-lg object-cover" />
                    : <span aria-hidden="true" className="h-[60px] w-[80px] shrink-0 rounded-lg bg-slate-100" />}
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={`truncate ${th.unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}>{th.with.name}</span>
                      <span className="shrink-0 text-sm text-slate-600">{formatShortDate(th.last_message_at)}</span>
                    </span>
                    <span className="block truncate text-sm text-slate-700">{th.subject}</span>
                    <span className="block truncate text-sm text-slate-600">{th.last_message}</span>
                    <span className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
                      {th.unread > 0 && <span className="rounded-full bg-accent-600 px-2 py-0.5 text-white">Nowe: {th.unread}</span>}
                      {th.scam && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">Możliwe oszustwo</span>}
                      {th.blocked && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-800">Zablokowany</span>}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {result && <Pagination page={result.page} last={result.last_page} hrefFor={(p) => `/wiadomosci?${folder === 'archived' ? 'folder=archived&' : ''}${p > 1 ? `page=${p}` : ''}`} />}
      </div>
    </div>
  )
}
