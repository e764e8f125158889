import { describe, expect, it } from 'vitest'
import { isValidNip, normalizeVideoUrl, permissionsFor, profileUpdateSchema } from './user.ts'
import { encodeCaptchaPayload } from './captcha.ts'

describe('user contracts', () => {
  it('NIP checksum (weights 6,5,7,2,3,4,5,6,7)', () => {
    expect(isValidNip('5260001246')).toBe(true)
    expect(isValidNip('526-000-12-46')).toBe(true)
    expect(isValidNip('5260001247')).toBe(false)
    expect(isValidNip('1234567890')).toBe(false) // checksum 10 is never valid
    expect(isValidNip('52600012')).toBe(false)
  })

  it('profile update: zip NN-NNN, "" clears, absent stays absent', () => {
    expect(profileUpdateSchema.safeParse({ name: 'A', address: { zip_code: '00-950' } }).success).toBe(true)
    expect(profileUpdateSchema.safeParse({ name: 'A', address: { zip_code: '00950' } }).success).toBe(false)
    const v = profileUpdateSchema.parse({ name: 'A', phone: '' })
    expect(v.phone).toBeNull()
    expect('nip' in v ? v.nip : undefined).toBeUndefined()
  })

  it('video links: YouTube and Vimeo only, canonical', () => {
    expect(normalizeVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    expect(normalizeVideoUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    expect(normalizeVideoUrl('https://player.vimeo.com/video/76979871')).toBe('https://vimeo.com/76979871')
    expect(normalizeVideoUrl('javascript:alert(1)')).toBeNull()
    expect(normalizeVideoUrl('https://youtube.com.evil.pl/watch?v=dQw4w9WgXcQ')).toBeNull()
  })

  it('permissions per role', () => {
    expect(permissionsFor(['user'])).toEqual(['view own profile', 'update own profile'])
    expect(permissionsFor(['company'])).toEqual(['view own profile', 'update own profile', 'show agent', 'store agent', 'delete agent'])
    expect(permissionsFor(['admin'])).toContain('manage permission')
    expect(permissionsFor(['mod'])).not.toContain('manage permission')
  })

  it('captcha payload is base64 JSON {challenge, solution}', () => {
    const p = encodeCaptchaPayload({ parameters: { algorithm: 'SHA-256', nonce: 'a', salt: 'b', keyPrefix: 'c' }, signature: 's' },
      { counter: 5, derivedKey: 'ff' })
    expect(JSON.parse(atob(p))).toEqual({ challenge: { parameters: { algorithm: 'SHA-256', nonce: 'a', salt: 'b', keyPrefix: 'c' }, signature: 's' },
      solution: { counter: 5, derivedKey: 'ff' } })
  })
})
