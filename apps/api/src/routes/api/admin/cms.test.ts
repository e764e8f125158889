import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { adminAudit } from '@portal/db'
import { CMS_MESSAGES } from '@portal/contracts/cms'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('admin CMS: static pages, FAQ, Markdown preview', () => {
  let t: T
  let adminJar: Jar
  let modJar: Jar
  let userJar: Jar
  let mod: Awaited<ReturnType<typeof createUser>>

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const admin = await createUser(t.db, { email: 'cms-admin@example.com', name: 'Szefowa', roles: ['admin'] })
    mod = await createUser(t.db, { email: 'cms-mod@example.com', name: 'Moderator', roles: ['mod'] })
    const plain = await createUser(t.db, { email: 'cms-user@example.com', name: 'Zwykły' })
    adminJar = await login(t.app, admin.email)
    modJar = await login(t.app, mod.email)
    userJar = await login(t.app, plain.email)
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })
  const auditRows = (targetType: string, targetId: number | string) =>
    t.db.db.select().from(adminAudit).where(and(eq(adminAudit.targetType, targetType), eq(adminAudit.targetId, String(targetId)))).orderBy(adminAudit.id)

  it('404 for guests and ordinary users on every CMS call (even with a bad body); 419 without the CSRF token', async () => {
    const guest = await startSession(t.app)
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/pages'], ['POST', '/api/admin/pages', {}], ['PUT', '/api/admin/pages/17', { title: '' }],
      ['GET', '/api/admin/faq'], ['POST', '/api/admin/faq/groups', {}], ['PUT', '/api/admin/faq/groups/1', {}],
      ['DELETE', '/api/admin/faq/groups/1'], ['POST', '/api/admin/faq/entries', { group_id: 'x' }], ['PUT', '/api/admin/faq/entries/1', {}],
      ['DELETE', '/api/admin/faq/entries/1'], ['POST', '/api/admin/markdown-preview', { markdown: '# x' }],
      ['PUT', '/api/admin/faq/order', { group_ids: 'x' }], ['PUT', '/api/admin/faq/groups/1/order', {}],
      ['GET', '/api/admin/content-pages'], ['PUT', '/api/admin/content-pages/1', { title: '' }],
    ]
    const unknown = await get('/api/nie-ma-takiego-adresu', userJar)
    for (const jar of [guest, userJar]) {
      for (const [method, url, body] of calls) {
        const res = method === 'GET' ? await get(url, jar) : await send(t.app, jar, method as 'POST', url, body)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().code).toBe(unknown.json().code)
      }
    }
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/admin/pages', headers: { cookie: adminJar.cookie }, payload: { title: 'x', content: 'y', status: 'active' } })
    expect(noCsrf.statusCode).toBe(419)
  })

  it('static pages: 422 with Polish field messages; create, edit (audited before/after), hide; /strony shows sanitised Markdown', async () => {
    const bad = await send(t.app, modJar, 'POST', '/api/admin/pages', { title: ' ', content: '', status: 'gone', position: 5000 })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({
      title: [CMS_MESSAGES.titleRequired], content: [CMS_MESSAGES.contentRequired], status: [CMS_MESSAGES.statusInvalid], position: [CMS_MESSAGES.positionInvalid],
    })
    const created = await send(t.app, modJar, 'POST', '/api/admin/pages', { title: 'Jak działa wyróżnienie', content: '## Zasady\n\nTekst **ważny** <script>alert(1)</script>', status: 'active' })
    expect(created.statusCode).toBe(201)
    const page = created.json()
    expect(page.id).toBeGreaterThanOrEqual(100)
    expect(page.name).toBe(`jak-dziala-wyroznienie-${page.id}`)

    const pub = await get(`/api/footers/${page.id}`)
    expect(pub.statusCode).toBe(200)
    expect(pub.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(pub.json().content_html).toBe('<h2>Zasady</h2>\n<p>Tekst <strong>ważny</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>')
    expect((await get('/api/footers')).json().map((p: { id: number }) => p.id)).toContain(page.id)

    const edited = await send(t.app, adminJar, 'PUT', `/api/admin/pages/${page.id}`, { title: 'Wyróżnienie', content: 'Nowa treść.', status: 'in_active' })
    expect(edited.statusCode).toBe(200)
    expect((await get(`/api/footers/${page.id}`)).statusCode).toBe(404)
    expect((await get('/api/footers')).json().map((p: { id: number }) => p.id)).not.toContain(page.id)
    expect((await send(t.app, adminJar, 'PUT', '/api/admin/pages/99999', { title: 'x', content: 'y', status: 'active' })).statusCode).toBe(404)

    const rows = await auditRows('page', page.id)
    expect(rows.map((r) => [r.action, r.actorEmail])).toEqual([['content.create', mod.email], ['content.update', 'cms-admin@example.com']])
    expect(rows[1]!.before).toMatchObject({ title: 'Jak działa wyróżnienie', status: 'active' })
    expect(rows[1]!.after).toMatchObject({ title: 'Wyróżnienie', content: 'Nowa treść.', status: 'in_active' })
    expect((await get('/api/admin/pages', modJar)).json().data.find((p: { id: number }) => p.id === page.id)).toMatchObject({ status: 'in_active' })
  })

  it('FAQ: groups and entries; an edited answer shows on /api/faq at once, drafts do not; only empty groups go; all audited', async () => {
    const g422 = await send(t.app, modJar, 'POST', '/api/admin/faq/groups', { title: '', slug: 'Zły Slug' })
    expect(g422.statusCode).toBe(422)
    expect(g422.json().errors).toMatchObject({ title: [CMS_MESSAGES.titleRequired], slug: [CMS_MESSAGES.slugInvalid] })
    const group = (await send(t.app, modJar, 'POST', '/api/admin/faq/groups', { title: 'Konto i logowanie' })).json()
    expect(group.slug).toBe('konto-i-logowanie')
    const dup = await send(t.app, modJar, 'POST', '/api/admin/faq/groups', { title: 'Inna', slug: 'konto-i-logowanie' })
    expect(dup.statusCode).toBe(422)
    expect(dup.json().errors.slug).toEqual([CMS_MESSAGES.slugTaken])

    const e422 = await send(t.app, modJar, 'POST', '/api/admin/faq/entries', { group_id: 999999, question: '', answer: 'x'.repeat(10_001), status: 'published' })
    expect(e422.statusCode).toBe(422)
    expect(e422.json().errors).toMatchObject({ question: [CMS_MESSAGES.questionRequired], answer: [CMS_MESSAGES.answerTooLong] })
    const unknownGroup = await send(t.app, modJar, 'POST', '/api/admin/faq/entries', { group_id: 999999, question: 'Pytanie?', answer: 'Tak.', status: 'published' })
    expect(unknownGroup.statusCode).toBe(422)
    expect(unknownGroup.json().errors.group_id).toEqual([CMS_MESSAGES.groupUnknown])

    const entry = (await send(t.app, modJar, 'POST', '/api/admin/faq/entries', { group_id: group.id, question: 'Jak zmienić hasło?', answer: 'W **ustawieniach** konta.', status: 'published' })).json()
    const draft = (await send(t.app, modJar, 'POST', '/api/admin/faq/entries', { group_id: group.id, question: 'Szkic?', answer: 'Jeszcze nie.', status: 'draft' })).json()
    let faq = (await get('/api/faq')).json()
    let shown = faq.groups.find((g: { slug: string }) => g.slug === 'konto-i-logowanie')
    expect(shown.entries).toEqual([{ id: entry.id, question: 'Jak zmienić hasło?', answer: 'W **ustawieniach** konta.', answer_html: '<p>W <strong>ustawieniach</strong> konta.</p>', answer_text: 'W ustawieniach konta.' }])

    const upd = await send(t.app, adminJar, 'PUT', `/api/admin/faq/entries/${entry.id}`, { group_id: group.id, question: 'Jak zmienić hasło do konta?', answer: 'Kliknij [tutaj](/ustawienia-konta).', status: 'published' })
    expect(upd.statusCode).toBe(200)
    faq = (await get('/api/faq')).json()
    shown = faq.groups.find((g: { slug: string }) => g.slug === 'konto-i-logowanie')
    expect(shown.entries[0]).toMatchObject({ question: 'Jak zmienić hasło do konta?', answer_html: '<p>Kliknij <a href="/ustawienia-konta">tutaj</a>.</p>' })
    expect(shown.entries).toHaveLength(1)

    const notEmpty = await send(t.app, adminJar, 'DELETE', `/api/admin/faq/groups/${group.id}`)
    expect(notEmpty.statusCode).toBe(409)
    expect(notEmpty.json().message).toBe(CMS_MESSAGES.groupNotEmpty)
    expect((await send(t.app, adminJar, 'DELETE', `/api/admin/faq/entries/${entry.id}`)).statusCode).toBe(204)
    expect((await send(t.app, adminJar, 'DELETE', `/api/admin/faq/entries/${draft.id}`)).statusCode).toBe(204)
    expect((await send(t.app, adminJar, 'DELETE', `/api/admin/faq/entries/${draft.id}`)).statusCode).toBe(404)
    expect((await send(t.app, adminJar, 'DELETE', `/api/admin/faq/groups/${group.id}`)).statusCode).toBe(204)

    const entryAudit = await auditRows('faq_entry', entry.id)
    expect(entryAudit.map((r) => r.action)).toEqual(['content.create', 'content.update', 'content.delete'])
    expect(entryAudit[1]!.before).toMatchObject({ question: 'Jak zmienić hasło?' })
    expect(entryAudit[1]!.after).toMatchObject({ question: 'Jak zmienić hasło do konta?' })
    expect((await auditRows('faq_group', group.id)).map((r) => r.action)).toEqual(['content.create', 'content.delete'])
  })

  it('FAQ order: groups and a group\'s entries move as a whole list (422 unless complete), /api/faq follows, audited', async () => {
    const made: number[] = []
    for (const title of ['Kolejność A', 'Kolejność B', 'Kolejność C']) {
      const g = (await send(t.app, modJar, 'POST', '/api/admin/faq/groups', { title })).json()
      await send(t.app, modJar, 'POST', '/api/admin/faq/entries', { group_id: g.id, question: `Pytanie ${title}?`, answer: 'Tak.', status: 'published' })
      made.push(g.id)
    }
    const [a, b, c] = made as [number, number, number]
    const groupIds = async () => (await get('/api/admin/faq', modJar)).json().groups.map((g: { id: number }) => g.id) as number[]
    const others = (await groupIds()).filter((id) => !made.includes(id))
    const wanted = [c, ...others, a, b]
    // One missing, one twice, an unknown one, none: 422 and nothing moves.
    for (const bad of [wanted.slice(1), [...wanted, a], [...wanted.slice(0, -1), 999999], []]) {
      const res = await send(t.app, modJar, 'PUT', '/api/admin/faq/order', { group_ids: bad })
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
      expect(res.json().errors).toEqual({ group_ids: [CMS_MESSAGES.groupOrderMismatch] })
    }
    expect((await groupIds()).slice(-3)).toEqual([a, b, c])
    expect((await send(t.app, modJar, 'PUT', '/api/admin/faq/order', { group_ids: ['x'] })).json().errors).toEqual({ 'group_ids.0': [CMS_MESSAGES.groupOrderMismatch] })
    const ok = await send(t.app, modJar, 'PUT', '/api/admin/faq/order', { group_ids: wanted })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().groups.map((g: { id: number; position: number }) => [g.id, g.position])).toEqual(wanted.map((id, i) => [id, i]))
    const publicTitles = (await get('/api/faq')).json().groups.map((g: { title: string }) => g.title).filter((t: string) => t.startsWith('Kolejność'))
    expect(publicTitles).toEqual(['Kolejność C', 'Kolejność A', 'Kolejność B'])

    // A group's entries: C gets two more, then its three are reversed.
    for (const q of ['Drugie?', 'Trzecie?']) await send(t.app, modJar, 'POST', '/api/admin/faq/entries', { group_id: c, question: q, answer: 'Tak.', status: 'published' })
    const entriesOf = async (id: number) => (await get('/api/admin/faq', modJar)).json().groups.find((g: { id: number }) => g.id === id).entries.map((e: { id: number }) => e.id) as number[]
    const inC = await entriesOf(c)
    const [inA] = await entriesOf(a)
    expect(inC).toHaveLength(3)
    const wrong = await send(t.app, modJar, 'PUT', `/api/admin/faq/groups/${c}/order`, { entry_ids: [inC[2], inC[1], inA] })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors).toEqual({ entry_ids: [CMS_MESSAGES.entryOrderMismatch] })
    expect((await send(t.app, modJar, 'PUT', '/api/admin/faq/groups/999999/order', { entry_ids: [] })).statusCode).toBe(404)
    expect(await entriesOf(c)).toEqual(inC)
    const reversed = [...inC].reverse()
    const moved = await send(t.app, modJar, 'PUT', `/api/admin/faq/groups/${c}/order`, { entry_ids: reversed })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().entries.map((e: { id: number }) => e.id)).toEqual(reversed)
    const shownC = (await get('/api/faq')).json().groups.find((g: { title: string }) => g.title === 'Kolejność C')
    expect(shownC.entries.map((e: { question: string }) => e.question)).toEqual(['Trzecie?', 'Drugie?', 'Pytanie Kolejność C?'])

    expect((await auditRows('faq_group', c)).map((r) => [r.action, r.after])).toEqual([
      ['content.create', expect.objectContaining({ title: 'Kolejność C' })],
      ['content.update', { entries: reversed }],
    ])
    const orderAudit = await t.db.db.select().from(adminAudit).where(and(eq(adminAudit.targetType, 'faq_group'), isNull(adminAudit.targetId)))
    expect(orderAudit.at(-1)).toMatchObject({ action: 'content.update', actorEmail: mod.email, after: { order: wanted } })
  })

  it('the about page (/o-nas): 422 in Polish, an edit shows at once as sanitised HTML, audited', async () => {
    const { contentPages } = await import('@portal/db')
    const [row] = await t.db.db.insert(contentPages).values({ slug: 'o-nas', title: 'O nas', lead: 'Kim jesteśmy.', body: 'Stary tekst.' })
      .onConflictDoUpdate({ target: contentPages.slug, set: { body: 'Stary tekst.' } }).returning()
    const list = (await get('/api/admin/content-pages', modJar)).json()
    expect(list.data.map((p: { slug: string }) => p.slug)).toContain('o-nas')
    const bad = await send(t.app, modJar, 'PUT', `/api/admin/content-pages/${row!.id}`, { title: '', body: '' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ title: [CMS_MESSAGES.titleRequired], body: [CMS_MESSAGES.contentRequired] })
    const ok = await send(t.app, modJar, 'PUT', `/api/admin/content-pages/${row!.id}`, { title: 'O nas', lead: 'Portal od 2021.', body: '## Misja\n\n**Uczciwe** ogłoszenia.' })
    expect(ok.statusCode).toBe(200)
    const pub = (await get('/api/pages/o-nas')).json()
    expect(pub).toMatchObject({ lead: 'Portal od 2021.', body_html: '<h2>Misja</h2>\n<p><strong>Uczciwe</strong> ogłoszenia.</p>' })
    const [a] = await auditRows('content_page', row!.id)
    expect(a).toMatchObject({ action: 'content.update', before: { body: 'Stary tekst.' }, after: { lead: 'Portal od 2021.' } })
    expect((await send(t.app, modJar, 'PUT', '/api/admin/content-pages/99999', { title: 'x', body: 'y' })).statusCode).toBe(404)
  })

  it('there is no public FAQ write API (the older system had an open one)', async () => {
    const guest = await startSession(t.app)
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await send(t.app, guest, method, '/api/faq', { question: 'x', answer: 'y' })
      expect([404, 405]).toContain(res.statusCode)
    }
  })

  it('the preview renders with the public sanitiser', async () => {
    const res = await send(t.app, modJar, 'POST', '/api/admin/markdown-preview', { markdown: '# Nagłówek\n\n<img src=x onerror=alert(1)>\n\n![z](/uploads/blog/a1/lg.webp)' })
    expect(res.statusCode).toBe(200)
    expect(res.json().html).toBe('<h2>Nagłówek</h2>\n&lt;img src=x onerror=alert(1)&gt;<p><img src="/uploads/blog/a1/lg.webp" alt="z" loading="lazy" decoding="async" /></p>')
  })
})
