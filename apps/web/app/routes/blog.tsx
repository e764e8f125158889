import { data, redirect } from 'react-router'
import type { BlogList } from '@portal/contracts/content'
import { BlogCard } from '~/components/content/blog-card'
import { Breadcrumbs } from '~/components/content/content-body'
import { Pagination } from '~/components/search/pagination'
import { serverApi, loadFailed } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/blog'

/** /blog?page=N: guides, newest first. Page 1 has no parameter; a page past the end is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const raw = url.searchParams.get('page')
  const page = raw === null ? 1 : /^\d{1,5}$/.test(raw) ? Number(raw) : NaN
  if (raw !== null && page === 1) throw redirect('/blog', 301)
  if (!Number.isInteger(page) || page < 1) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/blog?page=${page}`, { headers: { Accept: 'application/json' } })
  if (!res.ok) loadFailed(res)
  const list = (await res.json()) as BlogList
  if (page > list.last_page) throw data(null, { status: 404 })
  return data({ list, origin: publicOrigin(request) }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

const hrefFor = (p: number) => (p === 1 ? '/blog' : `/blog?page=${p}`)

export const meta: Route.MetaFunction = ({ data: d }) => {
  const page = d?.list.page ?? 1
  return [
    { title: pageTitle(page > 1 ? `Blog — poradniki o nieruchomościach (strona ${page})` : 'Blog — poradniki o nieruchomościach') },
    { name: 'description', content: 'Poradniki o kupnie, sprzedaży i wynajmie nieruchomości: umowy, dokumenty, formalności i bezpieczeństwo.' },
    ...(d ? [{ tagName: 'link', rel: 'canonical', href: absoluteUrl(d.origin, hrefFor(page)) }] : []),
  ]
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData
  return (
    <div className="container-page py-10">
      <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: 'Blog' }]} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Blog — poradniki</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Jak kupić, sprzedać i wynająć nieruchomość bez niespodzianek: umowy, dokumenty, formalności i bezpieczeństwo.
      </p>
      {list.data.length ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((p, i) => (
            <BlogCard key={p.id} post={p} priority={list.page === 1 && i < 2} />
          ))}
        </div>
      ) : (
        <p className="mt-8 text-slate-600">Pierwsze artykuły pojawią się tu wkrótce.</p>
      )}
      <Pagination page={list.page} last={list.last_page} hrefFor={hrefFor} />
    </div>
  )
}
