import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { adminAudit } from '@portal/db'
import { CMS_MESSAGES } from '@portal/contracts/cms'
import { createTestApp, form, startSession, upload } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('admin CMS: blog posts', () => {
  let t: T
  let modJar: Jar
  let userJar: Jar
  let jpeg: Buffer

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const mod = await createUser(t.db, { email: 'blog-mod@example.com', name: 'Redaktorka', roles: ['mod'] })
    const plain = await createUser(t.db, { email: 'blog-user@example.com', name: 'Zwykły' })
    modJar = await login(t.app, mod.email)
    userJar = await login(t.app, plain.email)
    jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 120 } } }).jpeg().toBuffer()
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })
  const valid = { title: 'Kredyt hipoteczny w 2026 roku', lead: 'Co się zmieniło i jak się przygotować.', body: '## Wkład własny\n\nZwykle **20%**.', status: 'published' }

  it('404 for guests and ordinary users (uploads too); 419 without the CSRF token', async () => {
    const guest = await startSession(t.app)
    for (const jar of [guest, userJar]) {
      for (const [method, url] of [['GET', '/api/admin/blog'], ['GET', '/api/admin/blog/1'], ['POST', '/api/admin/blog'], ['PUT', '/api/admin/blog/1'], ['DELETE', '/api/admin/blog/1']] as const) {
        const res = method === 'GET' ? await get(url, jar) : await send(t.app, jar, method, url, { title: '' })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
      }
      expect((await upload(t.app, jar, '/api/admin/blog/photos', form({}, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }))).statusCode).toBe(404)
      expect((await upload(t.app, jar, '/api/admin/blog/1/cover', form({}, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }))).statusCode).toBe(404)
    }
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/admin/blog', headers: { cookie: modJar.cookie }, payload: valid })
    expect(noCsrf.statusCode).toBe(419)
  })

  it('422 with Polish field messages', async () => {
    const res = await send(t.app, modJar, 'POST', '/api/admin/blog', { title: '', lead: 'x'.repeat(501), body: '', status: 'live', slug: 'Zły adres', published_at: 'jutro' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject({
      title: [CMS_MESSAGES.titleRequired], lead: [CMS_MESSAGES.leadTooLong], body: [CMS_MESSAGES.contentRequired],
      status: [CMS_MESSAGES.statusInvalid], published_at: [CMS_MESSAGES.dateInvalid],
    })
    const city = await send(t.app, modJar, 'POST', '/api/admin/blog', { ...valid, city_slug: 'atlantyda' })
    expect(city.json().errors).toEqual({ city_slug: [CMS_MESSAGES.cityUnknown] })
  })

  it('a draft is hidden; publishing shows it on /blog at once with sanitised HTML; edits and deletion are audited', async () => {
    const created = await send(t.app, modJar, 'POST', '/api/admin/blog', { ...valid, status: 'draft', body: 'Szkic <iframe src="https://x"></iframe>' })
    expect(created.statusCode).toBe(201)
    const post = created.json()
    expect(post.slug).toBe('kredyt-hipoteczny-w-2026-roku')
    expect((await get(`/api/blog/${post.slug}`)).statusCode).toBe(404)
    expect((await get('/api/blog')).json().data.map((p: { id: number }) => p.id)).not.toContain(post.id)

    const dup = await send(t.app, modJar, 'POST', '/api/admin/blog', { ...valid, slug: post.slug })
    expect(dup.statusCode).toBe(422)
    expect(dup.json().errors).toEqual({ slug: [CMS_MESSAGES.slugTaken] })

    const published = await send(t.app, modJar, 'PUT', `/api/admin/blog/${post.id}`, { ...valid, city_slug: 'krakow' })
    expect(published.statusCode).toBe(200)
    expect(new Date(published.json().published_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const list = (await get('/api/blog')).json()
    expect(list.data[0]).toMatchObject({ id: post.id, title: valid.title })
    const pub = (await get(`/api/blog/${post.slug}`)).json()
    expect(pub.body_html).toBe('<h2>Wkład własny</h2>\n<p>Zwykle <strong>20%</strong>.</p>')
    expect(pub.related_label).toBe('Kraków')

    // A future date schedules it: not public until then.
    await send(t.app, modJar, 'PUT', `/api/admin/blog/${post.id}`, { ...valid, published_at: new Date(Date.now() + 86_400_000).toISOString() })
    expect((await get(`/api/blog/${post.slug}`)).statusCode).toBe(404)
    expect((await get('/api/admin/blog', modJar)).json().data.find((p: { id: number }) => p.id === post.id)).toMatchObject({ status: 'published' })

    expect((await send(t.app, modJar, 'DELETE', `/api/admin/blog/${post.id}`)).statusCode).toBe(204)
    expect((await get(`/api/admin/blog/${post.id}`, modJar)).statusCode).toBe(404)
    const rows = await t.db.db.select().from(adminAudit).where(and(eq(adminAudit.targetType, 'blog_post'), eq(adminAudit.targetId, String(post.id)))).orderBy(adminAudit.id)
    expect(rows.map((r) => r.action)).toEqual(['content.create', 'content.update', 'content.update', 'content.delete'])
    expect(rows[1]!.before).toMatchObject({ status: 'draft', body: 'Szkic <iframe src="https://x"></iframe>' })
    expect(rows[1]!.after).toMatchObject({ status: 'published', city_slug: 'krakow' })
  })

  it('photos go through the pipeline: a body photo gives its Markdown, a cover replaces the old one; non-images are 422', async () => {
    const photo = await upload(t.app, modJar, '/api/admin/blog/photos', form({ alt: 'Salon [jasny]' }, { name: 'salon.jpg', type: 'image/jpeg', data: jpeg }))
    expect(photo.statusCode).toBe(201)
    const { url, markdown } = photo.json()
    expect(url).toMatch(/^\/uploads\/blog\/[\w-]+\/lg\.webp$/)
    expect(markdown).toBe(`![Salon jasny](${url})`)
    const key = url.replace(/^\/uploads\//, '').replace(/\/lg\.webp$/, '')
    for (const size of ['sm', 'md', 'lg']) expect(existsSync(path.join(t.dataDir, 'uploads', key, `${size}.webp`))).toBe(true)
    const meta = await sharp(path.join(t.dataDir, 'uploads', key, 'lg.webp')).metadata()
    expect(meta.format).toBe('webp')

    const post = (await send(t.app, modJar, 'POST', '/api/admin/blog', { ...valid, slug: 'ze-zdjeciem', body: `Zdjęcie:\n\n${markdown}` })).json()
    expect((await get('/api/blog/ze-zdjeciem')).json().body_html).toContain(`<img src="${url}" alt="Salon jasny" loading="lazy" decoding="async" />`)

    const c1 = await upload(t.app, modJar, `/api/admin/blog/${post.id}/cover`, form({ alt: 'Okładka' }, { name: 'c.jpg', type: 'image/jpeg', data: jpeg }))
    expect(c1.statusCode).toBe(200)
    const firstCover = c1.json().cover_url.replace(/^\/uploads\//, '').replace(/\/md\.webp$/, '')
    const c2 = await upload(t.app, modJar, `/api/admin/blog/${post.id}/cover`, form({}, { name: 'c.jpg', type: 'image/jpeg', data: jpeg }))
    expect(c2.json()).toMatchObject({ cover_alt: 'Okładka' })
    expect(existsSync(path.join(t.dataDir, 'uploads', firstCover, 'md.webp'))).toBe(false)
    expect((await get('/api/blog/ze-zdjeciem')).json().cover).toMatchObject({ alt: 'Okładka', url: c2.json().cover_url })

    const notImage = await upload(t.app, modJar, '/api/admin/blog/photos', form({}, { name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('to nie jest zdjęcie') }))
    expect(notImage.statusCode).toBe(422)
    expect(notImage.json().errors.file[0]).toMatch(/zdjęci|obraz|plik/i)
    const missing = await upload(t.app, modJar, '/api/admin/blog/photos', form({ alt: 'x' }))
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors.file).toEqual([CMS_MESSAGES.photoRequired])
  })
})
