import type { Mail } from './mailer.ts'
import { build } from './templates.ts'

/** Mails of the admin area (issue 13): moderation decisions, warnings, blocks and answers to reporters. */

export function listingApprovedMail(o: { to: string; name: string; title: string; url: string; live: boolean }): Mail {
  return build({
    to: o.to, subject: 'Twoje ogłoszenie już jest na portalu Dazu',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [o.live
      ? `Ogłoszenie „${o.title}” zostało zaakceptowane i jest widoczne na portalu.`
      : `Ogłoszenie „${o.title}” zostało zaakceptowane i automatycznie pojawi się na portalu w wyznaczonym terminie.`],
    action: { label: 'Zobacz ogłoszenie', url: o.url },
  })
}

export function listingRejectedMail(o: { to: string; name: string; title: string; note: string; editUrl: string }): Mail {
  return build({
    to: o.to, subject: 'Twoje ogłoszenie zostało odrzucone',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [`Ogłoszenie „${o.title}” nie zostało opublikowane.`, `Powód: ${o.note}`,
      'Po poprawieniu ogłoszenia trafi ono ponownie do weryfikacji.'],
    action: { label: 'Popraw ogłoszenie', url: o.editUrl },
  })
}

export function listingEndedByModeratorMail(o: { to: string; name: string; title: string; note: string | null }): Mail {
  return build({
    to: o.to, subject: 'Twoje ogłoszenie zostało zakończone',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [`Po zgłoszeniach użytkowników moderator zakończył ogłoszenie „${o.title}”.`, ...(o.note ? [`Powód: ${o.note}`] : [])],
  })
}

export function ownerWarningMail(o: { to: string; name: string; title: string; note: string | null }): Mail {
  return build({
    to: o.to, subject: 'Ostrzeżenie dotyczące Twojego ogłoszenia',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [`Otrzymaliśmy zgłoszenia dotyczące ogłoszenia „${o.title}”.`, ...(o.note ? [`Uwagi moderatora: ${o.note}`] : []),
      'Prosimy o poprawienie ogłoszenia. Kolejne naruszenia regulaminu mogą skończyć się blokadą konta.'],
  })
}

export function accountBlockedMail(o: { to: string; name: string; reason: string | null }): Mail {
  return build({
    to: o.to, subject: 'Twoje konto zostało zablokowane',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: ['Twoje konto w serwisie Dazu zostało zablokowane, a Twoje ogłoszenia zostały ukryte.',
      ...(o.reason ? [`Powód: ${o.reason}`] : []), 'Jeśli uważasz, że to pomyłka, odpowiedz przez formularz kontaktowy.'],
  })
}

export function accountUnblockedMail(o: { to: string; name: string }): Mail {
  return build({
    to: o.to, subject: 'Twoje konto zostało odblokowane',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: ['Możesz znów zalogować się do serwisu Dazu. Twoje ogłoszenia wróciły do stanu sprzed blokady.'],
  })
}

const OUTCOME: Record<string, string> = {
  end: 'Ogłoszenie zostało zakończone.',
  warn: 'Właściciel ogłoszenia otrzymał ostrzeżenie.',
  block: 'Konto właściciela ogłoszenia zostało zablokowane.',
  dismiss: 'Po sprawdzeniu nie stwierdziliśmy naruszenia regulaminu, więc ogłoszenie pozostaje na portalu.',
}

export function reporterToldMail(o: { to: string; name: string; title: string; action: string }): Mail {
  return build({
    to: o.to, subject: 'Twoje zgłoszenie zostało rozpatrzone',
    greeting: `Dzień dobry, ${o.name}!`,
    paragraphs: [`Dziękujemy za zgłoszenie ogłoszenia „${o.title}”.`, OUTCOME[o.action] ?? ''],
  })
}
