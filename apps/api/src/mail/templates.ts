import type { Mail } from './mailer.ts'

/** Polish mail templates: one branded HTML layout plus a plain-text twin. Every user value is escaped. */
const BRAND = 'Dazu'
const PINK = '#db2777'

export function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

interface Content {
  to: string
  subject: string
  greeting: string
  paragraphs: string[]
  action?: { label: string; url: string }
  after?: string[]
}

function layout(c: Content): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(t)}</p>`
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;background:${PINK};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280">Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:<br><a href="${escapeHtml(c.action.url)}" style="color:${PINK};word-break:break-all">${escapeHtml(c.action.url)}</a></p>`
    : ''
  return `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb"><span style="font-size:24px;font-weight:700;color:${PINK}">${BRAND}</span></td></tr>
<tr><td style="padding:32px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${button}
${(c.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;color:#6b7280">Ta wiadomość została wysłana automatycznie przez serwis ${BRAND}. Prosimy na nią nie odpowiadać.</td></tr>
</table></td></tr></table></body></html>`
}

function text(c: Content): string {
  return [
    c.greeting, '', ...c.paragraphs.flatMap((t) => [t, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...(c.after ?? []).flatMap((t) => [t, '']),
    '--', `${BRAND} — wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.`,
  ].join('\n')
}

const build = (c: Content): Mail => ({ to: c.to, subject: c.subject, html: layout(c), text: text(c) })

export function activationMail(to: string, name: string, url: string): Mail {
  return build({
    to, subject: 'Dokończ proces rejestracji',
    greeting: `Dzień dobry, ${name}!`,
    paragraphs: [`Dziękujemy za założenie konta w serwisie ${BRAND}. Aby dokończyć rejestrację, potwierdź swój adres email.`],
    action: { label: 'Aktywuj konto', url },
    after: ['Link jest ważny przez 48 godzin. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.'],
  })
}

export function passwordResetMail(to: string, name: string, url: string): Mail {
  return build({
    to, subject: 'Ustaw swoje nowe hasło',
    greeting: `Dzień dobry, ${name}!`,
    paragraphs: ['Otrzymaliśmy prośbę o ustawienie nowego hasła do Twojego konta.'],
    action: { label: 'Ustaw nowe hasło', url },
    after: ['Link jest ważny przez 1 godzinę i działa tylko raz. Jeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian.'],
  })
}

export function accountDeletedMail(to: string, name: string): Mail {
  return build({
    to, subject: 'Potwierdzenie usunięcia konta',
    greeting: `Dzień dobry, ${name}!`,
    paragraphs: [
      `Potwierdzamy, że Twoje konto w serwisie ${BRAND} zostało usunięte razem z Twoimi ogłoszeniami.`,
      'Dziękujemy, że byłeś z nami. Zawsze możesz założyć nowe konto.',
    ],
    after: ['Jeśli to nie Ty usunąłeś konto, skontaktuj się z nami jak najszybciej.'],
  })
}

/** A contact-form message to the advertiser (reference §8: 'Wiadomość w sprawie ogłoszenia', reply-to the sender). */
export function listingMessageMail(o: {
  to: string; advertiserName: string; listingTitle: string; listingUrl: string
  fromName: string; fromEmail: string; fromPhone: string | null; body: string
}): Mail {
  const mail = build({
    to: o.to, subject: 'Wiadomość w sprawie ogłoszenia',
    greeting: `Dzień dobry, ${o.advertiserName}!`,
    paragraphs: [
      `${o.fromName} (${o.fromEmail}${o.fromPhone ? `, tel. ${o.fromPhone}` : ''}) pisze w sprawie ogłoszenia „${o.listingTitle}”:`,
      ...o.body.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean),
    ],
    action: { label: 'Zobacz ogłoszenie', url: o.listingUrl },
    after: ['Aby odpowiedzieć, po prostu odpisz na tę wiadomość — trafi bezpośrednio do nadawcy.'],
  })
  return { ...mail, replyTo: `${o.fromName.replace(/["\r\n<>]/g, '')} <${o.fromEmail}>` }
}
