import { describe, expect, it } from 'vitest'
import { bannerLines, mailDestination, startInfo } from './banner.ts'
import { parseEnv } from './env.ts'

describe('start banner', () => {
  it('says where mails go without printing SMTP credentials', () => {
    expect(mailDestination(parseEnv({ SMTP_URL: 'smtp://user:secret@mail.example.org:587' })))
      .toBe('sent through smtp://mail.example.org:587 (and kept in the mail_outbox table)')
    expect(mailDestination(parseEnv({ NODE_ENV: 'development', PORT: '3111' })))
      .toBe('kept in the mail_outbox table, readable at http://localhost:3111/dev/mail (SMTP_URL unset)')
    // /dev/mail answers 404 outside the local demo set-up.
    expect(mailDestination(parseEnv({ NODE_ENV: 'production', DEMO_DATA: '0', PUBLIC_URL: 'https://dazu.pl' })))
      .toBe('kept in the mail_outbox table only (SMTP_URL unset; /dev/mail is off outside the local demo set-up)')
    expect(mailDestination(parseEnv({ NODE_ENV: 'production', E2E: '1' }))).toContain('/dev/mail (SMTP_URL unset)')
  })

  it('names the URL, the demo logins with their password and the data', () => {
    const env = parseEnv({ NODE_ENV: 'production', PORT: '3111', DATA_DIR: '/srv/portal' })
    const text = bannerLines('Portal ready', startInfo(env, [{ email: 'jan.kowalski@example.pl', type: 'user' }])).join('\n')
    expect(text).toContain('Portal ready: http://localhost:3111   (API docs: http://localhost:3111/api/docs)')
    expect(text).toContain('Demo logins, password Demo1234: jan.kowalski@example.pl (user)')
    expect(text).toContain('Data: /srv/portal (embedded PGlite)')
    const pg = startInfo(parseEnv({ DATABASE_URL: 'postgres://u:pw@db.example.org:5432/portal' }), [])
    expect(pg.data).toBe('PostgreSQL db.example.org:5432/portal')
    expect(bannerLines('Portal ready', pg).join('\n')).toContain('No demo logins (DEMO_DATA=0)')
  })
})
