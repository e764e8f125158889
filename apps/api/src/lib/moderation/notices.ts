import type { DbHandle } from '@portal/db'
import type { ReportAction } from '@portal/contracts/admin'
import { notifyMany, type NewNotification } from '../notifications/notifications.ts'

/**
 * The bell side of moderation (issue 13: "the owner gets a mail and a notification"; reporters are told): the
 * same outcome as the mails in mail/moderation-templates.ts, one line each. Written in the decision's transaction,
 * so a notification exists exactly when the decision does.
 */
interface Listing { title: string; slug: string }

export function approvedNotice(l: Listing, live: boolean): NewNotification {
  return live
    ? { type: 'info', message: `Ogłoszenie „${l.title}” zostało zaakceptowane przez moderatora i jest widoczne na portalu`, link: `/ogloszenia/${l.slug}` }
    : { type: 'info', message: `Ogłoszenie „${l.title}” zostało zaakceptowane przez moderatora i pojawi się na portalu w wyznaczonym terminie`, link: '/moje-ogloszenia' }
}

export function rejectedNotice(l: Listing, note: string): NewNotification {
  return { type: 'warning', message: `Ogłoszenie „${l.title}” zostało odrzucone: ${note}`, link: `/moje-ogloszenia/edytuj-ogloszenie/${l.slug}` }
}

/** The owner's side of a handled report (block is told by mail only: a blocked account cannot sign in). */
export function ownerReportNotice(l: Listing, action: ReportAction, note: string | null): NewNotification | null {
  const why = note ? `: ${note}` : ''
  if (action === 'end') return { type: 'warning', message: `Ogłoszenie „${l.title}” zostało zakończone przez moderatora po zgłoszeniach${why}`, link: '/moje-ogloszenia' }
  if (action === 'warn') return { type: 'warning', message: `Ostrzeżenie dotyczące ogłoszenia ${l.title}${why}. Prosimy o jego poprawienie.`, link: '/moje-ogloszenia' }
  return null
}

const OUTCOME: Record<ReportAction, string> = {
  end: 'ogłoszenie zostało zakończone',
  warn: 'właściciel otrzymał ostrzeżenie',
  block: 'konto właściciela zostało zablokowane',
  dismiss: 'nie stwierdziliśmy naruszenia regulaminu',
}

export function reporterNotice(l: Listing, action: ReportAction): NewNotification {
  // The listing stays public only when the report was dismissed or the owner warned.
  const link = action === 'dismiss' || action === 'warn' ? `/ogloszenia/${l.slug}` : null
  return { type: 'info', message: `Twoje zgłoszenie ogłoszenia ${l.title} zostało rozpatrzone: ${OUTCOME[action]}`, link }
}

/** Tells every reporter with an account once, however many reports they sent. */
export async function notifyReporters(tx: DbHandle, reporterIds: number[], l: Listing, action: ReportAction): Promise<void> {
  const n = reporterNotice(l, action)
  await notifyMany(tx, [...new Set(reporterIds)].map((userId) => ({ userId, ...n })))
}
