import { describe, expect, it } from 'vitest'
import { bellsFor, investmentSummary, type EventDetail } from './messages.ts'

const ev = (id: number, over: Partial<EventDetail>): EventDetail => ({
  id, kind: 'price-down', oldPrice: 500_000_00, newPrice: 490_000_00, status: null, at: new Date('2026-11-27T10:00:00Z'),
  title: 'Mieszkanie', slug: 'mieszkanie', unit: 'A/1', investmentId: 7, investmentName: 'Zielone Tarasy', investmentSlug: 'zielone-tarasy', ...over,
})

describe('watch bell texts', () => {
  it('sums up an investment run with Polish plurals', () => {
    const events = [
      ...[1, 2].map((i) => ev(i, { kind: 'unit-new' })),
      ...[3, 4, 5, 6, 7].map((i) => ev(i, { kind: i % 2 ? 'price-down' : 'price-up' })),
      ev(8, { kind: 'unit-status', status: 'sprzedane' }),
    ]
    expect(investmentSummary('Zielone Tarasy', events)).toBe('Inwestycja „Zielone Tarasy”: 2 nowe lokale, 5 zmian cen, 1 zmiana statusu')
    expect(investmentSummary('Zielone Tarasy', [events[7]!])).toBe('Inwestycja „Zielone Tarasy”, lokal A/1 sprzedany')
  })

  it('rings a favourite per change and an investment once per user, each with its link', () => {
    const details = new Map([1, 2, 3].map((id) => [id, ev(id, { kind: id === 3 ? 'unit-new' : 'price-down' })]))
    const bells = bellsFor([
      { userId: 1, eventId: 1, via: 'favorite' },
      { userId: 2, eventId: 1, via: 'investment' }, { userId: 2, eventId: 2, via: 'investment' }, { userId: 2, eventId: 3, via: 'investment' },
    ], details)
    expect(bells).toEqual([
      { userId: 1, type: 'info', message: 'Cena obniżona o 10\u00a0000 zł (\u22122\u00a0%): „Mieszkanie”', link: '/ogloszenia/mieszkanie' },
      { userId: 2, type: 'info', message: 'Inwestycja „Zielone Tarasy”: 1 nowy lokal, 2 zmiany cen', link: '/inwestycje/zielone-tarasy' },
    ])
  })
})
