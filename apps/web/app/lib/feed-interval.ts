import { plural } from '@portal/contracts/format'
import { HOUR_FORMS, MINUTE_FORMS } from './offer-text'

/** How often a feed URL is polled, as the integrations screen says it: 'co 15 minut', 'co 3 godziny', 'co 6 godzin'. */
export function intervalLabel(minutes: number): string {
  if (minutes === 60) return 'co godzinę'
  if (minutes === 1440) return 'raz na dobę'
  if (minutes < 60 || minutes % 60) return `co ${minutes} ${plural(minutes, MINUTE_FORMS)}`
  const hours = minutes / 60
  return `co ${hours} ${plural(hours, HOUR_FORMS)}`
}
