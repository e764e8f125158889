// Reading the mails the SMTP listener (smtp-listener.mjs) saved for a test.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Set by playwright.config.ts for its run (the directory depends on the port). */
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? join(import.meta.dirname, '..', '..', 'test-results', 'e2e-mail')

export interface SavedMail {
  to: string[]
  subject: string
  text: string
  html: string
  date: string
  /** Text attachments (an .ics) with their content. */
  attachments?: { filename: string; contentType: string; text: string }[]
}

function readAll(dir: string): SavedMail[] {
  let files: string[] = []
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
  } catch {
    return []
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SavedMail)
}

/**
 * The newest mail to `address` (optionally matching `subject`), waiting up to `timeout` ms for it to arrive. Mail goes
 * out through the job queue, so after a resend `count` waits for that many matching mails, not just the first one.
 */
export async function waitForMail(address: string, opts: { subject?: RegExp; timeout?: number; dir?: string; count?: number } = {}): Promise<SavedMail> {
  const deadline = Date.now() + (opts.timeout ?? 15_000)
  const want = address.toLowerCase()
  for (;;) {
    const hits = readAll(opts.dir ?? MAIL_DIR).filter((m) => m.to.includes(want) && (!opts.subject || opts.subject.test(m.subject)))
    if (hits.length >= (opts.count ?? 1)) return hits.at(-1)!
    if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived in ${opts.dir ?? MAIL_DIR}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** How many mails to `address` (matching `subject`) have arrived: a test that expects one more passes `count` + 1. */
export function countMails(address: string, subject?: RegExp, dir?: string): number {
  const want = address.toLowerCase()
  return readAll(dir ?? MAIL_DIR).filter((m) => m.to.includes(want) && (!subject || subject.test(m.subject))).length
}

/** The first link in the mail whose path starts with `path` (e.g. '/dokoncz-rejestracje'), as path + query. */
export function linkIn(mail: SavedMail, path: string): string {
  const urls = [...`${mail.html}\n${mail.text}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'))
  for (const u of urls) {
    const url = new URL(u)
    if (url.pathname === path) return url.pathname + url.search
  }
  throw new Error(`no ${path} link in the mail "${mail.subject}"`)
}
