import { describe, expect, it } from 'vitest'
import { ACCOUNT_LINKS, isCurrent, menuLinks, tabLinks } from './account-nav'
import type { Profile } from './user'

const user = { type: 'user', roles: [] } as unknown as Profile
const agency = { type: 'agency', roles: ['company'] } as unknown as Profile
const all = ACCOUNT_LINKS.map((l) => ({ ...l, available: true }))

describe('account links', () => {
  it('lists only pages that exist now', () => {
    expect(menuLinks(user).map((l) => l.menuLabel)).toEqual(['Moje ogłoszenia', 'Ustawienia konta', 'Integracje', 'Ulubione', 'Wiadomości', 'Kalendarz', 'Historia płatności'])
  })
  it('keeps the menu order and the tab order of spec §2, agents only for companies', () => {
    expect(menuLinks(agency, all).map((l) => l.menuLabel)).toEqual([
      'Moje ogłoszenia', 'Ustawienia konta', 'Integracje', 'Ulubione', 'Agenci', 'Wiadomości', 'Kalendarz', 'Historia płatności',
    ])
    expect(tabLinks(agency, all).map((l) => l.tabLabel)).toEqual([
      'Ustawienia', 'Integracje', 'Ulubione', 'Moje ogłoszenia', 'Moi agenci', 'Historia płatności', 'Wiadomości', 'Kalendarz',
    ])
    expect(tabLinks(user, all).map((l) => l.id)).not.toContain('agents')
  })
  it('shows the admin area only to roles admin and mod, in the menus and never in the tab row', () => {
    const mod = { type: 'user', roles: ['mod'] } as unknown as Profile
    const admin = { type: 'user', roles: ['admin'] } as unknown as Profile
    expect(menuLinks(user).map((l) => l.id)).not.toContain('admin')
    expect(menuLinks(mod).at(-1)).toMatchObject({ id: 'admin', to: '/admin', menuLabel: 'Panel administracyjny' })
    expect(menuLinks(admin).map((l) => l.id)).toContain('admin')
    expect(tabLinks(admin).map((l) => l.id)).not.toContain('admin')
  })
  it('links Integracje for every logged-in user, as spec §2 lists it (decision 052)', () => {
    const company = { type: 'agency', roles: ['company'] } as unknown as Profile
    expect(menuLinks(user).find((l) => l.id === 'integrations')).toMatchObject({ to: '/integracje' })
    expect(tabLinks(user).map((l) => l.tabLabel).slice(0, 2)).toEqual(['Ustawienia', 'Integracje'])
    expect(menuLinks(company).find((l) => l.id === 'integrations')).toMatchObject({ to: '/integracje', aliases: ['/account/Integrations'] })
    expect(tabLinks(company).map((l) => l.tabLabel).slice(0, 2)).toEqual(['Ustawienia', 'Integracje'])
  })
  it('marks the current tab by path or alias', () => {
    const settings = ACCOUNT_LINKS.find((l) => l.id === 'settings')!
    expect(isCurrent(settings, '/ustawienia-konta')).toBe(true)
    expect(isCurrent(settings, '/account/AccountSettings/')).toBe(true)
    expect(isCurrent(settings, '/ulubione')).toBe(false)
  })
})
