import { data, Link } from 'react-router'
import type { ContentPage } from '@portal/contracts/content'
import { Breadcrumbs, ContentBody } from '~/components/content/content-body'
import { NotFound } from '~/components/not-found'
import { serverApi, loadFailed } from '~/lib/api.server'
import { metaDescription } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/about'

/** /o-nas: the about page from GET /api/pages/o-nas (edited in the CMS). */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/pages/o-nas', { headers: { Accept: 'application/json' } })
  if (res.status === 404) return data({ page: null }, { status: 404 })
  if (!res.ok) loadFailed(res)
  const page = (await res.json()) as ContentPage
  return data({ page }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d?.page
    ? [{ title: pageTitle(d.page.title) }, { name: 'description', content: metaDescription(d.page.lead) }]
    : [{ title: pageTitle('Nie znaleziono strony') }, { name: 'robots', content: 'noindex' }]

export default function About({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  if (!page) return <NotFound />
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: page.title }]} />
      <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
        {page.lead && <p className="mt-4 text-lg leading-relaxed text-slate-600">{page.lead}</p>}
        <ContentBody html={page.body_html} className="mt-6" />
        <div className="mt-10 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          <Link to="/kontakt" className="inline-flex h-11 items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
            Napisz do nas
          </Link>
          <Link to="/faq" className="inline-flex h-11 items-center rounded-full border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50">
            Najczęstsze pytania
          </Link>
        </div>
      </article>
    </div>
  )
}
