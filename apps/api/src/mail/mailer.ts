import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import { eq } from 'drizzle-orm'
import { mailOutbox, type DbHandle } from '@portal/db'
import type { Env } from '../env.ts'

/** `replyTo` (not kept in the outbox) lets advertisers answer a contact message straight to its sender. */
export interface Mail { to: string; subject: string; html: string; text: string; replyTo?: string }

/**
 * Outgoing mail. Every message is first written to `mail_outbox` (shown at /dev/mail outside production); with
 * SMTP_URL it is then sent in the background and the row gets `sent_at` or `error`. Requests never wait for, or
 * fail because of, the SMTP server (a request that mails takes as long whether or not the address exists), and
 * the user can ask for the mail again.
 */
export class Mailer {
  private readonly transport: Transporter | null
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly db: DbHandle, private readonly env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
    private readonly log: FastifyBaseLogger) {
    this.transport = env.SMTP_URL
      // The URL's settings win; the timeouts apply where it sets none (a dead server must not pile up sockets).
      ? nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never)
      : null
  }

  /** Stores the mail and starts sending it; resolves with the outbox id once stored. */
  async send(mail: Mail): Promise<number> {
    const { replyTo: _replyTo, ...stored } = mail
    const [row] = await this.db.db.insert(mailOutbox).values(stored).returning({ id: mailOutbox.id })
    const id = row!.id
    if (!this.transport) {
      this.log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail stored in the outbox (SMTP_URL unset; see /dev/mail)')
      return id
    }
    const job = this.deliver(id, mail).finally(() => this.pending.delete(job))
    this.pending.add(job)
    return id
  }

  private async deliver(id: number, mail: Mail): Promise<void> {
    try {
      await this.transport!.sendMail({
        from: this.env.MAIL_FROM, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      })
      await this.db.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id))
    } catch (err) {
      this.log.error({ mailId: id, err: (err as Error).message }, 'sending mail failed')
      await this.db.db.update(mailOutbox).set({ error: String((err as Error).message).slice(0, 1000) })
        .where(eq(mailOutbox.id, id)).catch(() => {})
    }
  }

  /** Waits for mails being sent (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
  }

  async close(): Promise<void> {
    await this.flush()
    this.transport?.close()
  }
}
