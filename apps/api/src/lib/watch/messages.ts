import { plural } from '@portal/contracts/format'
import { investmentStatusLabel } from '@portal/contracts/plain/investments'
import { priceChangeText } from '@portal/contracts/plain/watch'
import type { WatchEventKind } from '@portal/db'
import type { NewNotification } from '../notifications/notifications.ts'

/** An event with what its texts name (decision 067). */
export interface EventDetail {
  id: number; kind: WatchEventKind; oldPrice: number | null; newPrice: number | null; status: string | null; at: Date
  title: string | null; slug: string | null; unit: string | null
  investmentId: number | null; investmentName: string | null; investmentSlug: string | null
}

const UNIT_STATUS_TEXT: Record<string, string> = { dostepne: 'znów dostępny', zarezerwowane: 'zarezerwowany', sprzedane: 'sprzedany' }

/** A favourite's change: 'Cena obniżona o 20 000 zł (−3 %): „Mieszkanie…”'. */
export function listingText(e: EventDetail): string {
  const title = `„${e.title ?? ''}”`
  if (e.kind === 'ended') return `Ogłoszenie ${title} z Twoich ulubionych zostało zakończone`
  return `${priceChangeText(e.oldPrice ?? 0, e.newPrice ?? 0)}: ${title}`
}

/** One change of a followed investment, to follow its name: ', lokal A/1 sprzedany', ': nowy lokal A/2'. */
export function investmentChangeText(e: EventDetail): string {
  const unit = `lokal ${e.unit ?? ''}`
  switch (e.kind) {
    case 'unit-new': return `: nowy ${unit}`
    case 'unit-status': return `, ${unit} ${UNIT_STATUS_TEXT[e.status ?? ''] ?? e.status}`
    case 'investment-status': return `: nowy status „${investmentStatusLabel(e.status ?? '')}”`
    default: return `, ${unit}: ${priceChangeText(e.oldPrice ?? 0, e.newPrice ?? 0).replace(/^Cena/, 'cena')}`
  }
}

/** 'Inwestycja „Zielone Tarasy”: 2 nowe lokale, 5 zmian cen, 1 zmiana statusu'. */
export function investmentSummary(name: string, events: EventDetail[]): string {
  if (events.length === 1) return `Inwestycja „${name}”${investmentChangeText(events[0]!)}`
  const n = (kinds: WatchEventKind[]) => events.filter((e) => kinds.includes(e.kind)).length
  const parts = [
    [n(['unit-new']), ['nowy lokal', 'nowe lokale', 'nowych lokali']],
    [n(['price-down', 'price-up']), ['zmiana ceny', 'zmiany cen', 'zmian cen']],
    [n(['unit-status', 'investment-status']), ['zmiana statusu', 'zmiany statusu', 'zmian statusu']],
  ] as const
  return `Inwestycja „${name}”: ${parts.filter(([c]) => c > 0).map(([c, forms]) => `${c} ${plural(c, forms)}`).join(', ')}`
}

/**
 * The bell notifications of one run: a favourite's change on its own (linked to the listing); a followed
 * investment's changes gathered per user and investment (an import of 300 prices rings once).
 */
export function bellsFor(
  told: Array<{ userId: number; eventId: number; via: 'favorite' | 'investment' }>, details: Map<number, EventDetail>,
): Array<{ userId: number } & NewNotification> {
  const bells: Array<{ userId: number } & NewNotification> = []
  const perInvestment = new Map<string, { userId: number; events: EventDetail[] }>()
  for (const t of told) {
    const e = details.get(t.eventId)
    if (!e) continue
    if (t.via === 'favorite') {
      bells.push({ userId: t.userId, type: e.kind === 'ended' ? 'warning' : 'info', message: listingText(e), link: e.slug ? `/ogloszenia/${e.slug}` : '/ulubione' })
      continue
    }
    if (e.investmentId === null) continue
    const key = `${t.userId}:${e.investmentId}`
    const group = perInvestment.get(key) ?? { userId: t.userId, events: [] }
    group.events.push(e)
    perInvestment.set(key, group)
  }
  for (const { userId, events } of perInvestment.values()) {
    const first = events[0]!
    bells.push({ userId, type: 'info', message: investmentSummary(first.investmentName ?? '', events), link: `/inwestycje/${first.investmentSlug}` })
  }
  return bells
}
