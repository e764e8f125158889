import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { api } from '~/lib/api'
import { ContentBody } from '~/components/content/content-body'
import { fieldClass, labelClass } from './admin-ui'

/**
 * A Markdown field with a live preview (issue 13). The preview is the server's own rendering and sanitising
 * (POST /api/admin/markdown-preview), asked 300 ms after the last keystroke, so it shows exactly what visitors get.
 */
export function MarkdownEditor({ label, value, onChange, error, rows = 12, tools, name }: {
  label: string; value: string; onChange: (v: string) => void; error?: string | undefined; rows?: number
  /** Extra buttons under the field (the blog's photo upload). */
  tools?: ReactNode
  name?: string
}) {
  const id = useId()
  const [html, setHtml] = useState('')
  const [previewError, setPreviewError] = useState(false)
  const latest = useRef(0)
  useEffect(() => {
    const call = ++latest.current
    const timer = setTimeout(() => {
      api.post<{ html: string }>('/api/admin/markdown-preview', { markdown: value }, { silent: true })
        .then((r) => { if (call === latest.current) { setHtml(r.html); setPreviewError(false) } })
        .catch(() => { if (call === latest.current) setPreviewError(true) })
    }, 300)
    return () => clearTimeout(timer)
  }, [value])
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <label htmlFor={id} className={labelClass}>{label}</label>
        <textarea id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} rows={rows}
          className={`${fieldClass} font-mono text-sm`} aria-invalid={!!error} aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`} />
        {error && <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">{error}</p>}
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
          Markdown: <code>## Nagłówek</code>, <code>**pogrubienie**</code>, <code>*kursywa*</code>, <code>- punkt</code>, <code>[link](https://…)</code>. Znaczniki HTML są wyświetlane jako tekst.
        </p>
        {tools && <div className="mt-2 flex flex-wrap gap-2">{tools}</div>}
      </div>
      <div>
        <p className={labelClass} id={`${id}-preview-label`}>Podgląd</p>
        <div role="region" aria-labelledby={`${id}-preview-label`} aria-live="polite" data-testid="markdown-preview"
          className="min-h-32 rounded-xl border border-slate-200 bg-slate-50 p-4">
          {previewError ? <p className="text-sm text-red-700">Podgląd jest chwilowo niedostępny.</p>
            : html ? <ContentBody html={html} className="text-base" /> : <p className="text-sm text-slate-500">Tu pojawi się podgląd.</p>}
        </div>
      </div>
    </div>
  )
}
