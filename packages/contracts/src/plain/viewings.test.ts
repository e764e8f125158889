import { describe, expect, it } from 'vitest'
import { formatViewingTime, viewingDate, warsawInstant } from './viewings.ts'

describe('Warsaw wall time ↔ instants', () => {
  it('winter and summer offsets, both ways', () => {
    expect(warsawInstant('2026-12-01', '10:30')).toBe('2026-12-01T09:30:00.000Z')
    expect(warsawInstant('2026-07-01', '10:30')).toBe('2026-07-01T08:30:00.000Z')
    expect(warsawInstant('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z')
    expect(warsawInstant('2026-10-25', '04:00')).toBe('2026-10-25T03:00:00.000Z')
    expect(formatViewingTime('2026-07-01T08:30:00.000Z')).toBe('10:30')
    expect(viewingDate('2026-12-31T23:30:00.000Z')).toBe('2027-01-01')
  })
})
