import { describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { calendar, fold, type IcsEvent } from './ics.ts'

const event = (o: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'viewing-7@dazu.test', sequence: 2, start: new Date('2026-03-29T01:00:00Z'), end: new Date('2026-03-29T01:30:00Z'),
  status: 'CONFIRMED', summary: 'Oglądanie: Mieszkanie, 3 pokoje; Kraków', description: 'Kontakt: Anna\nTel. 600 100 200',
  location: 'Kraków, ul. Długa 1', url: 'https://dazu.test/ogloszenia/m-1', organizer: { name: 'Dazu', email: 'noreply@dazu.test' },
  attendee: { name: 'Anna "A" Nowak', email: 'anna@example.com' }, ...o,
})

describe('.ics (RFC 5545), read back by ical.js', () => {
  it('an invitation: METHOD, UID, SEQUENCE, local times in Europe/Warsaw across the March change', () => {
    const text = calendar([event()], { method: 'REQUEST', stamp: new Date('2026-03-01T10:00:00Z') })
    expect(text.endsWith('\r\n')).toBe(true)
    const comp = new ICAL.Component(ICAL.parse(text))
    expect(comp.getFirstPropertyValue('method')).toBe('REQUEST')
    const tz = comp.getFirstSubcomponent('vtimezone')!
    ICAL.TimezoneService.register(tz)
    const ev = new ICAL.Event(comp.getFirstSubcomponent('vevent')!)
    expect(ev.uid).toBe('viewing-7@dazu.test')
    expect(ev.sequence).toBe(2)
    expect(ev.summary).toBe('Oglądanie: Mieszkanie, 3 pokoje; Kraków')
    expect(ev.description).toBe('Kontakt: Anna\nTel. 600 100 200')
    // 01:00 UTC on the last Sunday of March is 03:00 summer time; ical.js converts through the VTIMEZONE.
    expect(ev.startDate.toString()).toBe('2026-03-29T03:00:00')
    expect(ev.startDate.zone!.tzid).toBe('Europe/Warsaw')
    expect(ev.startDate.toJSDate().toISOString()).toBe('2026-03-29T01:00:00.000Z')
    expect(ev.endDate.toJSDate().toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(ev.organizer).toBe('mailto:noreply@dazu.test')
    expect(ev.attendees[0]!.getParameter('cn')).toBe('Anna A Nowak')
  })

  it('winter time before the change and in October, and a cancellation', () => {
    const text = calendar([
      event({ start: new Date('2026-03-28T09:00:00Z'), end: new Date('2026-03-28T09:30:00Z') }),
      event({ uid: 'viewing-8@dazu.test', start: new Date('2026-10-25T02:00:00Z'), end: new Date('2026-10-25T02:30:00Z'), status: 'CANCELLED', sequence: 3 }),
    ], { method: 'CANCEL' })
    const comp = new ICAL.Component(ICAL.parse(text))
    expect(comp.getFirstPropertyValue('method')).toBe('CANCEL')
    ICAL.TimezoneService.register(comp.getFirstSubcomponent('vtimezone')!)
    const [a, b] = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(a!.startDate.toString()).toBe('2026-03-28T10:00:00')
    expect(a!.startDate.toJSDate().toISOString()).toBe('2026-03-28T09:00:00.000Z')
    expect(b!.startDate.toString()).toBe('2026-10-25T03:00:00')
    expect(b!.startDate.toJSDate().toISOString()).toBe('2026-10-25T02:00:00.000Z')
    expect(b!.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(b!.sequence).toBe(3)
  })

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ż'.repeat(60)}`
    const folded = fold(line)
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
    const text = calendar([event({ summary: 'ż'.repeat(60) })])
    const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!)
    expect(ev.summary).toBe('ż'.repeat(60))
  })
})
