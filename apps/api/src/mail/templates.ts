import { countLabel } from '@portal/contracts/format'
import type { Mail } from './mailer.ts'

/** Polish mail templates: one branded HTML layout plus a plain-text twin. Every user value is escaped. */
const BRAND = 'Dazu'
const PINK = '#db2777'

export function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export interface Content {
  to: string
  subject: string
  greeting: string
  paragraphs: string[]
  /** Ready HTML placed after the paragraphs (listing cards); its text twin is `blocksText`. Escape every value in it. */
  blocksHtml?: string
  blocksText?: string
  action?: { label: string; url: string }
  after?: string[]
  /** An unsubscribe link in the footer and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058 one-click). */
  unsubscribe?: { url: string; label: string }
  /** The mail has a Reply-To of a person: the footer must not ask not to reply (the text above invites it). */
  replyable?: boolean
}

/** The footer's sentence: an automatic mail asks not to be answered, one a person can answer says where it goes. */
const footerNote = (c: Content) => c.replyable
  ? `Ta wiadomość została wysłana przez serwis ${BRAND} w imieniu nadawcy.`
  : `Ta wiadomość została wysłana automatycznie przez serwis ${BRAND}. Prosimy na nią nie odpowiadać.`

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
${c.blocksHtml ?? ''}
${button}
${(c.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;color:#6b7280">${escapeHtml(footerNote(c))}${c.unsubscribe ? ` <a href="${escapeHtml(c.unsubscribe.url)}" style="color:#6b7280">${escapeHtml(c.unsubscribe.label)}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`
}

function text(c: Content): string {
  return [
    c.greeting, '', ...c.paragraphs.flatMap((t) => [t, '']),
    ...(c.blocksText ? [c.blocksText, ''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...(c.after ?? []).flatMap((t) => [t, '']),
    '--', footerNote(c),
    ...(c.unsubscribe ? [`${c.unsubscribe.label}: ${c.unsubscribe.url}`] : []),
  ].join('\n')
}

/** A branded mail from its content (every template below goes through it). */
export const build = (c: Content): Mail => ({
  to: c.to, subject: c.subject, html: layout(c), text: text(c),
  ...(c.unsubscribe ? { headers: { 'List-Unsubscribe': `<${c.unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
})

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
    replyable: true,
  })
  return { ...mail, replyTo: `${o.fromName.replace(/["\r\n<>]/g, '')} <${o.fromEmail}>` }
}

/** A company invites an agent (reference §8: 'Dazu - zaproszenie do stworzenia konta', link to /ustaw-haslo?token=). */
export function agentInviteMail(to: string, name: string, company: string, url: string): Mail {
  return build({
    to, subject: `${BRAND} - zaproszenie do stworzenia konta`,
    greeting: `Dzień dobry, ${name}!`,
    paragraphs: [
      `${company} zaprasza Cię do serwisu ${BRAND} jako swojego agenta. Po ustawieniu hasła będziesz dodawać i prowadzić ogłoszenia w imieniu firmy.`,
    ],
    action: { label: 'Ustaw hasło i aktywuj konto', url },
    after: ['Link jest ważny przez 7 dni i działa tylko raz. Jeśli nie spodziewałeś się tego zaproszenia, zignoruj tę wiadomość.'],
  })
}

/** A /kontakt form message to the portal's mailbox (CONTACT_EMAIL), reply-to the sender. */
export function contactFormMail(o: { to: string; topic: string; name: string; email: string; body: string; id: number }): Mail {
  const mail = build({
    to: o.to, subject: `Formularz kontaktowy: ${o.topic} (#${o.id})`,
    greeting: 'Nowa wiadomość z formularza kontaktowego.',
    paragraphs: [
      `Temat: ${o.topic}`,
      `Od: ${o.name} (${o.email})`,
      ...o.body.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean),
    ],
    after: ['Odpowiedź na tę wiadomość trafi bezpośrednio do nadawcy.'],
  })
  return { ...mail, replyTo: `${o.name.replace(/["\r\n<>]/g, '')} <${o.email}>` }
}

/** The copy the sender of a /kontakt message gets (the older system's contact confirmation). */
export function contactConfirmationMail(o: { to: string; name: string; topic: string; body: string }): Mail {
  return build({
    to: o.to, subject: 'Otrzymaliśmy Twoją wiadomość',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [
      `Dziękujemy za wiadomość w sprawie „${o.topic}”. Odpowiemy w dni robocze, zwykle w ciągu 24 godzin, na ten adres email.`,
      'Treść Twojej wiadomości:',
      ...o.body.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean),
    ],
    after: ['Jeśli to nie Ty wysłałeś tę wiadomość, zignoruj ten email.'],
  })
}

/** A guest confirms their address before their message goes to the advertiser. */
export function messageVerifyMail(to: string, name: string, about: string, url: string): Mail {
  return build({
    to, subject: 'Potwierdź wysłanie wiadomości',
    greeting: `Dzień dobry, ${name}!`,
    paragraphs: [`Napisałeś wiadomość w sprawie: „${about}”. Aby ją wysłać, potwierdź, że ten adres email należy do Ciebie.`],
    action: { label: 'Potwierdź i wyślij wiadomość', url },
    after: ['Link jest ważny przez 48 godzin. Jeśli to nie Ty pisałeś wiadomość, zignoruj ten email — nic nie zostanie wysłane.'],
  })
}

/** A new message or a reply in the app, mailed to the other side (Reply-To the sender only for the advertiser). */
export function conversationMail(o: {
  to: string; name: string; fromName: string; about: string; body: string; wantToSee: string | null; url: string; urlLabel: string
  replyTo?: string; fromContact?: string | null; scam?: boolean
}): Mail {
  const mail = build({
    to: o.to, subject: o.about.startsWith('Odpowiedź') ? o.about : 'Wiadomość w sprawie ogłoszenia',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [
      `${o.fromName}${o.fromContact ? ` (${o.fromContact})` : ''} pisze w sprawie: „${o.about.replace(/^Odpowiedź: /, '')}”:`,
      ...o.body.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean),
      ...(o.wantToSee ? [`Chcę obejrzeć nieruchomość: ${o.wantToSee}.`] : []),
      ...(o.scam ? ['Uwaga: ta wiadomość zawiera prośbę o pieniądze lub numer konta. Nigdy nie płać przed obejrzeniem nieruchomości i podpisaniem umowy.'] : []),
    ],
    action: { label: o.urlLabel, url: o.url },
    after: o.replyTo ? ['Możesz odpowiedzieć w serwisie albo po prostu odpisać na tę wiadomość — trafi bezpośrednio do nadawcy.'] : ['Odpowiedz w serwisie, klikając przycisk powyżej.'],
    replyable: !!o.replyTo,
  })
  return o.replyTo ? { ...mail, replyTo: o.replyTo } : mail
}

/** A payment was booked: what was bought, for which listing, and the invoice attached (issue 11). */
export function paymentBookedMail(o: {
  to: string; name: string; title: string; amount: string; listingTitle: string | null; listingUrl: string | null
  invoiceNumber: string; historyUrl: string; attachments: Mail['attachments']
}): Mail {
  return {
    ...build({
      to: o.to, subject: `Płatność przyjęta — faktura ${o.invoiceNumber}`,
      greeting: `Dzień dobry, ${o.name}!`,
      paragraphs: [
        `Dziękujemy za płatność ${o.amount} za: ${o.title}.`,
        ...(o.listingTitle ? [`Ogłoszenie „${o.listingTitle}” ma już opłacone usługi.`] : []),
        `W załączniku przesyłamy fakturę VAT nr ${o.invoiceNumber}. Wszystkie faktury znajdziesz w historii płatności.`,
      ],
      action: o.listingUrl ? { label: 'Zobacz ogłoszenie', url: o.listingUrl } : { label: 'Historia płatności', url: o.historyUrl },
    }),
    attachments: o.attachments,
  }
}

/** A listing card in an alert mail: the values as shown on the site (already formatted). */
export interface MailCard { url: string; title: string; photo: string | null; price: string; pricePerM2: string | null; area: string | null; rooms: string | null; place: string }

function cardsHtml(cards: MailCard[]): string {
  return cards.map((c) => {
    const facts = [c.area, c.rooms, c.pricePerM2].filter(Boolean).map((f) => escapeHtml(f!)).join(' · ')
    const img = c.photo
      ? `<img src="${escapeHtml(c.photo)}" width="160" height="107" alt="${escapeHtml(c.title)}" style="display:block;width:160px;height:107px;object-fit:cover;border-radius:8px;border:0">`
      : `<div style="width:160px;height:107px;border-radius:8px;background:#f3f4f6"></div>`
    return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;border:1px solid #e5e7eb;border-radius:10px"><tr>
<td width="176" style="padding:8px;vertical-align:top"><a href="${escapeHtml(c.url)}">${img}</a></td>
<td style="padding:8px 12px 8px 0;vertical-align:top;font-size:14px;line-height:1.4;color:#1f2937">
<a href="${escapeHtml(c.url)}" style="color:#1f2937;font-weight:600;text-decoration:none">${escapeHtml(c.title)}</a><br>
<span style="font-size:17px;font-weight:700;color:${PINK}">${escapeHtml(c.price)}</span><br>
${facts ? `<span style="color:#4b5563">${facts}</span><br>` : ''}<span style="color:#6b7280">${escapeHtml(c.place)}</span>
</td></tr></table>`
  }).join('\n')
}

const cardsText = (cards: MailCard[]) => cards.map((c) => [c.title, [c.price, c.pricePerM2, c.area, c.rooms].filter(Boolean).join(', '), c.place, c.url].join('\n')).join('\n\n')

/** Saved-search alert: up to 10 cards and 'Zobacz wszystkie (N)'; one-click unsubscribe. */
export function savedSearchAlertMail(o: {
  to: string; name: string; searchName: string; total: number; cards: MailCard[]; allUrl: string; unsubscribeUrl: string; wanted?: boolean
}): Mail {
  const count = countLabel(o.total, ['nowe ogłoszenie', 'nowe ogłoszenia', 'nowych ogłoszeń'])
  return build({
    to: o.to,
    subject: o.wanted ? `Pasujące oferty do Twojego ogłoszenia: ${o.searchName}` : `${count}: ${o.searchName}`,
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [o.wanted
      ? `Mamy ${count} pasujących do Twojego ogłoszenia „${o.searchName}”.`
      : `Mamy ${count} dla Twojego zapisanego wyszukiwania „${o.searchName}”.`],
    blocksHtml: cardsHtml(o.cards),
    blocksText: cardsText(o.cards),
    action: { label: `Zobacz wszystkie (${o.total})`, url: o.allUrl },
    unsubscribe: { url: o.unsubscribeUrl, label: 'Wyłącz powiadomienia o tym wyszukiwaniu' },
  })
}

/** Newsletter double opt-in (reference §9: link to /potwierdz-newsletter?token=). */
export function newsletterConfirmMail(to: string, url: string, unsubscribeUrl: string): Mail {
  return build({
    to, subject: 'Potwierdź zapis do newslettera',
    greeting: 'Dzień dobry!',
    paragraphs: [`Ktoś (mamy nadzieję, że Ty) zapisał ten adres do newslettera serwisu ${BRAND}. Aby zacząć otrzymywać nowości, potwierdź zapis.`],
    action: { label: 'Potwierdź zapis', url },
    after: ['Jeśli to nie Ty, zignoruj tę wiadomość — bez potwierdzenia nie wyślemy Ci żadnego newslettera.'],
    unsubscribe: { url: unsubscribeUrl, label: 'Wypisz się z newslettera' },
  })
}

export function newsletterActiveMail(to: string, unsubscribeUrl: string): Mail {
  return build({
    to, subject: 'Newsletter został aktywowany',
    greeting: 'Dzień dobry!',
    paragraphs: ['Gratulujemy. Twój newsletter jest aktywny', `Będziemy wysyłać Ci nowości z serwisu ${BRAND}. Z newslettera możesz wypisać się w każdej chwili jednym kliknięciem.`],
    unsubscribe: { url: unsubscribeUrl, label: 'Wypisz się z newslettera' },
  })
}

/** Expiry reminder with the one-click renew link. */
export function expiryReminderMail(o: { to: string; name: string; title: string; days: number; expiresAt: string; renewUrl: string; listingUrl: string }): Mail {
  const when = `${o.days} ${o.days === 1 ? 'dzień' : 'dni'}`
  return build({
    to: o.to, subject: `Twoje ogłoszenie wygaśnie za ${when}`,
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [
      `Ogłoszenie „${o.title}” wygaśnie ${o.expiresAt}. Przedłuż je jednym kliknięciem — będzie widoczne przez kolejne 30 dni.`,
    ],
    action: { label: 'Przedłuż ogłoszenie', url: o.renewUrl },
    after: [`Ogłoszenie: ${o.listingUrl}`, 'Jeśli nie chcesz go przedłużać, nic nie musisz robić — po wygaśnięciu zniknie z wyników wyszukiwania.'],
  })
}

/** A feed import failed (issue 12): what went wrong and where to look. */
export function feedRunFailedMail(o: { to: string; name: string; file: string; error: string; url: string }): Mail {
  return build({
    to: o.to, subject: 'Import ofert nie powiódł się',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [
      `Import pliku „${o.file}” nie powiódł się i żadne ogłoszenie nie zostało zmienione.`,
      `Powód: ${o.error}`,
    ],
    action: { label: 'Zobacz importy', url: o.url },
    after: ['Po poprawieniu pliku wyślij go ponownie albo poczekaj na następne pobranie z adresu.'],
  })
}
