import type { Mail, MailAttachment } from './mailer.ts'
import { build } from './templates.ts'

/** Mails of booked visits (issue 28); each step carries the visit as an .ics attachment. */
const ics = (content: string, cancel: boolean): MailAttachment => ({
  filename: cancel ? 'odwolanie-ogladania.ics' : 'ogladanie.ics',
  content: Buffer.from(content, 'utf8'),
  contentType: `text/calendar; charset=utf-8; method=${cancel ? 'CANCEL' : 'REQUEST'}`,
})

/** `place` names what is visited and who answers: a listing and its advertiser, or an investment and its developer. */
export function viewingVerifyMail(to: string, name: string, place: { title: string; of: string; who: { gen: string } }, when: string, url: string): Mail {
  const { title } = place
  return build({
    to, subject: `Potwierdź rezerwację oglądania: ${title}`,
    greeting: `Dzień dobry, ${name}!`,
    paragraphs: [`Zarezerwowano oglądanie ${place.of} „${title}” w terminie: ${when}.`, `Potwierdź swój adres e-mail, aby przekazać prośbę ${place.who.gen}.`],
    action: { label: 'Potwierdź rezerwację', url },
    after: ['Bez potwierdzenia w ciągu godziny termin zostanie zwolniony. Pod tym samym linkiem możesz później sprawdzić lub odwołać wizytę.'],
  })
}

/** Every change of a visit, to one side: what happened, when, and the link to act on it. */
export function viewingMail(o: {
  to: string; name: string; subject: string; lines: string[]; url: string; urlLabel: string; calendar: string; cancel: boolean
}): Mail {
  return {
    ...build({ to: o.to, subject: o.subject, greeting: `Dzień dobry, ${o.name}!`, paragraphs: o.lines, action: { label: o.urlLabel, url: o.url },
      after: ['W załączniku jest plik kalendarza (.ics): otwórz go, aby dodać lub zaktualizować wizytę w swoim kalendarzu.'] }),
    attachments: [ics(o.calendar, o.cancel)],
  }
}
