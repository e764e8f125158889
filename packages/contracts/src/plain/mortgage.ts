// The mortgage calculator (issue 26): pure functions in grosze, no zod (the listing page loads them on demand).

export type InstalmentKind = 'equal' | 'decreasing'

export interface MortgageInput {
  /** Loan amount, grosze. */
  principal: number
  /** Number of monthly instalments. */
  months: number
  /** Yearly nominal rate in per cent (6.75 = 6,75 %). */
  ratePct: number
  kind: InstalmentKind
}

export interface ScheduleRow { month: number; instalment: number; principal: number; interest: number; balance: number }

export interface MortgageResult {
  /** The first month's instalment (equal: every month's but the last, which clears the rounding). */
  firstInstalment: number
  lastInstalment: number
  totalInterest: number
  totalPaid: number
  schedule: ScheduleRow[]
}

/** The equal (annuity) instalment in grosze: P·r / (1 − (1 + r)^−n), r the monthly rate; P / n at 0 %. */
export function annuityInstalment(principal: number, months: number, ratePct: number): number {
  const r = ratePct / 1200
  if (r === 0) return Math.round(principal / months)
  return Math.round((principal * r) / (1 - (1 + r) ** -months))
}

/**
 * The schedule, month by month: interest on the remaining balance rounded to the grosz; equal instalments keep the
 * annuity amount, decreasing ones repay P / n of capital each month; the last month repays whatever is left, so the
 * capital parts add up to the loan exactly.
 */
export function mortgageSchedule(i: MortgageInput): MortgageResult {
  const { principal, months, kind } = i
  const r = i.ratePct / 1200
  const equal = annuityInstalment(principal, months, i.ratePct)
  const capitalPart = Math.round(principal / months)
  let balance = principal
  let totalInterest = 0
  const schedule: ScheduleRow[] = []
  for (let m = 1; m <= months; m++) {
    const interest = Math.round(balance * r)
    let capital = kind === 'equal' ? equal - interest : capitalPart
    if (m === months || capital > balance) capital = balance
    balance -= capital
    totalInterest += interest
    schedule.push({ month: m, instalment: capital + interest, principal: capital, interest, balance })
    if (balance === 0) break
  }
  return {
    firstInstalment: schedule[0]?.instalment ?? 0,
    lastInstalment: schedule.at(-1)?.instalment ?? 0,
    totalInterest,
    totalPaid: principal + totalInterest,
    schedule,
  }
}

/** Limits of the form. */
export const MORTGAGE_LIMITS = { minYears: 5, maxYears: 35, defaultYears: 25, defaultDownPct: 20 } as const
