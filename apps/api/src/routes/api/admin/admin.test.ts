import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { clearDashboardCache } from '../../../lib/stats/dashboard.ts'
import type { ParsedMail } from 'mailparser'
import { adminAudit, listings, reports, users } from '@portal/db'
import { ADMIN_MESSAGES } from '@portal/contracts/admin'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer, form, upload, validOffer } from '../offers/test-support.ts'
import sharp from 'sharp'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('admin area: access, moderation state machine, reports, users, blacklist, audit', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let adminJar: Jar
  let modJar: Jar
  let ownerJar: Jar
  let userJar: Jar
  let admin: Awaited<ReturnType<typeof createUser>>
  let mod: Awaited<ReturnType<typeof createUser>>
  let owner: Awaited<ReturnType<typeof createUser>>
  let plain: Awaited<ReturnType<typeof createUser>>

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    admin = await createUser(t.db, { email: 'szef@example.com', name: 'Szef', roles: ['admin'] })
    mod = await createUser(t.db, { email: 'mod@example.com', name: 'Moderatorka', roles: ['mod'] })
    owner = await createUser(t.db, { email: 'wlasciciel@example.com', name: 'Ola Właścicielka' })
    plain = await createUser(t.db, { email: 'zwykly@example.com', name: 'Zwykły Użytkownik' })
    adminJar = await login(t.app, admin.email)
    modJar = await login(t.app, mod.email)
    ownerJar = await login(t.app, owner.email)
    userJar = await login(t.app, plain.email)
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })
  /** The next mail to `to` (others that arrive first are skipped: delivery runs in the background). */
  async function mailTo(to: string): Promise<ParsedMail> {
    for (;;) {
      const m = await smtp.next()
      if (m.to && JSON.stringify(m.to).includes(to)) return m
    }
  }
  /** The user's unread bell notifications whose text contains `about`. */
  const bell = async (j: Jar, about: string) => ((await get('/api/user/notifications', j)).json().data as Array<{ type: string; message: string; link: string | null }>)
    .filter((n) => n.message.includes(about))
  const auditOf = async (action: string) => t.db.db.select().from(adminAudit).where(eq(adminAudit.action, action))

  it('404 for guests and ordinary users on every admin call (even with a bad body), the same as an unknown address', async () => {
    const guest = await startSession(t.app)
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/me'], ['GET', '/api/admin/audit'], ['GET', '/api/admin/moderation'], ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/users'], ['GET', '/api/admin/users/1'], ['GET', '/api/admin/blacklist'], ['GET', '/api/admin/moderation/categories'],
      ['GET', '/api/admin/dashboard'], ['GET', '/api/admin/dashboard?days=7'],
      ['POST', '/api/admin/moderation/1/approve'], ['POST', '/api/admin/moderation/1/reject', {}], ['PUT', '/api/admin/moderation/categories/1', { mode: 'x' }],
      ['POST', '/api/admin/reports/1', { action: 'nope' }], ['POST', '/api/admin/users/1/block', {}], ['POST', '/api/admin/users/1/unblock'],
      ['PUT', '/api/admin/users/1/role', { role: 'admin' }], ['POST', '/api/admin/blacklist', { word: '' }], ['DELETE', '/api/admin/blacklist/1'],
    ]
    const unknown = await get('/api/nie-ma-takiego-adresu', userJar)
    for (const jar of [guest, userJar, ownerJar]) {
      for (const [method, url, body] of calls) {
        const res = method === 'GET' ? await get(url, jar) : await send(t.app, jar, method as 'POST', url, body)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().code).toBe(unknown.json().code)
      }
    }
    // Staff without the CSRF header: 419 like any state change.
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/admin/blacklist', headers: { cookie: adminJar.cookie }, payload: { word: 'abc' } })
    expect(noCsrf.statusCode).toBe(419)
    const me = await get('/api/admin/me', modJar)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ email: mod.email, is_admin: false, backlog: { moderation: 0, reports: 0 } })
  })

  it('pre-moderation: queued → rejected with a note (owner mailed, sees it) → edit re-queues → approved → live; all audited', async () => {
    // Only an admin sets a category's mode.
    const byMod = await send(t.app, modJar, 'PUT', '/api/admin/moderation/categories/1', { mode: 'pre' })
    expect(byMod.statusCode).toBe(403)
    const bad = await send(t.app, adminJar, 'PUT', '/api/admin/moderation/categories/1', { mode: 'sometimes' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.mode).toEqual([ADMIN_MESSAGES.modeInvalid])
    const set = await send(t.app, adminJar, 'PUT', '/api/admin/moderation/categories/1', { mode: 'pre' })
    expect(set.json()).toMatchObject({ id: 1, mode: 'pre' })
    const cats = (await get('/api/admin/moderation/categories', modJar)).json().data as Array<{ id: number; name: string; mode: string; parent: string | null }>
    // Subcategories of Mieszkanie inherit the parent's mode.
    const child = cats.find((c) => c.parent)!
    const parent = cats.find((c) => c.name === child.parent && !c.parent)!
    expect(child.mode).toBe('post')
    await send(t.app, adminJar, 'PUT', `/api/admin/moderation/categories/${parent.id}`, { mode: 'pre' })
    const after = (await get('/api/admin/moderation/categories', modJar)).json().data as typeof cats
    expect(after.find((c) => c.id === child.id)!.mode).toBe('pre')
    await send(t.app, adminJar, 'PUT', `/api/admin/moderation/categories/${parent.id}`, { mode: 'post' })

    const created = await createOffer(t.app, ownerJar, { title: 'Mieszkanie do moderacji' })
    expect(created.status).toBe('pending')
    expect((await get(`/api/offers/${created.slug}`)).statusCode).toBe(404)
    const queue = (await get('/api/admin/moderation', modJar)).json()
    expect(queue.data.map((q: { id: number }) => q.id)).toContain(created.id)
    expect(queue.data.find((q: { id: number }) => q.id === created.id)).toMatchObject({ mode: 'pre', reason: 'new', owner: { email: owner.email } })
    expect((await get('/api/admin/me', modJar)).json().backlog.moderation).toBeGreaterThanOrEqual(1)

    const empty = await send(t.app, modJar, 'POST', `/api/admin/moderation/${created.id}/reject`, { note: ' ' })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors.note).toEqual([ADMIN_MESSAGES.noteRequired])
    const rejected = await send(t.app, modJar, 'POST', `/api/admin/moderation/${created.id}/reject`, { note: 'Zdjęcia nie pokazują mieszkania' })
    expect(rejected.json()).toMatchObject({ status: 'rejected', state: 'rejected', note: 'Zdjęcia nie pokazują mieszkania' })
    const again = await send(t.app, modJar, 'POST', `/api/admin/moderation/${created.id}/approve`)
    expect(again.statusCode).toBe(409)
    const mail = await mailTo(owner.email)
    expect(mail.subject).toBe('Twoje ogłoszenie zostało odrzucone')
    expect(mail.text).toContain('Powód: Zdjęcia nie pokazują mieszkania')
    // …and a notification: the reason, a link to the edit form.
    expect(await bell(ownerJar, 'Mieszkanie do moderacji')).toEqual([{
      id: expect.any(Number), created_at: expect.any(String), type: 'warning',
      message: 'Ogłoszenie „Mieszkanie do moderacji” zostało odrzucone: Zdjęcia nie pokazują mieszkania',
      link: `/moje-ogloszenia/edytuj-ogloszenie/${created.slug}`,
    }])

    const mine = (await get('/api/user/offers?status=rejected', ownerJar)).json()
    expect(mine.data[0]).toMatchObject({ id: created.id, status: 'rejected', moderation_note: 'Zdjęcia nie pokazują mieszkania' })
    // A rejected listing cannot be renewed around the moderator.
    expect((await send(t.app, ownerJar, 'POST', `/api/offers/${created.id}/renew`)).statusCode).toBe(409)

    // The owner edits: back in the queue, waiting again.
    const put = await send(t.app, ownerJar, 'PUT', `/api/offers/${created.id}`, validOffer({ title: 'Mieszkanie do moderacji, nowe zdjęcia' }))
    expect(put.statusCode).toBe(200)
    const [afterEdit] = await t.db.db.select().from(listings).where(eq(listings.id, created.id))
    expect(afterEdit!.status).toBe('pending')
    const requeued = (await get('/api/admin/moderation?mode=pre', modJar)).json().data.find((q: { id: number }) => q.id === created.id)
    expect(requeued).toMatchObject({ reason: 'edit', title: 'Mieszkanie do moderacji, nowe zdjęcia' })

    const approved = await send(t.app, modJar, 'POST', `/api/admin/moderation/${created.id}/approve`)
    expect(approved.json()).toMatchObject({ status: 'active', state: 'approved' })
    expect((await get(`/api/offers/${created.slug}`)).statusCode).toBe(200)
    expect((await mailTo(owner.email)).subject).toBe('Twoje ogłoszenie już jest na portalu Dazu')
    expect(await bell(ownerJar, 'Mieszkanie do moderacji, nowe zdjęcia')).toMatchObject([{
      type: 'info', message: 'Ogłoszenie „Mieszkanie do moderacji, nowe zdjęcia” zostało zaakceptowane przez moderatora i jest widoczne na portalu',
      link: `/ogloszenia/${created.slug}`,
    }])
    expect((await get('/api/user/offers', ownerJar)).json().data.find((o: { id: number }) => o.id === created.id).moderation_note).toBeNull()

    const [rej] = await auditOf('listing.reject')
    expect(rej).toMatchObject({ actorId: mod.id, actorEmail: mod.email, targetType: 'listing', targetId: String(created.id), note: 'Zdjęcia nie pokazują mieszkania' })
    expect(rej!.before).toMatchObject({ status: 'pending', moderation: { state: 'queued' } })
    expect(rej!.after).toMatchObject({ status: 'rejected', moderation: { state: 'rejected', note: 'Zdjęcia nie pokazują mieszkania' } })
    const [appr] = await auditOf('listing.approve')
    expect(appr!.after).toMatchObject({ status: 'active' })
    const [cat] = await auditOf('category.moderation')
    expect(cat).toMatchObject({ actorId: admin.id, before: { mode: 'post' }, after: { mode: 'pre' } })
  })

  it('post-moderation (default): live at once and queued; a content edit is queued again while it stays live', async () => {
    const created = await createOffer(t.app, ownerJar, { category_id: 9, title: 'Dom z ogrodem', attributes: [{ id: 4, value: '120' }] })
    expect(created.status).toBe('active')
    expect((await get(`/api/offers/${created.slug}`)).statusCode).toBe(200)
    const q = (await get('/api/admin/moderation?mode=post', adminJar)).json().data.find((x: { id: number }) => x.id === created.id)
    expect(q).toMatchObject({ status: 'active', mode: 'post', reason: 'new' })
    expect((await send(t.app, adminJar, 'POST', `/api/admin/moderation/${created.id}/approve`)).json()).toMatchObject({ status: 'active', state: 'approved' })
    // A price-only change is not a content edit; a new description is.
    await send(t.app, ownerJar, 'PUT', `/api/offers/${created.id}`, validOffer({ category_id: 9, title: 'Dom z ogrodem', attributes: [{ id: 4, value: '120' }], price: 99_000_000 }))
    expect((await get('/api/admin/moderation?mode=post', adminJar)).json().data.some((x: { id: number }) => x.id === created.id)).toBe(false)
    await send(t.app, ownerJar, 'PUT', `/api/offers/${created.id}`, validOffer({ category_id: 9, title: 'Dom z ogrodem', attributes: [{ id: 4, value: '120' }], description: 'Nowy opis domu.' }))
    const edited = (await get('/api/admin/moderation?mode=post', adminJar)).json().data.find((x: { id: number }) => x.id === created.id)
    expect(edited).toMatchObject({ status: 'active', reason: 'edit' })
    // A new or deleted photo is a content edit too.
    expect((await send(t.app, adminJar, 'POST', `/api/admin/moderation/${created.id}/approve`)).statusCode).toBe(200)
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } }).jpeg().toBuffer()
    const up = await upload(t.app, ownerJar, `/api/offers/${created.id}/photos`, form({}, { name: 'nowe.jpg', type: 'image/jpeg', data: jpeg }))
    expect(up.statusCode).toBe(201)
    expect((await get('/api/admin/moderation?mode=post', adminJar)).json().data.find((x: { id: number }) => x.id === created.id)).toMatchObject({ reason: 'edit' })
    expect((await send(t.app, adminJar, 'POST', `/api/admin/moderation/${created.id}/approve`)).statusCode).toBe(200)
    expect((await send(t.app, ownerJar, 'DELETE', `/api/offers/${created.id}/photos/${up.json().id}`)).statusCode).toBe(204)
    expect((await get('/api/admin/moderation?mode=post', adminJar)).json().data.find((x: { id: number }) => x.id === created.id)).toMatchObject({ reason: 'edit' })
    // It was visible all along: none of the three approvals mailed 'już jest na portalu' (issue 29).
    await t.app.mailer.flush()
    await new Promise((r) => setTimeout(r, 300))
    const mails = []
    while (smtp.pending()) mails.push(await smtp.next())
    expect(mails.filter((m) => m.subject === 'Twoje ogłoszenie już jest na portalu Dazu' && m.text?.includes('Dom z ogrodem'))).toEqual([])
  })

  it('blacklist: inflected forms masked on save, the rest of the text keeps its case; duplicates 422; audited', async () => {
    expect((await send(t.app, modJar, 'POST', '/api/admin/blacklist', { word: 'x1' })).statusCode).toBe(422)
    const added = await send(t.app, modJar, 'POST', '/api/admin/blacklist', { word: 'Oszust' })
    expect(added.statusCode).toBe(201)
    expect(added.json().word).toBe('oszust')
    const dup = await send(t.app, modJar, 'POST', '/api/admin/blacklist', { word: 'OSZUST' })
    expect(dup.json().errors.word).toEqual([ADMIN_MESSAGES.wordExists])
    const created = await createOffer(t.app, ownerJar, {
      category_id: 9, attributes: [{ id: 4, value: '90' }],
      title: 'Dom NIE dla OSZUSTÓW w Wilanowie', description: 'Poprzedni Oszust nie zapłacił. Uwaga na oszustami i oszustkę! Oszustwo to nie jest.',
    })
    const [row] = await t.db.db.select().from(listings).where(eq(listings.id, created.id))
    expect(row!.title).toBe('Dom NIE dla O******* w Wilanowie')
    expect(row!.description).toBe('Poprzedni O***** nie zapłacił. Uwaga na o******** i o*******! Oszustwo to nie jest.')
    const list = (await get('/api/admin/blacklist', modJar)).json().data
    const del = await send(t.app, modJar, 'DELETE', `/api/admin/blacklist/${list[0].id}`)
    expect(del.statusCode).toBe(204)
    expect((await send(t.app, modJar, 'DELETE', `/api/admin/blacklist/${list[0].id}`)).statusCode).toBe(404)
    expect((await auditOf('blacklist.add'))[0]).toMatchObject({ after: { word: 'oszust' } })
    expect((await auditOf('blacklist.remove'))[0]).toMatchObject({ before: { word: 'oszust' }, after: null })
  })

  it('users: search, view, block (no login, listings leave search, nothing deleted), unblock restores; staff protected', async () => {
    const victim = await createUser(t.db, { email: 'naruszajacy@example.com', name: 'Adam Naruszający' })
    let victimJar = await login(t.app, victim.email)
    const live = await createOffer(t.app, victimJar, { category_id: 9, title: 'Dom naruszającego', attributes: [{ id: 4, value: '80' }] })
    const draft = await createOffer(t.app, victimJar, { category_id: 9, title: 'Szkic', attributes: [{ id: 4, value: '80' }], status: 'draft' } as never)

    const found = (await get('/api/admin/users?q=naruszaj', modJar)).json()
    expect(found.data.map((u: { email: string }) => u.email)).toEqual([victim.email])
    expect((await get(`/api/admin/users?q=${victim.id}`, modJar)).json().data[0].id).toBe(victim.id)
    expect((await get('/api/admin/users?role=admin', modJar)).json().data.map((u: { id: number }) => u.id)).toEqual([admin.id])
    const view = (await get(`/api/admin/users/${victim.id}`, modJar)).json()
    expect(view).toMatchObject({ listings: 2, listings_by_status: { active: 1, draft: 1 }, blocked_at: null })
    expect((await get('/api/admin/users/999999', modJar)).statusCode).toBe(404)

    expect((await send(t.app, modJar, 'POST', `/api/admin/users/${admin.id}/block`, {})).statusCode).toBe(403)
    expect((await send(t.app, modJar, 'POST', `/api/admin/users/${mod.id}/block`, {})).statusCode).toBe(409)
    const blocked = await send(t.app, modJar, 'POST', `/api/admin/users/${victim.id}/block`, { reason: 'Fałszywe ogłoszenia' })
    expect(blocked.statusCode).toBe(200)
    expect(blocked.json()).toMatchObject({ blocked_reason: 'Fałszywe ogłoszenia', listings_by_status: { suspended: 1, draft: 1 } })
    expect((await send(t.app, modJar, 'POST', `/api/admin/users/${victim.id}/block`, {})).statusCode).toBe(409)
    expect((await mailTo(victim.email)).subject).toBe('Twoje konto zostało zablokowane')
    // The open session is gone, logging in is refused, the listing is out of every public read, rows are kept.
    expect((await get('/api/user', victimJar)).statusCode).toBe(401)
    const g = await startSession(t.app)
    const refused = await send(t.app, g, 'POST', '/api/auth/login', { email: victim.email, password: 'Haslo123' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: ADMIN_MESSAGES.blocked, message: ADMIN_MESSAGES.blocked, code: 'account_blocked' })
    const wrong = await send(t.app, g, 'POST', '/api/auth/login', { email: victim.email, password: 'Zle12345' })
    expect(wrong.statusCode).toBe(401)
    expect((await get(`/api/offers/${live.slug}`)).statusCode).toBe(404)
    const search = (await get('/api/search?phrase=naruszajacego')).json()
    expect(search.data.map((d: { id: number }) => d.id)).not.toContain(live.id)
    expect(await t.db.db.select().from(listings).where(eq(listings.userId, victim.id))).toHaveLength(2)

    const unblocked = await send(t.app, modJar, 'POST', `/api/admin/users/${victim.id}/unblock`)
    expect(unblocked.json()).toMatchObject({ blocked_at: null, listings_by_status: { active: 1, draft: 1 } })
    expect((await get(`/api/offers/${live.slug}`)).statusCode).toBe(200)
    victimJar = await login(t.app, victim.email)
    expect((await get('/api/user', victimJar)).statusCode).toBe(200)
    const [b] = await auditOf('user.block')
    expect(b).toMatchObject({ actorId: mod.id, targetId: String(victim.id), before: { blocked_at: null }, after: { blocked_reason: 'Fałszywe ogłoszenia', suspended_listings: 1 } })
    expect((await auditOf('user.unblock'))[0]!.after).toMatchObject({ blocked_at: null, restored_listings: 1 })
    void draft
  })

  it('roles: only an admin changes them (not on themselves); a promoted user reaches the area, a demoted one loses it', async () => {
    const u = await createUser(t.db, { email: 'awans@example.com', name: 'Awansowany' })
    expect((await send(t.app, modJar, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'mod' })).statusCode).toBe(403)
    expect((await send(t.app, adminJar, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'boss' })).json().errors.role).toEqual([ADMIN_MESSAGES.roleInvalid])
    expect((await send(t.app, adminJar, 'PUT', `/api/admin/users/${admin.id}/role`, { role: 'user' })).statusCode).toBe(409)
    const promoted = await send(t.app, adminJar, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'mod' })
    expect(promoted.json().roles).toEqual(['mod'])
    const jar = await login(t.app, u.email)
    expect((await get('/api/admin/me', jar)).statusCode).toBe(200)
    await send(t.app, adminJar, 'PUT', `/api/admin/users/${u.id}/role`, { role: 'user' })
    expect((await get('/api/admin/me', jar)).statusCode).toBe(404)
    const roles = await auditOf('user.role')
    expect(roles.map((r) => r.after)).toEqual([{ roles: ['mod'] }, { roles: ['user'] }])
  })

  it('reports: grouped by listing; dismiss and end close them, reporters with an account are told; an ended listing cannot be renewed', async () => {
    const a = await createOffer(t.app, ownerJar, { category_id: 9, title: 'Dom zgłaszany', attributes: [{ id: 4, value: '70' }] })
    const b = await createOffer(t.app, ownerJar, { category_id: 9, title: 'Dom raz zgłoszony', attributes: [{ id: 4, value: '70' }] })
    const reporter = await createUser(t.db, { email: 'zglaszajacy@example.com', name: 'Zgłaszający' })
    await t.db.db.insert(reports).values([
      { listingId: a.id, reporterUserId: reporter.id, reason: 'oszustwo', message: 'Cena nierealna' },
      { listingId: a.id, reporterUserId: null, reason: 'duplikat' },
      { listingId: b.id, reporterUserId: reporter.id, reason: 'nieaktualne' },
    ])
    const groups = (await get('/api/admin/reports', modJar)).json()
    expect(groups.total).toBe(2)
    expect(groups.data[0]).toMatchObject({ listing: { id: a.id, owner_email: owner.email }, count: 2 })
    expect(groups.data[0].reports.map((r: { reason_label: string }) => r.reason_label).sort()).toEqual(['Duplikat', 'Oszustwo'])
    expect((await send(t.app, modJar, 'POST', `/api/admin/reports/${b.id}`, { action: 'ban' })).statusCode).toBe(422)

    const dismissed = await send(t.app, modJar, 'POST', `/api/admin/reports/${b.id}`, { action: 'dismiss' })
    expect(dismissed.json()).toEqual({ resolved: 1, told: 1 })
    expect((await mailTo(reporter.email)).text).toContain('nie stwierdziliśmy naruszenia')
    const reporterJar = await login(t.app, reporter.email)
    expect(await bell(reporterJar, 'Dom raz zgłoszony')).toMatchObject([{
      type: 'info', message: 'Twoje zgłoszenie ogłoszenia Dom raz zgłoszony zostało rozpatrzone: nie stwierdziliśmy naruszenia regulaminu', link: `/ogloszenia/${b.slug}`,
    }])
    // A dismissed report tells the owner nothing.
    const warnings = async (about: string) => (await bell(ownerJar, about)).filter((n) => n.type === 'warning')
    expect(await warnings('Dom raz zgłoszony')).toEqual([])
    expect((await send(t.app, modJar, 'POST', `/api/admin/reports/${b.id}`, { action: 'dismiss' })).statusCode).toBe(409)

    const ended = await send(t.app, modJar, 'POST', `/api/admin/reports/${a.id}`, { action: 'end', note: 'Oszustwo potwierdzone' })
    expect(ended.json()).toEqual({ resolved: 2, told: 1 })
    // Two mails in either order: the owner's and the reporter's.
    const two = [await smtp.next(), await smtp.next()]
    const to = (m: ParsedMail) => JSON.stringify(m.to)
    expect(two.find((m) => to(m).includes(reporter.email))!.text).toContain('Ogłoszenie zostało zakończone.')
    expect(two.find((m) => to(m).includes(owner.email))!.subject).toBe('Twoje ogłoszenie zostało zakończone')
    expect((await get(`/api/offers/${a.slug}`)).statusCode).toBe(410)
    expect(await bell(reporterJar, 'Dom zgłaszany')).toMatchObject([{ message: 'Twoje zgłoszenie ogłoszenia Dom zgłaszany zostało rozpatrzone: ogłoszenie zostało zakończone', link: null }])
    expect(await warnings('Dom zgłaszany')).toMatchObject([{
      type: 'warning', message: 'Ogłoszenie „Dom zgłaszany” zostało zakończone przez moderatora po zgłoszeniach: Oszustwo potwierdzone', link: '/moje-ogloszenia',
    }])
    expect((await send(t.app, ownerJar, 'POST', `/api/offers/${a.id}/renew`)).statusCode).toBe(409)
    expect((await get('/api/admin/reports', modJar)).json().total).toBe(0)
    const rows = await t.db.db.select().from(reports).where(eq(reports.listingId, a.id))
    expect(rows.every((r) => r.status === 'resolved' && r.resolution === 'ended' && r.resolvedBy === mod.id)).toBe(true)
    expect((await auditOf('listing.end'))[0]).toMatchObject({ targetId: String(a.id), before: { status: 'active' }, after: { status: 'ended' } })
    expect((await auditOf('reports.dismiss'))[0]).toMatchObject({ targetId: String(b.id), after: { resolution: 'dismissed' } })
  })

  it('dashboard: daily series over 30 or 90 days (new and active listings, users, searches, messages, revenue) and the backlog', async () => {
    await t.app.inject('/api/search?phrase=dom')
    await t.app.inject('/api/search?phrase=mieszkanie')
    await t.app.dailyCounter.flush()
    clearDashboardCache()
    const res = await get('/api/admin/dashboard', modJar)
    expect(res.statusCode).toBe(200)
    const d = res.json()
    expect(d.days).toBe(30)
    expect(d.series.map((s: { key: string }) => s.key)).toEqual(['new_listings', 'active_listings', 'new_users', 'searches', 'messages', 'revenue'])
    const by = Object.fromEntries(d.series.map((s: { key: string }) => [s.key, s]))
    expect(by.new_listings.points).toHaveLength(30)
    const [{ n }] = ((await t.db.db.execute(sql`select count(*)::int as n from listings where status <> 'draft'`)) as unknown as { rows: Array<{ n: number }> }).rows
    expect(by.new_listings.total).toBe(n)
    expect(by.new_listings.points.at(-1).value).toBe(n)
    expect(by.new_users.total).toBeGreaterThanOrEqual(6)
    expect(by.searches.points.at(-1).value).toBeGreaterThanOrEqual(2)
    const [{ live }] = ((await t.db.db.execute(sql`select count(*)::int as live from listings where status <> 'draft' and (expires_at is null or expires_at > now())`)) as unknown as { rows: Array<{ live: number }> }).rows
    expect(by.active_listings.total).toBe(live)
    expect(d.backlog).toMatchObject({ moderation: expect.any(Number), reports: 0 })
    expect((await get('/api/admin/dashboard?days=90', modJar)).json().series[0].points).toHaveLength(90)
    expect((await get('/api/admin/dashboard?days=7', modJar)).statusCode).toBe(422)
  })

  it('audit log: newest first, filtered by actor, action (or prefix), target and day', async () => {
    const all = (await get('/api/admin/audit', modJar)).json()
    expect(all.total).toBeGreaterThan(8)
    const times = all.data.map((e: { created_at: string }) => e.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    const byAdmin = (await get(`/api/admin/audit?actor=${encodeURIComponent('szef@')}`, modJar)).json()
    expect(byAdmin.data.length).toBeGreaterThan(0)
    expect(byAdmin.data.every((e: { actor_email: string }) => e.actor_email === admin.email)).toBe(true)
    const users_ = (await get('/api/admin/audit?action=user.', modJar)).json()
    expect(new Set(users_.data.map((e: { action: string }) => e.action))).toEqual(new Set(['user.block', 'user.unblock', 'user.role']))
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date())
    expect((await get(`/api/admin/audit?from=${today}&to=${today}`, modJar)).json().total).toBe(all.total)
    expect((await get('/api/admin/audit?to=2001-01-01', modJar)).json().total).toBe(0)
    expect((await get('/api/admin/audit?from=wczoraj', modJar)).statusCode).toBe(422)
    const [one] = await t.db.db.select().from(users).where(eq(users.email, 'awans@example.com'))
    expect((await get(`/api/admin/audit?target_type=user&target_id=${one!.id}`, modJar)).json().total).toBe(2)
  })
})
