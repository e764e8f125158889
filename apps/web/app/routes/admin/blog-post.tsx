import { useRef, useState, type FormEvent } from 'react'
import { data, useNavigate } from 'react-router'
import { CITIES, topCategories } from '@portal/contracts/catalogue'
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES, type AdminBlogPost } from '@portal/contracts/cms'
import { AdminPage, buttonClass, Card, fieldClass, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { ApiError } from '~/lib/api-client'
import { serverApi } from '~/lib/api.server'
import { useToast } from '~/lib/toast'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/blog-post'

export async function loader({ context, params }: Route.LoaderArgs) {
  if (params.id === 'nowy') return { post: null }
  const res = /^\d{1,9}$/.test(params.id) ? await serverApi(context, `/api/admin/blog/${params.id}`) : null
  if (!res?.ok) throw data(null, { status: 404 })
  return { post: (await res.json()) as AdminBlogPost }
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: pageTitle(d?.post ? `Edycja: ${d.post.title}` : 'Nowy wpis') }, { name: 'robots', content: 'noindex' }]

type Draft = Pick<AdminBlogPost, 'title' | 'slug' | 'lead' | 'body' | 'status' | 'cover_alt'> & { city_slug: string; category_slug: string }

/** CMS: one blog post, Markdown with a live preview, photos for the body and a cover. */
export default function BlogPostAdminRoute({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  const navigate = useNavigate()
  const toast = useToast()
  const { run, busy, api } = useAdminAction()
  const [d, setD] = useState<Draft>({
    title: post?.title ?? '', slug: post?.slug ?? '', lead: post?.lead ?? '', body: post?.body ?? '', status: post?.status ?? 'draft',
    cover_alt: post?.cover_alt ?? '', city_slug: post?.city_slug ?? '', category_slug: post?.category_slug ?? '',
  })
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [uploading, setUploading] = useState<'body' | 'cover' | null>(null)
  const bodyFile = useRef<HTMLInputElement>(null)
  const coverFile = useRef<HTMLInputElement>(null)
  const set = <K extends keyof Draft>(k: K) => (v: Draft[K]) => setD((x) => ({ ...x, [k]: v }))

  async function save(e: FormEvent) {
    e.preventDefault()
    const body = { ...d, slug: d.slug || undefined, city_slug: d.city_slug || null, category_slug: d.category_slug || null }
    let saved: AdminBlogPost | null = null
    const errs = await run('save', async () => {
      saved = post ? await api.put<AdminBlogPost>(`/api/admin/blog/${post.id}`, body, { silent: true }) : await api.post<AdminBlogPost>('/api/admin/blog', body, { silent: true })
    }, d.status === 'published' ? 'Zapisano i opublikowano wpis.' : 'Zapisano szkic.')
    setErrors(errs ?? {})
    if (!errs && saved && !post) navigate(`/admin/blog/${(saved as AdminBlogPost).id}`, { replace: true })
  }

  async function uploadPhoto(kind: 'body' | 'cover', file: File | undefined) {
    if (!file) return
    const fd = new FormData()
    fd.append('alt', kind === 'cover' ? d.cover_alt : d.title)
    fd.append('file', file)
    setUploading(kind)
    try {
      if (kind === 'body') {
        const r = await api.post<{ markdown: string }>('/api/admin/blog/photos', fd, { silent: true })
        setD((x) => ({ ...x, body: `${x.body.trimEnd()}\n\n${r.markdown}\n` }))
        toast.success('Dodano zdjęcie do treści.')
      } else if (post) {
        await run('cover', () => api.post(`/api/admin/blog/${post.id}/cover`, fd, { silent: true }), 'Zmieniono okładkę.')
      }
    } catch (err) {
      toast.error(err instanceof ApiError ? (Object.values(err.fieldErrors)[0]?.[0] ?? err.message) : 'Nie udało się wysłać zdjęcia.')
    } finally {
      setUploading(null)
    }
  }

  const field = (k: 'title' | 'slug' | 'lead', label: string, max: number, help?: string) => (
    <div>
      <label htmlFor={`bp-${k}`} className={labelClass}>{label}</label>
      {k === 'lead'
        ? <textarea id={`bp-${k}`} rows={3} value={d[k]} onChange={(e) => set(k)(e.target.value)} className={fieldClass} maxLength={max}
            aria-invalid={!!errors[k]} aria-describedby={errors[k] ? `bp-${k}-error` : undefined} />
        : <input id={`bp-${k}`} value={d[k]} onChange={(e) => set(k)(e.target.value)} className={fieldClass} maxLength={max}
            aria-invalid={!!errors[k]} aria-describedby={[errors[k] ? `bp-${k}-error` : '', help ? `bp-${k}-help` : ''].join(' ').trim() || undefined} />}
      {help && <p id={`bp-${k}-help`} className="mt-1 text-sm text-slate-600">{help}</p>}
      {errors[k] && <p id={`bp-${k}-error`} className="mt-1 text-sm font-medium text-red-700">{errors[k][0]}</p>}
    </div>
  )

  return (
    <AdminPage title={post ? 'Edycja wpisu' : 'Nowy wpis'}
      actions={post?.status === 'published' ? <a href={`/blog/${post.slug}`} className={buttonClass.secondary}>Zobacz na blogu</a> : undefined}>
      <Card>
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          {field('title', 'Tytuł', 200)}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('slug', 'Adres (opcjonalnie)', 80, 'Pusty: utworzony z tytułu, np. kredyt-hipoteczny-2026.')}
            <div>
              <label htmlFor="bp-status" className={labelClass}>Status</label>
              <select id="bp-status" value={d.status} onChange={(e) => set('status')(e.target.value as Draft['status'])} className={fieldClass}>
                {CONTENT_STATUSES.map((s) => <option key={s} value={s}>{s === 'published' ? 'Opublikowany' : CONTENT_STATUS_LABELS[s]}</option>)}
              </select>
            </div>
          </div>
          {field('lead', 'Wstęp', 500)}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="bp-city" className={labelClass}>Miasto powiązanych ogłoszeń</label>
              <select id="bp-city" value={d.city_slug} onChange={(e) => set('city_slug')(e.target.value)} className={fieldClass}>
                <option value="">Brak</option>
                {CITIES.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
              </select>
            </div>
            <div>
              <label htmlFor="bp-category" className={labelClass}>Kategoria powiązanych ogłoszeń</label>
              <select id="bp-category" value={d.category_slug} onChange={(e) => set('category_slug')(e.target.value)} className={fieldClass}>
                <option value="">Brak</option>
                {topCategories().map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
              </select>
            </div>
          </div>
          <MarkdownEditor label="Treść" value={d.body} onChange={set('body')} error={errors.body?.[0]} rows={18}
            tools={<>
              <input ref={bodyFile} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" aria-label="Zdjęcie do treści" data-testid="body-photo"
                onChange={(e) => { void uploadPhoto('body', e.target.files?.[0]); e.target.value = '' }} />
              <button type="button" className={buttonClass.secondary} disabled={uploading !== null} onClick={() => bodyFile.current?.click()}>
                {uploading === 'body' ? 'Wysyłanie…' : 'Wstaw zdjęcie'}
              </button>
            </>} />
          <div className="flex gap-2">
            <button type="submit" className={buttonClass.primary} disabled={!!busy}>Zapisz</button>
            <a href="/admin/blog" className={buttonClass.secondary}>Wróć do listy</a>
            {post && (
              <button type="button" className={`${buttonClass.danger} ml-auto`} disabled={!!busy}
                onClick={async () => {
                  if (!window.confirm(`Usunąć wpis „${post.title}”? Tego nie można cofnąć.`)) return
                  // Not through run(): it would reload this page's data, which is gone.
                  try {
                    await api.delete(`/api/admin/blog/${post.id}`, { silent: true })
                    toast.success('Usunięto wpis.')
                    navigate('/admin/blog', { replace: true })
                  } catch {
                    toast.error('Nie udało się usunąć wpisu.')
                  }
                }}>Usuń wpis</button>
            )}
          </div>
        </form>
      </Card>
      {post && (
        <Card>
          <h2 className="mb-3 text-lg font-bold text-slate-900">Okładka</h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {post.cover_url && <img src={post.cover_url} alt={post.cover_alt} className="h-28 w-40 rounded-xl object-cover" />}
            <div className="flex-1">
              <label htmlFor="bp-cover-alt" className={labelClass}>Opis okładki (dla czytników ekranu)</label>
              <input id="bp-cover-alt" value={d.cover_alt} onChange={(e) => set('cover_alt')(e.target.value)} className={fieldClass} maxLength={200} />
            </div>
            <input ref={coverFile} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" aria-label="Okładka" data-testid="cover-photo"
              onChange={(e) => { void uploadPhoto('cover', e.target.files?.[0]); e.target.value = '' }} />
            <button type="button" className={buttonClass.secondary} disabled={uploading !== null} onClick={() => coverFile.current?.click()}>
              {uploading === 'cover' ? 'Wysyłanie…' : post.cover_url ? 'Zmień okładkę' : 'Dodaj okładkę'}
            </button>
          </div>
        </Card>
      )}
    </AdminPage>
  )
}
