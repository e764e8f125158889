import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES as M, changePasswordSchema, emailPromptSchema, loginSchema, registerSchema } from './auth.ts'

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

const valid = { type: 'user', name: 'Anna', email: 'Anna@Example.PL', phone: '+48 600 100 200', password: 'Abcdef1', password_confirmation: 'Abcdef1' }

describe('registration rules (spec §5)', () => {
  it('accepts a valid form and lower-cases the e-mail', () => {
    const r = registerSchema.safeParse(valid)
    expect(r.success).toBe(true)
    expect(r.data!.email).toBe('anna@example.pl')
  })
  it('gives each Polish message', () => {
    expect(messages(registerSchema.safeParse({}))).toMatchObject({
      type: M.typeRequired, name: M.nameRequired, email: M.emailRequired, password: M.passwordRequired,
      password_confirmation: M.passwordConfirmationRequired,
    })
    expect(messages(registerSchema.safeParse({ ...valid, email: 'nope' })).email).toBe(M.emailInvalid)
    expect(messages(registerSchema.safeParse({ ...valid, name: '   ' })).name).toBe(M.nameRequired)
    expect(messages(registerSchema.safeParse({ ...valid, type: 'admin' })).type).toBe(M.typeRequired)
    expect(messages(registerSchema.safeParse({ ...valid, password_confirmation: 'Abcdef2' })).password_confirmation).toBe(M.passwordsDiffer)
    expect(messages(registerSchema.safeParse({ ...valid, phone: '12' })).phone).toBe(M.phoneInvalid)
  })
  it.each(['abcdef1', 'ABCDEF1', 'Abcdefg', 'Ab1'])('rejects the weak password %s', (p) => {
    expect(messages(registerSchema.safeParse({ ...valid, password: p, password_confirmation: p })).password).toBe(M.passwordRule)
  })
  it('accepts Polish letters in passwords', () => {
    expect(registerSchema.safeParse({ ...valid, password: 'Źdźbło1', password_confirmation: 'Źdźbło1' }).success).toBe(true)
  })
})

describe('other auth forms', () => {
  it('trims the login e-mail', () => {
    expect(loginSchema.parse({ email: '  A@b.pl ', password: 'x' }).email).toBe('a@b.pl')
  })
  it('uses the prompt message for reminders', () => {
    expect(messages(emailPromptSchema.safeParse({ email: 'x@' })).email).toBe(M.promptEmailInvalid)
  })
  it('checks the new password on change', () => {
    expect(messages(changePasswordSchema.safeParse({ current_password: 'a', password: 'Abcdef1', password_confirmation: 'x' })).password_confirmation).toBe(M.passwordsDiffer)
  })
})
