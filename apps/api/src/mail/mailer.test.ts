import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import { mailOutbox } from '@portal/db'
import { createTestApp } from '../test/helpers.ts'
import { MAIL_QUEUE } from './mailer.ts'

/** An SMTP server that refuses the first message (451, try later) and accepts the rest. */
async function flakySmtp() {
  let calls = 0
  const received: ParsedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (++calls === 1) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
        received.push(mail)
        callback()
      }, callback)
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received, calls: () => calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('Mailer on the job queue', () => {
  let smtp: Awaited<ReturnType<typeof flakySmtp>>
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    smtp = await flakySmtp()
    t = await createTestApp({ SMTP_URL: smtp.url })
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  it('a failed SMTP send stays in the outbox with its error, is retried by the queue and then delivered', async () => {
    const id = await t.app.mailer.send({
      to: 'kupujacy@example.com', subject: 'Nowe ogłoszenia', html: '<p>x</p>', text: 'x',
      replyTo: 'Anna <anna@example.com>', headers: { 'List-Unsubscribe': '<https://portal.test/u/1>' },
    })
    await t.app.mailer.flush()
    let [row] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row!.sentAt).toBeNull()
    expect(row!.error).toMatch(/Try again later/)
    const { rows } = await t.db.query(`SELECT state, retry_count FROM pgboss.job WHERE name = $1`, [MAIL_QUEUE])
    expect(rows).toMatchObject([{ state: 'retry' }])
    // The backoff (30 s, then doubling) is what production waits; here the retry is made due at once.
    await t.db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [MAIL_QUEUE])
    await t.app.jobs.drain([MAIL_QUEUE])
    ;[row] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row!.sentAt).not.toBeNull()
    expect(row!.error).toBeNull()
    expect(smtp.calls()).toBe(2)
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.subject).toBe('Nowe ogłoszenia')
    expect((mail.replyTo as { text: string }).text).toContain('anna@example.com')
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://portal.test/u/1>')
  })
})
