import { describe, expect, it } from 'vitest'
import { freeSlots, gridSlots, localParts } from './slots.ts'

const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '01:00', to: '04:00' }))
const local = (slots: { start: Date }[]) => slots.map((s) => { const p = localParts(s.start); return `${p.date} ${p.time}` })

describe('slot generation in Europe/Warsaw', () => {
  it('lays visits every visit length inside the week hours, by weekday', () => {
    const a = { weekly: [{ day: 2, from: '10:00', to: '12:00' }], exceptions: [], visitMinutes: 45 }
    // 2026-12-01 is a Tuesday, 2026-12-02 a Wednesday.
    const s = gridSlots(a, new Date('2026-11-30T00:00:00Z'), new Date('2026-12-02T22:00:00Z'))
    expect(local(s)).toEqual(['2026-12-01 10:00', '2026-12-01 10:45'])
    expect(s[0]!.start.toISOString()).toBe('2026-12-01T09:00:00.000Z') // CET, UTC+1
    expect(s[0]!.end.getTime() - s[0]!.start.getTime()).toBe(45 * 60_000)
  })

  it('an exception replaces the day: other hours, or none', () => {
    const a = {
      weekly: [{ day: 2, from: '10:00', to: '11:00' }, { day: 3, from: '10:00', to: '11:00' }],
      exceptions: [{ date: '2026-12-01', ranges: [] }, { date: '2026-12-02', ranges: [{ from: '16:00', to: '17:00' }] }],
      visitMinutes: 30,
    }
    const s = gridSlots(a, new Date('2026-11-30T00:00:00Z'), new Date('2026-12-09T22:00:00Z'))
    expect(local(s)).toEqual(['2026-12-02 16:00', '2026-12-02 16:30', '2026-12-08 10:00', '2026-12-08 10:30', '2026-12-09 10:00', '2026-12-09 10:30'])
  })

  it('the last Sunday of March: 02:00–03:00 does not exist, times after it are summer time', () => {
    const s = gridSlots({ weekly: week, exceptions: [], visitMinutes: 60 }, new Date('2026-03-28T23:00:00Z'), new Date('2026-03-29T12:00:00Z'))
    expect(local(s)).toEqual(['2026-03-29 01:00', '2026-03-29 03:00'])
    expect(s.map((x) => x.start.toISOString())).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z'])
    // The visit at 01:00 ends an hour later in real time, at 03:00 local.
    expect(localParts(s[0]!.end).time).toBe('03:00')
  })

  it('the last Sunday of October: 02:00 happens twice, one visit at its first (summer) occurrence', () => {
    const s = gridSlots({ weekly: week, exceptions: [], visitMinutes: 60 }, new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T12:00:00Z'))
    expect(local(s)).toEqual(['2026-10-25 01:00', '2026-10-25 02:00', '2026-10-25 03:00'])
    expect(s.map((x) => x.start.toISOString())).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T02:00:00.000Z'])
  })

  it('a changed day with two ranges on the spring Sunday: both ranges, the missing 02:00 skipped, the week replaced', () => {
    const a = {
      weekly: [{ day: 7, from: '10:00', to: '12:00' }],
      exceptions: [{ date: '2026-03-29', ranges: [{ from: '01:00', to: '02:30' }, { from: '03:00', to: '05:00' }] }],
      visitMinutes: 30,
    }
    const s = gridSlots(a, new Date('2026-03-28T22:00:00Z'), new Date('2026-03-29T21:59:00Z'))
    expect(local(s)).toEqual(['2026-03-29 01:00', '2026-03-29 01:30', '2026-03-29 03:00', '2026-03-29 03:30', '2026-03-29 04:00', '2026-03-29 04:30'])
    // Before the change CET (UTC+1), after it CEST (UTC+2): 01:30 and 03:00 local are 30 real minutes apart.
    expect(s.map((x) => x.start.toISOString().slice(11, 16))).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30'])
    expect(s.every((x) => x.end.getTime() - x.start.getTime() === 30 * 60_000)).toBe(true)
    // The next Sunday is an ordinary one again: the week's 10:00–12:00.
    expect(local(gridSlots(a, new Date('2026-04-04T22:00:00Z'), new Date('2026-04-05T21:59:00Z')))).toEqual(['2026-04-05 10:00', '2026-04-05 10:30', '2026-04-05 11:00', '2026-04-05 11:30'])
  })

  it('a changed day with two ranges on the autumn Sunday: the repeated 02:00 once, the later range in winter time', () => {
    const a = {
      weekly: [],
      // Listed out of order: the grid is the same.
      exceptions: [{ date: '2026-10-25', ranges: [{ from: '10:00', to: '11:00' }, { from: '01:00', to: '03:00' }] }],
      visitMinutes: 60,
    }
    const s = gridSlots(a, new Date('2026-10-24T21:00:00Z'), new Date('2026-10-25T22:59:00Z'))
    expect(local(s).sort()).toEqual(['2026-10-25 01:00', '2026-10-25 02:00', '2026-10-25 10:00'])
    expect(s.map((x) => x.start.toISOString()).sort()).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T09:00:00.000Z'])
  })

  it('free times leave out the past, the lead time, booked overlaps and full open days', () => {
    const a = { weekly: [{ day: 2, from: '10:00', to: '12:00' }], exceptions: [], visitMinutes: 30 }
    const now = new Date('2026-12-01T09:10:00Z') // 10:10 local
    const busy = [{ startsAt: new Date('2026-12-01T10:15:00Z'), endsAt: new Date('2026-12-01T10:45:00Z') }]
    const openDays = [
      { id: 1, startsAt: new Date('2026-12-05T10:00:00Z'), endsAt: new Date('2026-12-05T13:00:00Z'), capacity: 3, taken: 2 },
      { id: 2, startsAt: new Date('2026-12-06T10:00:00Z'), endsAt: new Date('2026-12-06T13:00:00Z'), capacity: 3, taken: 3 },
    ]
    const s = freeSlots(a, openDays, busy, now, 6)
    // 10:00–11:00 are within the hour's lead, 11:00 and 11:30 overlap the booking at 11:15–11:45.
    expect(local(s)).toEqual(['2026-12-05 11:00'])
    expect(s[0]).toMatchObject({ openDayId: 1, placesLeft: 1 })
    const later = freeSlots(a, openDays, busy, now, 7)
    expect(local(later)).toEqual(['2026-12-05 11:00', '2026-12-08 10:00', '2026-12-08 10:30', '2026-12-08 11:00', '2026-12-08 11:30'])
  })
})
