import { build, escapeHtml } from './templates.ts'
import type { Mail } from './mailer.ts'

/** One line of the daily digest of watched prices (decision 067). */
export interface DigestLine { text: string; date: string; url: string }

const PINK = '#db2777'

/** The daily digest: each change on a line with its date and link, then the favourites screen; one-click unsubscribe. */
export function watchDigestMail(o: { to: string; name: string; lines: DigestLine[]; more: number; favoritesUrl: string; unsubscribeUrl: string }): Mail {
  const total = o.lines.length + o.more
  const html = `<ul style="margin:0 0 16px;padding:0;list-style:none">${o.lines.map((l) => `<li style="margin:0 0 12px;font-size:15px;line-height:1.45;color:#1f2937">
<a href="${escapeHtml(l.url)}" style="color:#1f2937;font-weight:600;text-decoration:none">${escapeHtml(l.text)}</a><br>
<span style="font-size:13px;color:#6b7280">${escapeHtml(l.date)}</span> · <a href="${escapeHtml(l.url)}" style="font-size:13px;color:${PINK}">Zobacz</a></li>`).join('\n')}</ul>${
    o.more ? `<p style="margin:0 0 16px;font-size:15px;color:#4b5563">…i ${o.more} więcej.</p>` : ''}`
  return build({
    to: o.to,
    subject: total === 1 ? `Zmiana w obserwowanych: ${o.lines[0]!.text}` : `Zmiany w ulubionych ogłoszeniach i obserwowanych inwestycjach (${total})`,
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: ['Oto zmiany od ostatniego podsumowania w ogłoszeniach, które masz w ulubionych, i w inwestycjach, które obserwujesz.'],
    blocksHtml: html,
    blocksText: [...o.lines.map((l) => `${l.text} (${l.date})\n${l.url}`), ...(o.more ? [`…i ${o.more} więcej.`] : [])].join('\n\n'),
    action: { label: 'Przejdź do ulubionych', url: o.favoritesUrl },
    after: ['Codzienne podsumowanie wyłączysz na stronie Ulubione albo jednym kliknięciem poniżej.'],
    unsubscribe: { url: o.unsubscribeUrl, label: 'Wyłącz codzienne podsumowanie' },
  })
}
