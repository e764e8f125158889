import { Link } from 'react-router'
import type { BlogPostSummary } from '@portal/contracts/content'
import { readingLabel } from '~/lib/content-seo'
import { formatDate } from '~/lib/offer-text'

const COVER_SIZES = '(min-width: 1024px) 368px, (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)'

/** A blog list card: cover photo (4:3), date and reading time, title (the card's link) and lead. */
export function BlogCard({ post, priority = false }: { post: BlogPostSummary; priority?: boolean }) {
  return (
    <article
      data-blog-card={post.slug}
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-600"
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100" style={post.cover?.placeholder ? { backgroundImage: `url(${post.cover.placeholder})`, backgroundSize: 'cover' } : undefined}>
        {post.cover && (
          <img
            src={post.cover.url}
            srcSet={post.cover.srcset}
            sizes={COVER_SIZES}
            alt={post.cover.alt}
            width={960}
            height={720}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm text-slate-600">
          <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
          <span aria-hidden="true"> · </span>
          {readingLabel(post.reading_minutes)}
        </p>
        <h2 className="text-lg font-bold leading-snug tracking-tight text-slate-900">
          <Link to={`/blog/${post.slug}`} prefetch="intent" className="outline-none after:absolute after:inset-0 after:content-['']">
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-[15px] leading-relaxed text-slate-600">{post.lead}</p>
      </div>
    </article>
  )
}
