import { data, Link } from 'react-router'
import type { BlogPost } from '@portal/contracts/content'
import { Breadcrumbs, ContentBody } from '~/components/content/content-body'
import { ListingCard } from '~/components/listing-card'
import { NotFound } from '~/components/not-found'
import { ArrowRightIcon } from '~/components/icons'
import { serverApi, loadFailed } from '~/lib/api.server'
import { articleJsonLd, articleMeta, readingLabel } from '~/lib/content-seo'
import { publicOrigin } from '~/lib/offer-origin.server'
import { formatDate, jsonLdString } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/blog-post'

/** /blog/{slug}: one article, server-rendered, with Article JSON-LD, Open Graph and related listings. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.slug
  const res = /^[a-z0-9-]{1,200}$/.test(slug)
    ? await serverApi(context, `/api/blog/${slug}`, { headers: { Accept: 'application/json' } })
    : null
  if (!res || res.status === 404) return data({ post: null, origin: '' }, { status: 404 })
  if (!res.ok) loadFailed(res)
  const post = (await res.json()) as BlogPost
  return data({ post, origin: publicOrigin(request) }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d?.post
    ? [{ title: pageTitle(d.post.title) }, ...articleMeta(d.post, d.origin)]
    : [{ title: pageTitle('Nie znaleziono artykułu') }, { name: 'robots', content: 'noindex' }]

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  const { post, origin } = loaderData
  if (!post) return <NotFound />
  return (
    <div className="container-page py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(articleJsonLd(post, origin)) }} />
      <div className="mx-auto max-w-3xl">
        <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: 'Blog', to: '/blog' }]} />
        <article>
          <header>
            <h1 className="text-3xl font-bold leading-tight tracking-tight text-slate-900 sm:text-[40px]">{post.title}</h1>
            <p className="mt-3 text-sm text-slate-600">
              {post.author}
              <span aria-hidden="true"> · </span>
              <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
              <span aria-hidden="true"> · </span>
              <span data-reading-time>{readingLabel(post.reading_minutes)}</span>
            </p>
            <p className="mt-5 text-xl leading-relaxed text-slate-700">{post.lead}</p>
          </header>
          {post.cover && (
            <figure
              className="mt-8 aspect-[4/3] overflow-hidden rounded-2xl bg-slate-100 sm:aspect-[16/9]"
              style={post.cover.placeholder ? { backgroundImage: `url(${post.cover.placeholder})`, backgroundSize: 'cover' } : undefined}
            >
              <img
                src={post.cover.url.replace(/\/md\.webp$/, '/lg.webp')}
                srcSet={post.cover.srcset}
                sizes="(min-width: 816px) 768px, calc(100vw - 32px)"
                alt={post.cover.alt}
                width={1600}
                height={1200}
                fetchPriority="high"
                className="size-full object-cover"
              />
            </figure>
          )}
          <ContentBody html={post.body_html} className="mt-8" />
        </article>
        <p className="mt-10 border-t border-slate-200 pt-6">
          <Link to="/blog" className="font-semibold text-accent-700 hover:underline underline-offset-4">
            ← Wszystkie poradniki
          </Link>
        </p>
      </div>
      {post.related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-14">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
            <h2 id="related-title" className="text-2xl font-bold tracking-tight text-slate-900">
              Ogłoszenia: {post.related_label}
            </h2>
            {post.related_url && (
              <Link to={post.related_url} className="inline-flex items-center gap-1 font-semibold text-accent-700 hover:text-accent-800 hover:underline underline-offset-4">
                Zobacz wszystkie
                <ArrowRightIcon size={18} />
              </Link>
            )}
          </div>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {post.related.map((l) => (
              <ListingCard key={l.id} listing={l} />
            ))}
          </div>
        </section>
      )}
    </div>
  )
}
