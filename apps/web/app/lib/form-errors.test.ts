import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, registerSchema } from '@portal/contracts/auth'
import { serverFieldErrors, withoutError, zodFieldErrors } from './form-errors'

describe('form errors', () => {
  it('maps the shared register schema to the §5 messages, one per field', () => {
    const r = registerSchema.safeParse({ type: undefined, name: '', email: 'zly', phone: '', password: 'abc', password_confirmation: '' })
    expect(r.success).toBe(false)
    expect(zodFieldErrors(r.error!)).toEqual({
      type: AUTH_MESSAGES.typeRequired,
      name: AUTH_MESSAGES.nameRequired,
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordRule,
      password_confirmation: AUTH_MESSAGES.passwordConfirmationRequired,
    })
    const differ = registerSchema.safeParse({ type: 'user', name: 'Jan', email: 'jan@example.pl', password: 'Haslo123', password_confirmation: 'Haslo124' })
    expect(zodFieldErrors(differ.error!)).toEqual({ password_confirmation: AUTH_MESSAGES.passwordsDiffer })
  })
  it('takes the first message of a 422 and drops a field on edit', () => {
    const e = serverFieldErrors({ 'address.city': ['Za długie', 'x'], name: 'Brak' })
    expect(e).toEqual({ 'address.city': 'Za długie', name: 'Brak' })
    expect(withoutError(e, 'name')).toEqual({ 'address.city': 'Za długie' })
  })
})
