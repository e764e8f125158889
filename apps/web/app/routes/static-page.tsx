import { data, Link } from 'react-router'
import type { FooterPage } from '@portal/contracts/errors'
import { ContentBody } from '~/components/content/content-body'
import { NotFound } from '~/components/not-found'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/static-page'

/** The terms page id (spec §2: "the terms are linked at /strony/17"); /regulamin shows the same page. */
export const TERMS_PAGE_ID = 17

/**
 * /strony/{id} and /regulamin: a static page from GET /api/footers/{id}. The content is Markdown edited in the CMS;
 * the API sends it as sanitised HTML (decision 026).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id ?? String(TERMS_PAGE_ID)
  const res = /^\d{1,9}$/.test(id) ? await serverApi(context, `/api/footers/${id}`) : null
  if (!res?.ok) return data({ page: null }, { status: 404 })
  const page = (await res.json()) as FooterPage
  return data({ page }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d?.page ? [{ title: pageTitle(d.page.title) }] : [{ title: pageTitle('Nie znaleziono strony') }, { name: 'robots', content: 'noindex' }]

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  if (!page) return <NotFound />
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label="Okruszki" className="mb-4 text-sm text-slate-600">
        <Link to="/" className="hover:text-pink-700 hover:underline">Strona główna</Link>
        <span aria-hidden="true"> › </span>
        <span>{page.title}</span>
      </nav>
      <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{page.title}</h1>
        <ContentBody html={page.content_html} />
      </article>
    </div>
  )
}
