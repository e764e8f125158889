import { data, Link } from 'react-router'
import { CONTENT_STATUS_LABELS, type AdminBlogPost } from '@portal/contracts/cms'
import { AdminPage, buttonClass, Empty, formatDateTime } from '~/components/admin/admin-ui'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/blog'

export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/admin/blog')
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as { data: Array<Omit<AdminBlogPost, 'body'>> }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Blog') }, { name: 'robots', content: 'noindex' }]

/** CMS: blog posts, newest first, with drafts and scheduled ones. */
export default function BlogAdminRoute({ loaderData }: Route.ComponentProps) {
  const now = Date.now()
  return (
    <AdminPage title="Blog" intro="Poradniki z /blog. Opublikowany wpis pojawia się od razu; wpis z datą w przyszłości czeka do tej daty."
      actions={<Link to="/admin/blog/nowy" className={buttonClass.primary}>Nowy wpis</Link>}>
      {loaderData.data.length === 0 ? <Empty>Nie ma jeszcze wpisów.</Empty> : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-card">
          {loaderData.data.map((p) => {
            const scheduled = p.status === 'published' && new Date(p.published_at).getTime() > now
            return (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-blog-row={p.slug}>
                <div className="min-w-0">
                  <Link to={`/admin/blog/${p.id}`} className="font-semibold text-slate-900 hover:text-accent-700 hover:underline">{p.title}</Link>
                  <span className="block text-sm text-slate-600">
                    {scheduled ? `Zaplanowany na ${formatDateTime(p.published_at)}` : `${CONTENT_STATUS_LABELS[p.status]} · ${formatDateTime(p.published_at)}`}
                  </span>
                </div>
                {p.status === 'published' && !scheduled && <a href={`/blog/${p.slug}`} className={buttonClass.secondary}>Zobacz</a>}
              </li>
            )
          })}
        </ul>
      )}
    </AdminPage>
  )
}
