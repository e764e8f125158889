import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { adminAudit, newsletterCampaigns, newsletterDeliveries, newsletterSubscriptions } from '@portal/db'
import { CAMPAIGN_MESSAGES } from '@portal/contracts/cms'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { CAMPAIGN_JOB, sendCampaignBatch } from '../../../lib/cms/campaigns.ts'
import { newUnsubscribeToken } from '../../../lib/newsletter/newsletter.ts'
import type { Mail } from '../../../mail/mailer.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('admin: newsletter campaigns through the job queue', () => {
  let t: T
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let modJar: Jar
  let userJar: Jar

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    const mod = await createUser(t.db, { email: 'nl-mod@example.com', name: 'Moderator', roles: ['mod'] })
    const plain = await createUser(t.db, { email: 'nl-user@example.com', name: 'Zwykły' })
    modJar = await login(t.app, mod.email)
    userJar = await login(t.app, plain.email)
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })
  const subscribe = (email: string, status: 'active' | 'pending' | 'unsubscribed') =>
    t.db.db.insert(newsletterSubscriptions).values({ email, status, unsubscribeToken: newUnsubscribeToken() }).returning().then((r) => r[0]!)

  it('404 for guests and ordinary users; 419 without CSRF; 422 with Polish messages', async () => {
    const guest = await startSession(t.app)
    for (const jar of [guest, userJar]) {
      for (const [method, url] of [['GET', '/api/admin/campaigns'], ['GET', '/api/admin/campaigns/1'], ['POST', '/api/admin/campaigns'], ['PUT', '/api/admin/campaigns/1'], ['POST', '/api/admin/campaigns/1/send']] as const) {
        const res = method === 'GET' ? await get(url, jar) : await send(t.app, jar, method, url, {})
        expect(res.statusCode, `${method} ${url}`).toBe(404)
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: { cookie: modJar.cookie }, payload: { subject: 'a', body: 'b' } })).statusCode).toBe(419)
    const bad = await send(t.app, modJar, 'POST', '/api/admin/campaigns', { subject: ' ', body: 'x'.repeat(50_001) })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ subject: [CAMPAIGN_MESSAGES.subjectRequired], body: [CAMPAIGN_MESSAGES.bodyTooLong] })
  })

  it('sends to confirmed subscribers only, as bulk mail with the one-click unsubscribe; progress and audit; never twice', async () => {
    const noOne = (await send(t.app, modJar, 'POST', '/api/admin/campaigns', { subject: 'Pusto', body: 'Nikt.' })).json()
    const refused = await send(t.app, modJar, 'POST', `/api/admin/campaigns/${noOne.id}/send`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(CAMPAIGN_MESSAGES.noSubscribers)

    const a = await subscribe('ala@example.com', 'active')
    await subscribe('bartek@example.com', 'active')
    await subscribe('czeka@example.com', 'pending')
    await subscribe('wypisany@example.com', 'unsubscribed')
    const created = await send(t.app, modJar, 'POST', '/api/admin/campaigns', { subject: 'Nowości w serwisie', body: '## Wiosna\n\nZobacz [nowe ogłoszenia](/szukaj). <b>x</b>' })
    expect(created.statusCode).toBe(201)
    const c = created.json()
    expect(c).toMatchObject({ status: 'draft', total: 2, sent: 0 })
    const edited = await send(t.app, modJar, 'PUT', `/api/admin/campaigns/${c.id}`, { subject: 'Nowości wiosenne', body: '## Wiosna\n\nZobacz [nowe ogłoszenia](/szukaj). <b>x</b>' })
    expect(edited.statusCode).toBe(200)

    const started = await send(t.app, modJar, 'POST', `/api/admin/campaigns/${c.id}/send`)
    expect(started.statusCode).toBe(200)
    expect(started.json()).toMatchObject({ status: 'sending', total: 2 })
    expect((await send(t.app, modJar, 'PUT', `/api/admin/campaigns/${c.id}`, { subject: 'x', body: 'y' })).statusCode).toBe(409)

    await t.app.jobs.drain([CAMPAIGN_JOB])
    await t.app.mailer.flush()
    const mails: ParsedMail[] = [await smtp.next(), await smtp.next()]
    expect(mails.map((m) => JSON.stringify(m.to)).sort().join()).toMatch(/ala@example.com.*bartek@example.com/)
    const toAla = mails.find((m) => JSON.stringify(m.to).includes('ala@example.com'))!
    expect(toAla.subject).toBe('Nowości wiosenne')
    expect(toAla.html).toContain('<h2>Wiosna</h2>')
    expect(toAla.html).toContain('<a href="https://portal.test/szukaj">nowe ogłoszenia</a>')
    expect(toAla.html).toContain('&lt;b&gt;x&lt;/b&gt;')
    const unsubscribe = `https://portal.test/wypisz?token=${encodeURIComponent(a.unsubscribeToken)}`
    // (folded by the mail library: a long header continues on the next line)
    expect(toAla.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ')).toBe(`List-Unsubscribe: <${unsubscribe}>`)
    expect(toAla.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(toAla.text).toContain(unsubscribe)

    const progress = (await get(`/api/admin/campaigns/${c.id}`, modJar)).json()
    expect(progress).toMatchObject({ status: 'sent', total: 2, sent: 2 })
    expect(progress.finished_at).not.toBeNull()
    expect((await send(t.app, modJar, 'POST', `/api/admin/campaigns/${c.id}/send`)).statusCode).toBe(409)
    const list = (await get('/api/admin/campaigns', modJar)).json()
    expect(list.subscribers).toBe(2)

    // Running the job again (a retry, a duplicate) mails nobody twice.
    await t.db.db.update(newsletterCampaigns).set({ status: 'sending' }).where(eq(newsletterCampaigns.id, c.id))
    const again = await sendCampaignBatch({ db: t.db, jobs: t.app.jobs, mailer: t.app.mailer, publicUrl: 'https://portal.test' }, c.id)
    expect(again).toBe(0)
    expect((await t.db.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.campaignId, c.id)))).toHaveLength(2)

    const audits = await t.db.db.select().from(adminAudit).where(and(eq(adminAudit.targetType, 'campaign'), eq(adminAudit.targetId, String(c.id)))).orderBy(adminAudit.id)
    expect(audits.map((r) => r.action)).toEqual(['campaign.create', 'campaign.update', 'campaign.send'])
    expect(audits[1]!.before).toMatchObject({ subject: 'Nowości w serwisie' })
    expect(audits[2]!.after).toMatchObject({ status: 'sending', total: 2 })
  })

  it('fans out in batches, resumes after a crash without repeating, skips those who unsubscribed meanwhile', async () => {
    await t.db.db.update(newsletterSubscriptions).set({ status: 'unsubscribed' })
    const subs = []
    for (let i = 0; i < 5; i++) subs.push(await subscribe(`partia${i}@example.com`, 'active'))
    const [c] = await t.db.db.insert(newsletterCampaigns).values({ subject: 'Partie', body: 'Treść.', status: 'sending', total: 5 }).returning()
    // A crashed earlier run had claimed subscriber 0 (and may have mailed them): they are not mailed again.
    await t.db.db.insert(newsletterDeliveries).values({ campaignId: c!.id, subscriptionId: subs[0]!.id })
    const mailed: string[] = []
    const queued: unknown[] = []
    const deps = {
      db: t.db, batch: 2, publicUrl: 'https://portal.test',
      jobs: { enqueue: async (name: string, data: object) => { queued.push([name, data]); return 'job' } },
      mailer: { send: async (m: Mail, o: { bulk: boolean }) => { expect(o.bulk).toBe(true); mailed.push(m.to); return 1 } },
    }
    expect(await sendCampaignBatch(deps, c!.id)).toBe(2)
    expect(queued).toEqual([[CAMPAIGN_JOB, { campaignId: c!.id }]])
    // Subscriber 3 leaves before the next batch.
    await t.db.db.update(newsletterSubscriptions).set({ status: 'unsubscribed' }).where(eq(newsletterSubscriptions.id, subs[3]!.id))
    expect(await sendCampaignBatch(deps, c!.id)).toBe(1)
    expect(queued).toHaveLength(1)
    expect(mailed).toEqual(['partia1@example.com', 'partia2@example.com', 'partia4@example.com'])
    const [done] = await t.db.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, c!.id))
    expect(done).toMatchObject({ status: 'sent', sent: 3 })
    // Two runs at once (a duplicated job) still mail each subscriber once.
    const [c2] = await t.db.db.insert(newsletterCampaigns).values({ subject: 'Równolegle', body: 'x', status: 'sending', total: 4 }).returning()
    mailed.length = 0
    await Promise.all([sendCampaignBatch({ ...deps, batch: 10 }, c2!.id), sendCampaignBatch({ ...deps, batch: 10 }, c2!.id)])
    expect(mailed.sort()).toEqual(['partia0@example.com', 'partia1@example.com', 'partia2@example.com', 'partia4@example.com'])
  })
})
