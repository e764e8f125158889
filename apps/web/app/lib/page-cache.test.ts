import { describe, expect, it } from 'vitest'
import { publicPageHeaders } from './page-cache'

describe('publicPageHeaders', () => {
  it('keeps a signed-in page private', () => {
    expect(publicPageHeaders(new Headers({ 'Cache-Control': 'private, no-store' }))).toEqual({ 'Cache-Control': 'private, no-store' })
  })
  it('lets an anonymous page be cached briefly, keyed on the cookies', () => {
    const h = new Headers(publicPageHeaders(new Headers()))
    expect(h.get('Cache-Control')).toContain('s-maxage=15')
    expect(h.get('Vary')).toBe('Cookie')
  })
})
