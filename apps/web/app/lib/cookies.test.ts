import { describe, expect, it } from 'vitest'
import { readCookie } from './cookies'

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    const jar = { cookie: 'a=1; XSRF-TOKEN=abc%3D%3D; isLogged=1' }
    expect(readCookie('XSRF-TOKEN', jar)).toBe('abc==')
    expect(readCookie('isLogged', jar)).toBe('1')
    expect(readCookie('missing', jar)).toBeNull()
  })
  it('does not match a cookie whose name only ends with the wanted one', () => {
    expect(readCookie('TOKEN', { cookie: 'XSRF-TOKEN=abc' })).toBeNull()
  })
})
