import { Link } from 'react-router'
/** Styles for the tags the API's Markdown sanitiser lets through (lib/content/markdown.ts). */
const RICH = [
  'space-y-4 leading-relaxed text-slate-700',
  '[&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 sm:[&_h2]:text-2xl',
  '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-slate-900 [&_h4]:font-bold [&_h4]:text-slate-900',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ul]:marker:text-accent-600 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6',
  '[&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline hover:[&_a]:text-accent-800 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-accent-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_pre]:overflow-x-auto',
  '[&_table]:w-full [&_table]:text-left [&_td]:border-t [&_td]:border-slate-200 [&_td]:py-1 [&_th]:py-1',
].join(' ')

/**
 * A content body (about page, FAQ answer, article, static page, the CMS preview) from the API's `*_html` field:
 * Markdown rendered and sanitised on the server with an allowlist (decision 026), so it is safe to insert as is.
 * Everything else on the page is text escaped by React.
 */
export function ContentBody({ html, className = '', id }: { html: string; className?: string; id?: string }) {
  return <div id={id} className={`${RICH} text-[17px] ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
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
