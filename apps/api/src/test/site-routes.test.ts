import { describe, expect, it } from 'vitest'
import { sitePathTemplates } from './site-routes.ts'

describe('sitePathTemplates', () => {
  it('turns route() and index() entries into templates with their parameters in order', () => {
    const source = `export default [index('routes/home.tsx'), route('szukaj', 'x'), route('ogloszenia/:slug', 'y'),
      layout('l', [route('nieruchomosci/:a/:b?/:c?', 'z')]), route('*', 'nf')]`
    expect(sitePathTemplates(source)).toEqual(['/', '/szukaj', '/ogloszenia/{x}', '/nieruchomosci/{x}/{y}/{z}', '/{x}'])
  })

  it('reads the web app\'s real route list: every screen, with the newest ones', () => {
    const paths = sitePathTemplates()
    expect(paths.length).toBeGreaterThan(60)
    for (const p of ['/', '/szukaj', '/ogloszenia/{x}', '/kalendarz', '/inwestycje/{x}', '/ceny-nieruchomosci/{x}/{y}', '/admin/uzytkownicy/{x}', '/{x}']) {
      expect(paths).toContain(p)
    }
  })
})
