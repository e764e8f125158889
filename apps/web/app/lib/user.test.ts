import { describe, expect, it } from 'vitest'
import { canSeeAgents, initials, isCompanyAccount } from './user'

describe('user rules (spec §6)', () => {
  it('shows agents to company account types and to company/admin roles', () => {
    expect(canSeeAgents({ type: 'agency', roles: [] })).toBe(true)
    expect(canSeeAgents({ type: 'developer', roles: [] })).toBe(true)
    expect(canSeeAgents({ type: 'hotel', roles: [] })).toBe(true)
    expect(canSeeAgents({ type: 'user', roles: ['company'] })).toBe(true)
    expect(canSeeAgents({ type: 'user', roles: ['admin'] })).toBe(true)
    expect(canSeeAgents({ type: 'user', roles: [] })).toBe(false)
    expect(canSeeAgents(null)).toBe(false)
  })
  it('knows company accounts', () => {
    expect(isCompanyAccount({ type: 'agency' })).toBe(true)
    expect(isCompanyAccount({ type: 'user' })).toBe(false)
  })
  it('makes initials', () => {
    expect(initials('jan kowalski')).toBe('JK')
    expect(initials('  Łukasz  ')).toBe('Ł')
    expect(initials('')).toBe('?')
  })
})
