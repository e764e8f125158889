// A real SMTP server for the end-to-end tests (started by playwright.config.ts as a webServer): the app sends its
// mails here through SMTP_URL, and every message is parsed (mailparser) and saved as JSON in MAIL_DIR, where tests
// read it (e2e/support/mail.ts). No TLS, no auth — a local catcher.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const port = Number(process.env.SMTP_PORT)
if (!port) throw new Error('SMTP_PORT is required')
const dir = process.env.MAIL_DIR
if (!dir) throw new Error('MAIL_DIR is required')
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })

let n = 0
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = [mail.to].flat().flatMap((a) => a?.value ?? []).map((v) => v.address?.toLowerCase())
        const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        const file = join(dir, `${Date.now()}-${String(++n).padStart(4, '0')}.json`)
        // Written in one go under a temporary name, so a reader never sees half a file.
        writeFileSync(`${file}.tmp`, JSON.stringify({ to: [...new Set([...to, ...rcpt])].filter(Boolean), subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', date: new Date().toISOString(),
          // Text attachments (an .ics) as text, so tests can read them.
          attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, text: a.contentType.startsWith('text/') ? a.content.toString('utf8') : '' })) }, null, 2))
        renameSync(`${file}.tmp`, file)
        callback()
      },
      (err) => callback(err),
    )
  },
})
server.listen(port, '127.0.0.1', () => console.log(`smtp listener on 127.0.0.1:${port}, mails in ${dir}`))
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
