import { and, count, desc, eq, notExists, sql } from 'drizzle-orm'
import { newsletterCampaigns, newsletterDeliveries, newsletterSubscriptions, type DbHandle } from '@portal/db'
import { CAMPAIGN_MESSAGES, type Campaign } from '@portal/contracts/cms'
import { audit, type Actor } from '../admin/audit.ts'
import { HttpError, notFound } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { newsletterUnsubscribeUrl } from '../newsletter/newsletter.ts'
import { markdownText, renderMarkdown } from '../content/markdown.ts'
import { build } from '../../mail/templates.ts'
import type { Mail } from '../../mail/mailer.ts'

/**
 * Newsletter campaigns (issue 13, decision 026). Sending is one job per batch: `newsletter-campaign` mails up to
 * BATCH confirmed subscribers not yet claimed for the campaign, then queues itself for the next batch; the last
 * (short) batch marks the campaign sent. Each subscriber is claimed (a row in newsletter_deliveries, primary key
 * campaign + subscription) before the mail is handed to the mailer, so a retried, resumed or duplicated job never
 * mails anyone twice; a crash between the claim and the hand-over can lose that one mail, never double it.
 * Subscribers who unsubscribe meanwhile are skipped (only `active` rows are read per batch).
 */
export const CAMPAIGN_JOB = 'newsletter-campaign'
export const CAMPAIGN_BATCH = 200

type Row = typeof newsletterCampaigns.$inferSelect
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
const toCampaign = (r: Row, subscribers: number): Campaign => ({
  id: r.id, subject: r.subject, body: r.body, status: r.status, total: r.status === 'draft' ? subscribers : r.total, sent: r.sent,
  created_at: iso(r.createdAt)!, started_at: iso(r.startedAt), finished_at: iso(r.finishedAt),
})

export async function confirmedSubscribers(db: DbHandle): Promise<number> {
  const [{ n }] = await db.db.select({ n: count() }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.status, 'active'))
  return n
}

export async function listCampaigns(db: DbHandle): Promise<{ data: Campaign[]; subscribers: number }> {
  const subscribers = await confirmedSubscribers(db)
  const rows = await db.db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id)).limit(100)
  return { data: rows.map((r) => toCampaign(r, subscribers)), subscribers }
}

export async function getCampaign(db: DbHandle, id: number): Promise<Campaign> {
  const [row] = await db.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
  if (!row) throw notFound('Nie ma takiej kampanii.')
  return toCampaign(row, await confirmedSubscribers(db))
}

const notDraft = () => new HttpError(409, 'campaign_not_draft', CAMPAIGN_MESSAGES.notDraft)

export async function saveCampaign(db: DbHandle, actor: Actor, id: number | null, f: { subject: string; body: string }): Promise<Campaign> {
  const row = await inTransaction(db, async (tx) => {
    const [before] = id ? await tx.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)).for('update') : [undefined]
    if (id && !before) throw notFound('Nie ma takiej kampanii.')
    if (before && before.status !== 'draft') throw notDraft()
    const [row] = before
      ? await tx.db.update(newsletterCampaigns).set({ ...f, updatedAt: sql`now()` }).where(eq(newsletterCampaigns.id, before.id)).returning()
      : await tx.db.insert(newsletterCampaigns).values({ ...f, createdBy: actor.id }).returning()
    await audit(tx, actor, {
      action: before ? 'campaign.update' : 'campaign.create', targetType: 'campaign', targetId: row!.id,
      before: before ? { subject: before.subject, body: before.body } : null, after: { subject: row!.subject, body: row!.body },
    })
    return row!
  })
  return toCampaign(row, await confirmedSubscribers(db))
}

/**
 * Draft → sending (audited), then the first batch job. The job is queued after the commit: a crash in between
 * leaves the campaign 'sending' without a job, and the same call on a 'sending' campaign queues it again
 * ('Wznów wysyłkę' in the admin), which is safe because every subscriber is claimed before being mailed.
 */
export async function startCampaign(db: DbHandle, jobs: Pick<JobQueue, 'enqueue'>, actor: Actor, id: number): Promise<Campaign> {
  const row = await inTransaction(db, async (tx) => {
    const [before] = await tx.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)).for('update')
    if (!before) throw notFound('Nie ma takiej kampanii.')
    if (before.status === 'sent') throw notDraft()
    if (before.status === 'sending') return before
    const total = await confirmedSubscribers(tx)
    if (total === 0) throw new HttpError(409, 'no_subscribers', CAMPAIGN_MESSAGES.noSubscribers)
    const [row] = await tx.db.update(newsletterCampaigns).set({ status: 'sending', total, startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(newsletterCampaigns.id, id)).returning()
    await audit(tx, actor, { action: 'campaign.send', targetType: 'campaign', targetId: id, before: { status: 'draft' }, after: { status: 'sending', total } })
    return row!
  })
  await jobs.enqueue(CAMPAIGN_JOB, { campaignId: id }, { singletonKey: `campaign-${id}`, singletonSeconds: 10 })
  return toCampaign(row, row.total)
}

/** The campaign's mail: its Markdown as sanitised HTML with absolute links, and the one-click unsubscribe. */
export function campaignMail(c: { subject: string; body: string }, to: string, base: string, unsubscribeToken: string): Mail {
  const absolute = renderMarkdown(c.body).replace(/(href|src)="\//g, `$1="${base}/`)
  return build({
    to, subject: c.subject, greeting: 'Dzień dobry!', paragraphs: [],
    blocksHtml: `<div style="font-size:16px;line-height:1.5;color:#1f2937">${absolute}</div>`,
    blocksText: markdownText(c.body),
    unsubscribe: { url: newsletterUnsubscribeUrl(base, unsubscribeToken), label: 'Wypisz się z newslettera' },
  })
}

export interface CampaignDeps {
  db: DbHandle
  jobs: Pick<JobQueue, 'enqueue'>
  mailer: { send: (mail: Mail, opts: { bulk: boolean }) => Promise<number> }
  publicUrl: string
  batch?: number
}

/** One batch of a campaign (the job's handler). Returns how many mails it handed to the mailer. */
export async function sendCampaignBatch(deps: CampaignDeps, campaignId: number): Promise<number> {
  const { db } = deps
  const batch = deps.batch ?? CAMPAIGN_BATCH
  const [c] = await db.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, campaignId))
  if (!c || c.status !== 'sending') return 0
  const subs = await db.db.select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, token: newsletterSubscriptions.unsubscribeToken })
    .from(newsletterSubscriptions)
    .where(and(
      eq(newsletterSubscriptions.status, 'active'),
      notExists(db.db.select({ x: sql`1` }).from(newsletterDeliveries).where(and(
        eq(newsletterDeliveries.campaignId, campaignId), eq(newsletterDeliveries.subscriptionId, newsletterSubscriptions.id)))),
    ))
    .orderBy(newsletterSubscriptions.id).limit(batch)
  let sent = 0
  for (const s of subs) {
    const [claim] = await db.db.insert(newsletterDeliveries).values({ campaignId, subscriptionId: s.id }).onConflictDoNothing().returning()
    if (!claim) continue // another run got there first
    const mailId = await deps.mailer.send(campaignMail(c, s.email, deps.publicUrl, s.token), { bulk: true })
    await db.db.update(newsletterDeliveries).set({ mailId })
      .where(and(eq(newsletterDeliveries.campaignId, campaignId), eq(newsletterDeliveries.subscriptionId, s.id)))
    await db.db.update(newsletterCampaigns).set({ sent: sql`${newsletterCampaigns.sent} + 1` }).where(eq(newsletterCampaigns.id, campaignId))
    sent++
  }
  if (subs.length < batch) {
    await db.db.update(newsletterCampaigns).set({ status: 'sent', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(newsletterCampaigns.id, campaignId), eq(newsletterCampaigns.status, 'sending')))
  } else {
    await deps.jobs.enqueue(CAMPAIGN_JOB, { campaignId })
  }
  return sent
}
