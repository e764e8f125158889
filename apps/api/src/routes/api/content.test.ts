import os from 'node:os'
import path from 'node:path'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { blogPosts, contactMessages, faqEntries, mailOutbox } from '@portal/db'
import { CONTACT_MESSAGES, CONTACT_TOPICS, type BlogList, type BlogPost, type FaqResponse } from '@portal/contracts/content'
import { createTestApp, insertListings, startSession } from '../../test/helpers.ts'
import { startSmtpListener } from '../../mail/test-smtp.ts'
import { LocalStorage } from '../../lib/media/storage.ts'
import { renderSeedCovers, seedSiteContent } from '../../lib/content/seed.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('content: about, FAQ, blog', () => {
  let t: T
  let uploads: string
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    uploads = mkdtempSync(path.join(os.tmpdir(), 'content-uploads-'))
    expect(await seedSiteContent(t.db)).toBeGreaterThan(12)
    expect(await renderSeedCovers(t.db, new LocalStorage(uploads))).toBe(7)
  }, 180_000)
  afterAll(async () => { await t.close(); rmSync(uploads, { recursive: true, force: true }) })

  it('seeds each table once, so later edits are kept', async () => {
    await t.db.db.update(faqEntries).set({ question: 'Zmienione pytanie?' }).where(eq(faqEntries.position, 0))
    expect(await seedSiteContent(t.db)).toBe(0)
    expect(await renderSeedCovers(t.db, new LocalStorage(uploads))).toBe(0)
    const faq = (await t.app.inject('/api/faq')).json<FaqResponse>()
    expect(faq.groups[0]!.entries[0]!.question).toBe('Zmienione pytanie?')
  })

  it('serves the about page by key, 404 for others', async () => {
    const res = await t.app.inject('/api/pages/o-nas')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ slug: 'o-nas', title: 'O nas' })
    expect(res.json().body).toContain('## Kim jesteśmy')
    expect((await t.app.inject('/api/pages/brak')).statusCode).toBe(404)
    expect((await t.app.inject('/api/pages/..%2Fx')).statusCode).toBe(404)
  })

  it('groups at least 12 FAQ entries and hides drafts', async () => {
    const faq = (await t.app.inject('/api/faq')).json<FaqResponse>()
    expect(faq.groups.map((g) => g.title)).toEqual(['Konto', 'Ogłoszenia', 'Płatności i promowanie', 'Bezpieczeństwo'])
    const all = faq.groups.flatMap((g) => g.entries)
    expect(all.length).toBeGreaterThanOrEqual(12)
    await t.db.db.update(faqEntries).set({ status: 'draft' }).where(eq(faqEntries.id, all[1]!.id))
    const after = (await t.app.inject('/api/faq')).json<FaqResponse>().groups.flatMap((g) => g.entries)
    expect(after.map((e) => e.id)).not.toContain(all[1]!.id)
    await t.db.db.update(faqEntries).set({ status: 'published' }).where(eq(faqEntries.id, all[1]!.id))
  })

  it('lists the blog newest first in pages, with covers stored as photos', async () => {
    const p1 = (await t.app.inject('/api/blog')).json<BlogList>()
    expect(p1.total).toBeGreaterThanOrEqual(6)
    expect(p1.data).toHaveLength(6)
    expect(p1.last_page).toBe(Math.ceil(p1.total / 6))
    const dates = p1.data.map((p) => p.published_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    const cover = p1.data[0]!.cover!
    expect(cover.url).toMatch(/^\/uploads\/blog\/[\w-]+\/md\.webp$/)
    expect(existsSync(path.join(uploads, cover.url.replace('/uploads/', '')))).toBe(true)
    expect(p1.data[0]!.reading_minutes).toBeGreaterThanOrEqual(2)
    const p2 = (await t.app.inject('/api/blog?page=2')).json<BlogList>()
    expect(p2.data.length).toBe(p1.total - 6)
    expect((await t.app.inject('/api/blog?page=0')).statusCode).toBe(422)
  })

  it('hides a post scheduled for the future', async () => {
    await t.db.db.update(blogPosts).set({ publishedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(blogPosts.slug, 'jak-przygotowac-mieszkanie-do-sprzedazy'))
    expect((await t.app.inject('/api/blog/jak-przygotowac-mieszkanie-do-sprzedazy')).statusCode).toBe(404)
    await t.db.db.update(blogPosts).set({ publishedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(blogPosts.slug, 'jak-przygotowac-mieszkanie-do-sprzedazy'))
  })

  it('serves an article with the listings of the city it names', async () => {
    await insertListings(t.db, [
      { city: 'Kraków', citySlug: 'krakow', title: 'Mieszkanie na Kazimierzu' },
      { city: 'Warszawa', citySlug: 'warszawa', title: 'Mieszkanie na Mokotowie' },
    ])
    const res = await t.app.inject('/api/blog/wynajem-mieszkania-w-krakowie-poradnik')
    expect(res.statusCode).toBe(200)
    const post = res.json<BlogPost>()
    expect(post.related.map((l) => l.title)).toEqual(['Mieszkanie na Kazimierzu'])
    expect(post.related_label).toBe('Kraków')
    expect(post.related_url).toBe('/szukaj?phrase=Krak%C3%B3w')
    const guide = (await t.app.inject('/api/blog/jak-nie-dac-sie-oszukac-przy-wynajmie-i-zakupie')).json<BlogPost>()
    expect(guide.related).toEqual([])
    expect(guide.related_url).toBeNull()
    expect((await t.app.inject('/api/blog/nie-ma-takiego')).statusCode).toBe(404)
  })
})

describe('content: the contact form', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, CONTACT_EMAIL: 'biuro@portal.test' })
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const body = { topic: CONTACT_TOPICS[2], name: 'Anna Nowak', email: 'Anna@Example.com', message: 'Nie mogę dodać zdjęć do ogłoszenia.' }

  it('needs the CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact/contact-form', payload: body })
    expect(res.statusCode).toBe(419)
  })

  it('answers 422 with Polish field messages', async () => {
    const jar = await startSession(t.app)
    const res = await t.app.inject({
      method: 'POST', url: '/api/contact/contact-form', headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf },
      payload: { topic: 'Reklama', name: ' ', email: 'zly-adres', message: 'krótko' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject({
      topic: [CONTACT_MESSAGES.topicRequired], name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailInvalid], message: [CONTACT_MESSAGES.messageTooShort],
    })
  })

  it('stores the message, mails the portal (reply-to the sender) and confirms to the sender', async () => {
    const jar = await startSession(t.app)
    const res = await t.app.inject({
      method: 'POST', url: '/api/contact/contact-form', headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf }, payload: body,
    })
    expect(res.statusCode).toBe(204)
    const [stored] = await t.db.db.select().from(contactMessages)
    expect(stored).toMatchObject({ topic: 'Problem techniczny', name: 'Anna Nowak', email: 'anna@example.com', userId: null })
    const mails = [await smtp.next(), await smtp.next()]
    const toPortal = mails.find((m) => m.subject?.startsWith('Formularz kontaktowy'))!
    expect(toPortal.subject).toBe(`Formularz kontaktowy: Problem techniczny (#${stored!.id})`)
    expect(toPortal.to && 'text' in toPortal.to ? toPortal.to.text : '').toContain('biuro@portal.test')
    expect(toPortal.replyTo?.text).toContain('anna@example.com')
    expect(toPortal.text).toContain('Nie mogę dodać zdjęć do ogłoszenia.')
    const confirmation = mails.find((m) => m.subject === 'Otrzymaliśmy Twoją wiadomość')!
    expect(confirmation.to && 'text' in confirmation.to ? confirmation.to.text : '').toContain('anna@example.com')
    expect(confirmation.text).toContain('Problem techniczny')
  })

  it('limits messages per address', async () => {
    const jar = await startSession(t.app)
    const send = () => t.app.inject({
      method: 'POST', url: '/api/contact/contact-form', headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf }, payload: body,
    })
    const codes: number[] = []
    for (let i = 0; i < 5; i++) codes.push((await send()).statusCode)
    expect(codes.slice(0, 4)).toEqual([204, 204, 204, 204])
    expect(codes[4]).toBe(429)
    await t.app.mailer.flush()
  })

  it('holds to the limit when an address sends many at once (no check-then-count race)', async () => {
    const jar = await startSession(t.app)
    const before = (await t.db.db.select().from(contactMessages)).length
    const codes = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({
      method: 'POST', url: '/api/contact/contact-form', remoteAddress: '10.9.8.7',
      headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf }, payload: body,
    }).then((r) => r.statusCode)))
    expect(codes.filter((c) => c === 204)).toHaveLength(5)
    expect(codes.filter((c) => c === 429)).toHaveLength(5)
    expect((await t.db.db.select().from(contactMessages)).length - before).toBe(5)
    await t.app.mailer.flush()
  })
})

describe('content: the contact form with the captcha on', () => {
  let t: T
  beforeAll(async () => { t = await createTestApp({ CAPTCHA: 'on' }) })
  afterAll(async () => { await t.close() })

  it('refuses a message without a solved captcha and stores nothing', async () => {
    const jar = await startSession(t.app)
    const res = await t.app.inject({
      method: 'POST', url: '/api/contact/contact-form', headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf },
      payload: { topic: 'Inne', name: 'Jan', email: 'jan@example.com', message: 'Dzień dobry, mam pytanie.' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.captcha).toBeDefined()
    expect(await t.db.db.select().from(contactMessages)).toHaveLength(0)
    expect(await t.db.db.select().from(mailOutbox)).toHaveLength(0)
  })
})
