import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@portal/db'
import { watchDate } from '@portal/contracts/plain/watch'
import type { Mail } from '../../mail/mailer.ts'
import { watchDigestMail, type DigestLine } from '../../mail/watch-digest.ts'
import { details } from './detect.ts'
import { digestToken } from './follows.ts'
import { investmentChangeText, listingText } from './messages.ts'

/**
 * The daily digest (decision 067): each opted-in user with notices no digest carried yet gets one mail listing
 * them (newest first, up to 30 lines). Notices are claimed (mailed_at) before the mail is stored, so a repeated run
 * never mails a change twice; notices older than two days are not mailed (opting in later does not bring old news).
 */
export const DIGEST_LINES = 30
const MAX_AGE_HOURS = 48

export async function sendDigests(ctx: { db: DbHandle; publicUrl: string; appKey: string; send: (m: Mail) => Promise<unknown> }, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - MAX_AGE_HOURS * 3600_000).toISOString()
  const users = rowsOf(await ctx.db.db.execute(sql`
    select distinct n.user_id, u.email, u.name from watch_notices n
    join watch_settings s on s.user_id = n.user_id and s.email_digest
    join users u on u.id = n.user_id and u.deleted_at is null
    where n.mailed_at is null and n.created_at > ${since}`))
  let mails = 0
  for (const u of users) {
    const claimed = rowsOf(await ctx.db.db.execute(sql`
      update watch_notices set mailed_at = now()
      where user_id = ${Number(u.user_id)} and mailed_at is null and created_at > ${since}
      returning event_id`)).map((r) => Number(r.event_id))
    if (!claimed.length) continue
    const events = [...(await details(ctx.db, claimed)).values()].sort((a, b) => b.at.getTime() - a.at.getTime())
    const lines: DigestLine[] = events.slice(0, DIGEST_LINES).map((e) => {
      const onListing = e.kind === 'price-down' || e.kind === 'price-up' || e.kind === 'ended'
      const text = onListing ? listingText(e) : `Inwestycja „${e.investmentName}”${investmentChangeText(e)}`
      const path = onListing && e.slug ? `/ogloszenia/${e.slug}` : e.investmentSlug ? `/inwestycje/${e.investmentSlug}` : '/ulubione'
      return { text, date: watchDate(e.at), url: `${ctx.publicUrl}${path}` }
    })
    if (!lines.length) continue
    await ctx.send(watchDigestMail({
      to: String(u.email), name: String(u.name), lines, more: Math.max(0, events.length - lines.length), favoritesUrl: `${ctx.publicUrl}/ulubione`,
      unsubscribeUrl: `${ctx.publicUrl}/wypisz?token=${encodeURIComponent(digestToken(ctx.appKey, Number(u.user_id)))}`,
    }))
    mails++
  }
  return mails
}
