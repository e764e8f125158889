import { Link } from 'react-router'
import { contentBlocks } from '@portal/contracts/content'

/**
 * A content body (about page, FAQ answer, article) as headings, paragraphs and lists. The text comes from the CMS
 * as plain text; React escapes it, so nothing stored can inject markup.
 */
export function ContentBody({ body, className = '', headingLevel = 2 }: { body: string; className?: string; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={`space-y-4 text-[17px] leading-relaxed text-slate-700 ${className}`}>
      {contentBlocks(body).map((b, i) =>
        b.type === 'h2' ? (
          <H key={i} className="pt-4 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {b.text}
          </H>
        ) : b.type === 'ul' ? (
          <ul key={i} className="list-disc space-y-1.5 pl-6 marker:text-accent-600">
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      )}
    </div>
  )
}

export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Okruszki" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-1">
        {items.map((it, i) => (
          <li key={i} className="flex items-center gap-x-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            {it.to ? (
              <Link to={it.to} className="hover:text-accent-700 hover:underline">
                {it.label}
              </Link>
            ) : (
              <span aria-current="page">{it.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
