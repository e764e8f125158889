import { describe, expect, it } from 'vitest'
import { ACCOUNT_LINKS, isCurrent, menuLinks, tabLinks } from './account-nav'
import type { Profile } from './user'

const user = { type: 'user', roles: [] } as unknown as Profile
const agency = { type: 'agency', roles: [] } as unknown as Profile
const all = ACCOUNT_LINKS.map((l) => ({ ...l, available: true }))

describe('account links', () => {
  it('lists only pages that exist now', () => {
    expect(menuLinks(user).map((l) => l.menuLabel)).toEqual(['Moje ogłoszenia', 'Ustawienia konta', 'Ulubione'])
  })
  it('keeps the menu order and the tab order of spec §2, agents only for companies', () => {
    expect(menuLinks(agency, all).map((l) => l.menuLabel)).toEqual([
      'Moje ogłoszenia', 'Ustawienia konta', 'Integracje', 'Ulubione', 'Agenci', 'Historia płatności',
    ])
    expect(tabLinks(agency, all).map((l) => l.tabLabel)).toEqual([
      'Ustawienia', 'Integracje', 'Ulubione', 'Moje ogłoszenia', 'Moi agenci', 'Historia płatności',
    ])
    expect(tabLinks(user, all).map((l) => l.id)).not.toContain('agents')
  })
  it('marks the current tab by path or alias', () => {
    const settings = ACCOUNT_LINKS.find((l) => l.id === 'settings')!
    expect(isCurrent(settings, '/ustawienia-konta')).toBe(true)
    expect(isCurrent(settings, '/account/AccountSettings/')).toBe(true)
    expect(isCurrent(settings, '/ulubione')).toBe(false)
  })
})
