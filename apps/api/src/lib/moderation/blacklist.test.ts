import { describe, expect, it } from 'vitest'
import { buildMatcher, maskText, stemOf } from './blacklist.ts'

describe('word blacklist masking', () => {
  const m = buildMatcher(['oszust', 'kurwa', 'debil'])

  it('stems: the longest known ending goes, at least three letters stay', () => {
    expect(stemOf('kurwa')).toBe('kurw')
    expect(stemOf('oszust')).toBe('oszust')
    expect(stemOf('Debil')).toBe('debil')
    expect(stemOf('ala')).toBe('ala')
  })

  it('catches inflected forms in any case and keeps everything else as written', () => {
    expect(maskText('Oszust, OSZUSTA, oszustem, oszustów i oszustami', m)).toBe('O*****, O******, o*******, o******* i o********')
    expect(maskText('Ty KURWO! Kurwie, kurwy.', m)).toBe('Ty K****! K*****, k****.')
    expect(maskText('Debile i debilami', m)).toBe('D***** i d*******')
    // Case of the rest of the text is untouched (the original censor lower-cased everything).
    expect(maskText('Piękne MIESZKANIE w Centrum', m)).toBe('Piękne MIESZKANIE w Centrum')
  })

  it('does not mask words that only start like a blacklisted one', () => {
    expect(maskText('Oszustwo to nie oszust? Debilitacja.', m)).toBe('Oszustwo to nie o*****? Debilitacja.')
    const kot = buildMatcher(['kot'])
    expect(maskText('Kotlet, kotara; koty, kota, kotem', kot)).toBe('Kotlet, kotara; k***, k***, k****')
  })

  it('an empty list changes nothing', () => {
    expect(maskText('Cokolwiek', buildMatcher([]))).toBe('Cokolwiek')
  })
})
