import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

/**
 * A real SMTP listener for tests (smtp-server on a random port, mailparser for the messages): point SMTP_URL at
 * `url` and await `next()` for the following mail. No TLS and no auth, like a local catcher.
 */
export async function startSmtpListener() {
  const inbox: ParsedMail[] = []
  const waiters: Array<(m: ParsedMail) => void> = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const w = waiters.shift()
        if (w) w(mail)
        else inbox.push(mail)
        callback()
      }, callback)
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The next mail (already received or still to come); rejects after `ms`. */
    next(ms = 10_000): Promise<ParsedMail> {
      const ready = inbox.shift()
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), ms)
        waiters.push((m) => { clearTimeout(timer); resolve(m) })
      })
    },
    /** Mails received and not yet taken by next(). */
    pending: () => inbox.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
