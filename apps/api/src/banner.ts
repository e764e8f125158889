import type { FastifyBaseLogger } from 'fastify'
import type { Env } from './env.ts'
import { DEMO_PASSWORD } from './lib/accounts/password-demo.ts'
import { devMailVisible, localDemo } from './env.ts'
import { CREATE_ADMIN_COMMAND } from './lib/accounts/admin-setup.ts'

export interface StartInfo {
  url: string
  apiDocs: string
  logins: Array<{ email: string; type: string }>
  password: string | null
  /** Why there are no demo logins, when there are none. */
  noLogins: string
  mail: string
  data: string
}

/** Where the portal's mails end up, in words (SMTP credentials left out). */
export function mailDestination(env: Parameters<typeof devMailVisible>[0]): string {
  if (env.SMTP_URL) {
    const u = new URL(env.SMTP_URL)
    return `sent through ${u.protocol}//${u.host} (and kept in the mail_outbox table)`
  }
  // /dev/mail only in the demo set-up (env.ts devMailVisible): it shows everyone's activation links.
  if (devMailVisible(env)) return `kept in the mail_outbox table, readable at ${env.PUBLIC_URL}/dev/mail (SMTP_URL unset)`
  return 'kept in the mail_outbox table only (SMTP_URL unset; /dev/mail is off outside the local demo set-up)'
}

export function startInfo(env: Env, logins: Array<{ email: string; type: string }>): StartInfo {
  return {
    url: env.PUBLIC_URL,
    apiDocs: `${env.PUBLIC_URL}/api/docs`,
    logins,
    password: logins.length ? DEMO_PASSWORD : null,
    noLogins: localDemo(env) ? 'No demo logins (DEMO_DATA=0)' : `No demo logins on a production start; first administrator: ${CREATE_ADMIN_COMMAND}`,
    mail: mailDestination(env),
    data: env.DATABASE_URL ? `PostgreSQL ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname}`
      : `${env.DATA_DIR} (embedded PGlite)`,
  }
}

/** The few lines a person starting the portal needs. */
export function bannerLines(title: string, info: StartInfo): string[] {
  return [
    '',
    `  ${title}: ${info.url}   (API docs: ${info.apiDocs})`,
    info.logins.length
      ? `  Demo logins, password ${info.password}: ${info.logins.map((l) => `${l.email} (${l.type})`).join(', ')}`
      : `  ${info.noLogins}`,
    `  Mails: ${info.mail}`,
    `  Data: ${info.data}`,
    '  Stop: Ctrl+C',
    '',
  ]
}

/** On a terminal the banner; otherwise one JSON log line with the same facts. */
export function announce(logger: FastifyBaseLogger, title: string, info: StartInfo, tty = Boolean(process.stdout.isTTY)) {
  if (tty) process.stdout.write(`${bannerLines(title, info).join('\n')}\n`)
  else logger.info(info, `${title}: ${info.url}`)
}
