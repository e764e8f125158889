import { describe, expect, it } from 'vitest'
import { annuityInstalment, mortgageSchedule } from './mortgage.ts'

// Worked examples from standard amortisation tables (amounts in grosze).
describe('mortgage calculator', () => {
  it('equal instalments: 200 000 at 6 % for 30 years is 1 199,10 a month; 100 000 at 5 % for 30 years 536,82', () => {
    expect(annuityInstalment(20_000_000, 360, 6)).toBe(119_910)
    expect(annuityInstalment(10_000_000, 360, 5)).toBe(53_682)
    expect(annuityInstalment(12_000_000, 120, 0)).toBe(100_000)
  })

  it('equal instalments: the schedule of the table (interest 1 000,00 then 999,00; capital 199,10 then 200,10)', () => {
    const s = mortgageSchedule({ principal: 20_000_000, months: 360, ratePct: 6, kind: 'equal' })
    expect(s.schedule[0]).toEqual({ month: 1, instalment: 119_910, principal: 19_910, interest: 100_000, balance: 19_980_090 })
    expect(s.schedule[1]).toEqual({ month: 2, instalment: 119_910, principal: 20_010, interest: 99_900, balance: 19_960_080 })
    expect(s.schedule).toHaveLength(360)
    expect(s.schedule.at(-1)!.balance).toBe(0)
    expect(s.schedule.reduce((a, r) => a + r.principal, 0)).toBe(20_000_000)
    // 359 instalments of 1 199,10 and a last one that clears the rounding.
    expect(s.schedule.slice(0, -1).every((r) => r.instalment === 119_910)).toBe(true)
    expect(Math.abs(s.lastInstalment - 119_910)).toBeLessThan(200)
    expect(s.totalInterest).toBe(s.schedule.reduce((a, r) => a + r.instalment, 0) - 20_000_000)
    expect(s.totalInterest).toBe(359 * 119_910 + s.lastInstalment - 20_000_000)
  })

  it('decreasing instalments: 120 000 at 6 % for 10 years: 1 600,00, 1 595,00 … 1 005,00, interest 36 300,00', () => {
    const s = mortgageSchedule({ principal: 12_000_000, months: 120, ratePct: 6, kind: 'decreasing' })
    expect(s.firstInstalment).toBe(160_000)
    expect(s.schedule[1]!.instalment).toBe(159_500)
    expect(s.lastInstalment).toBe(100_500)
    expect(s.totalInterest).toBe(3_630_000)
    expect(s.totalPaid).toBe(15_630_000)
  })

  it('decreasing instalments with an uneven capital part still repay the loan exactly', () => {
    const s = mortgageSchedule({ principal: 10_000_001, months: 7, ratePct: 7.5, kind: 'decreasing' })
    expect(s.schedule.reduce((a, r) => a + r.principal, 0)).toBe(10_000_001)
    expect(s.schedule.at(-1)!.balance).toBe(0)
    // Month 1: capital round(10 000 001 / 7) = 1 428 572, interest round(10 000 001 × 0,075 / 12) = 62 500.
    expect(s.schedule[0]).toMatchObject({ principal: 1_428_572, interest: 62_500 })
  })
})
