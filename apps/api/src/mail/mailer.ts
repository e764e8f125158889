import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import { eq } from 'drizzle-orm'
import { mailOutbox, type DbHandle } from '@portal/db'
import type { Env } from '../env.ts'
import type { JobQueue } from '../lib/jobs/queue.ts'

/**
 * `replyTo`, extra `headers` (List-Unsubscribe …) and `attachments` are not kept in the outbox (it lists what was
 * sent; an invoice stays downloadable): they travel with the mail-send job (attachments base64-encoded).
 */
export interface MailAttachment { filename: string; content: Buffer; contentType: string }
export interface Mail {
  to: string; subject: string; html: string; text: string; replyTo?: string; attachments?: MailAttachment[]
  headers?: Record<string, string>
}
interface JobAttachment { filename: string; base64: string; contentType: string }

/** The queue that delivers stored mails (lib/jobs). */
export const MAIL_QUEUE = 'mail-send'

/**
 * Outgoing mail. Every message is first written to `mail_outbox` (shown at /dev/mail outside production); with
 * SMTP_URL a `mail-send` job then delivers it through the job queue, so requests never wait for, or fail because
 * of, the SMTP server, and a failed send is retried with backoff (about two hours in all), survives restarts and is
 * never lost: the row keeps the last `error` until `sent_at` is set; after the last attempt the job is
 * dead-lettered (logged at error level). Without SMTP_URL the outbox is the only destination.
 */
export class Mailer {
  private readonly transport: Transporter | null
  /** later() tasks not finished yet. */
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly db: DbHandle, private readonly env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
    private readonly log: FastifyBaseLogger, private readonly jobs: JobQueue) {
    this.transport = env.SMTP_URL
      // The URL's settings win; the timeouts apply where it sets none (a dead server must not pile up sockets).
      ? nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never)
      : null
    jobs.work<{ mailId: number; replyTo?: string; headers?: Record<string, string>; attachments?: JobAttachment[] }>(MAIL_QUEUE,
      (data) => this.deliver(data.mailId, data.replyTo, data.headers, data.attachments),
      { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, concurrency: 2 })
  }

  /**
   * Stores the mail and queues its delivery; resolves with the outbox id once stored. `bulk` mails (reminders,
   * alerts) go after the transactional ones waiting (links a person is waiting for right now).
   */
  async send(mail: Mail, { bulk = false }: { bulk?: boolean } = {}): Promise<number> {
    const { replyTo, headers, attachments, ...stored } = mail
    const [row] = await this.db.db.insert(mailOutbox).values(stored).returning({ id: mailOutbox.id })
    const id = row!.id
    if (!this.transport) {
      this.log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail stored in the outbox (SMTP_URL unset; see /dev/mail)')
      return id
    }
    await this.jobs.enqueue(MAIL_QUEUE, {
      mailId: id, ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}),
      ...(attachments?.length ? { attachments: attachments.map((a) => ({ filename: a.filename, base64: a.content.toString('base64'), contentType: a.contentType })) } : {}),
    }, { priority: bulk ? 0 : 10 })
    return id
  }

  /** One delivery attempt (the job's handler); throws so the queue retries. */
  private async deliver(id: number, replyTo?: string, headers?: Record<string, string>, attachments?: JobAttachment[]): Promise<void> {
    const [mail] = await this.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1)
    if (!mail || mail.sentAt || !this.transport) return
    try {
      await this.transport.sendMail({
        from: this.env.MAIL_FROM, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text,
        ...(replyTo ? { replyTo } : {}),
        ...(headers ? { headers } : {}),
        ...(attachments?.length ? { attachments: attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.base64, 'base64'), contentType: a.contentType })) } : {}),
      })
    } catch (err) {
      this.log.error({ mailId: id, err: (err as Error).message }, 'sending mail failed (will be retried)')
      await this.db.db.update(mailOutbox).set({ error: String((err as Error).message).slice(0, 1000) })
        .where(eq(mailOutbox.id, id)).catch(() => {})
      throw err
    }
    await this.db.db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id))
  }

  /**
   * Runs `task` (which usually ends in send()) after the current request has answered, so the answer takes the
   * same time whatever the task finds; failures are logged. flush() and close() wait for it.
   */
  later(task: () => Promise<unknown>): void {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(() => undefined, (err: Error) => { this.log.error({ err: err.message }, 'background mail task failed') })
      .finally(() => this.pending.delete(job))
    this.pending.add(job)
  }

  /** Waits until every queued mail had its delivery attempt (tests); retries waiting for their backoff are not awaited. */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
    if (this.transport) await this.jobs.drain([MAIL_QUEUE])
  }

  async close(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
    this.transport?.close()
  }
}
