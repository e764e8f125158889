import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { newsletterSubscriptions } from './engagement.ts'

export type CampaignStatus = 'draft' | 'sending' | 'sent'

/**
 * Newsletter campaigns written in the admin area (issue 13, decision 026): a subject and a Markdown body, sent to
 * the confirmed subscribers by the job queue in batches. `total` is the number of confirmed subscribers when sending
 * started; `sent` counts mails handed to the mailer.
 */
export const newsletterCampaigns = pgTable('newsletter_campaigns', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: text('status').$type<CampaignStatus>().notNull().default('draft'),
  total: integer('total').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('newsletter_campaigns_created_idx').on(t.createdAt.desc())])

/**
 * One row per campaign and subscriber, claimed (inserted) before the mail is handed to the mailer: the primary key
 * is what makes a resumed or duplicated batch skip everyone already claimed, so no subscriber gets a campaign twice.
 * `mail_id` (the outbox row) is set once the mailer took it.
 */
export const newsletterDeliveries = pgTable('newsletter_deliveries', {
  campaignId: integer('campaign_id').notNull().references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
  subscriptionId: integer('subscription_id').notNull().references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
  mailId: integer('mail_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.subscriptionId] })])
