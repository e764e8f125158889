import { describe, expect, it } from 'vitest'
import { FEED_INTERVALS } from '@portal/contracts/feeds'
import { intervalLabel } from './feed-interval'

describe('intervalLabel', () => {
  it('says every offered interval in Polish, with the plural the number takes', () => {
    expect(FEED_INTERVALS.map(intervalLabel)).toEqual([
      'co 15 minut', 'co 30 minut', 'co godzinę', 'co 3 godziny', 'co 6 godzin', 'co 12 godzin', 'raz na dobę',
    ])
    expect([2, 90, 120].map(intervalLabel)).toEqual(['co 2 minuty', 'co 90 minut', 'co 2 godziny'])
  })
})
