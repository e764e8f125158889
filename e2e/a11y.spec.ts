import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { seriousA11yViolations } from './support/axe'

// Issue 29: axe-core on every page of the site, guest and logged in, at 390 and 1280 px: no serious or critical
// violation (WCAG 2.1 A and AA). Pages whose address holds an id are reached through the link a person would follow.

const DEMO_PASSWORD = 'Demo1234'
const JAN = 'jan.kowalski@example.pl'
const AGENCY = 'biuro.nieruchomosci-kowalski-i-wspolnicy@example.com'
const DEVELOPER = 'sprzedaz.wislane-tarasy-development@example.pl'
const ADMIN = 'admin@example.pl'

async function logIn(page: Page, email: string) {
  await page.request.get('/api/sanctum/csrf-cookie')
  const xsrf = (await page.context().storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } })
  expect(res.status(), `login ${email}`).toBe(200)
}

/**
 * The first link on `from` whose address matches `pattern` (a page with an id in its address), read from the page as
 * the server renders it for this browser context (its cookies): every `from` page is swept at the same width anyway, so
 * a second browser load of it only to read its links cost a page load (~a sixth of the sweep's) and checked nothing.
 */
async function firstLink(page: Page, from: string, pattern: RegExp): Promise<string> {
  const res = await page.request.get(from)
  expect(res.status(), from).toBe(200)
  const hrefs = [...(await res.text()).matchAll(/<a\s(?:[^>]*?\s)?href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
  const href = hrefs.find((h) => pattern.test(h))
  expect(href, `a link like ${pattern} on ${from}`).toBeTruthy()
  return href!
}

/** Every page in turn; all their violations are reported together. */
async function sweep(page: Page, width: number, paths: Entry[]) {
  await page.setViewportSize({ width, height: 900 })
  const found: string[] = []
  for (const entry of paths) {
    const path = typeof entry === 'string' ? entry : await entry(page)
    const res = await page.goto(path)
    expect(res?.status(), path).toBeLessThan(path === '/404' ? 500 : 400)
    await hydrated(page)
    found.push(...await seriousA11yViolations(page, `${path} at ${width} px`))
    // Nothing wider than the screen: a page that scrolls sideways on a phone is broken however accessible it is.
    const wide = await page.evaluate(() => {
      const w = document.documentElement.clientWidth
      if (document.documentElement.scrollWidth <= w) return null
      const culprits = [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect()
        // In a scrolled box unless positioned against something outside it (an sr-only label in a table).
        const contained = !!e.parentElement?.closest('.overflow-x-auto, .overflow-auto, .overflow-hidden, .overflow-x-hidden')
          && getComputedStyle(e).position !== 'absolute'
        return r.width > 0 && r.right > w + 1 && !contained
      })
      return `${document.documentElement.scrollWidth} px > ${w} px: ${culprits.slice(0, 3).map((e) => e.outerHTML.slice(0, 160)).join(' | ')}`
    })
    if (wide) found.push(`${path} at ${width} px scrolls sideways, ${wide}`)
  }
  expect(found).toEqual([])
}

type Entry = string | ((page: Page) => Promise<string>)
const newestListing = async (page: Page) =>
  `/ogloszenia/${((await (await page.request.get('/api/offers?limit=1')).json()) as { data: { slug: string }[] }).data[0]!.slug}`

/** Groups small enough to run side by side; who is logged in, and the pages. */
const GROUPS: { name: string; as?: string; pages: Entry[] }[] = [
  { name: 'home and search', pages: ['/', '/szukaj?typ=sprzedaz', '/szukaj?typ=wynajem&widok=mapa', '/nieruchomosci/sprzedaz/warszawa', '/uslugi', newestListing] },
  { name: 'people, prices and investments', pages: [
    '/agencje', '/deweloperzy', (p) => firstLink(p, '/agencje', /^\/profil\//), '/ceny-nieruchomosci',
    (p) => firstLink(p, '/ceny-nieruchomosci', /^\/ceny-nieruchomosci\/[^/]+$/), '/inwestycje', (p) => firstLink(p, '/inwestycje', /^\/inwestycje\/[^/]+$/),
  ] },
  { name: 'content pages', pages: [
    '/dodaj-ogloszenie', '/auth', '/regulamin', '/o-nas', '/faq', '/blog', (p) => firstLink(p, '/blog', /^\/blog\/[^/]+$/),
    '/kontakt', '/integracje/format', '/promocje', '/wycena', '/404',
  ] },
  { name: 'a private user\'s account', as: JAN, pages: ['/', '/ustawienia-konta', '/moje-ogloszenia', '/ulubione', '/ulubione?tab=inwestycje', '/wiadomosci', '/faktury', '/integracje'] },
  { name: 'a private user\'s listings and visits', as: JAN, pages: [
    '/kalendarz', (p) => firstLink(p, '/moje-ogloszenia', /^\/moje-ogloszenia\/statystyki\//),
    (p) => firstLink(p, '/moje-ogloszenia', /^\/moje-ogloszenia\/edytuj-ogloszenie\//),
    (p) => firstLink(p, '/moje-ogloszenia', /^\/moje-ogloszenia\/ogladanie\//), '/dodaj-ogloszenie',
  ] },
  { name: 'an agency', as: AGENCY, pages: ['/agenci', '/moje-ogloszenia'] },
  { name: 'a developer', as: DEVELOPER, pages: [
    '/moje-inwestycje', '/moje-inwestycje/nowa', (p) => firstLink(p, '/moje-inwestycje', /^\/moje-inwestycje\/\d+$/),
    (p) => firstLink(p, '/moje-inwestycje', /^\/moje-inwestycje\/\d+\/lokale$/), (p) => firstLink(p, '/moje-inwestycje', /^\/moje-inwestycje\/\d+\/import$/),
  ] },
  { name: 'the admin area', as: ADMIN, pages: [
    '/admin', '/admin/moderacja', '/admin/zgloszenia', '/admin/uzytkownicy', '/admin/czarna-lista', '/admin/dziennik',
    '/admin/strony', '/admin/faq', '/admin/blog', '/admin/newsletter', '/admin/ustawienia',
    (p) => firstLink(p, '/admin/uzytkownicy', /^\/admin\/uzytkownicy\/\d+$/),
  ] },
]

for (const width of [390, 1280]) {
  for (const group of GROUPS) {
    test(`${group.name}: no serious or critical axe violation at ${width} px`, async ({ page, consoleErrors }) => {
      test.setTimeout(240_000)
      // The 404 page's document load is logged by the browser as a failed resource.
      if (group.pages.includes('/404')) consoleErrors.allow({ url: /\/404$/ })
      if (group.as) await logIn(page, group.as)
      await sweep(page, width, group.pages)
    })
  }
}
