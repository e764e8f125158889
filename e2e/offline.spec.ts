import type { Route } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { NOTHING, quiet } from './support/quiet'

test('going offline shows the offline banner, coming back removes it', async ({ page, context }) => {
  // The banner is a part that hydrates on idle (decision 040): its code must be in, and the page's other idle parts
  // (requested at the same moment) too, before the connection goes, or their requests fail offline. On a slow machine
  // the idle moment comes seconds after hydration, so this waits for those requests, not for a time.
  const settled = quiet(page)
  const bannerCode = page.waitForResponse(/\/assets\/offline-banner-[^/]*\.js$/)
  await page.goto('/')
  await hydrated(page)
  await bannerCode
  await settled(NOTHING)
  const banner = page.getByText('Jesteś offline')
  await expect(banner).toHaveCount(0)

  await context.setOffline(true)
  await expect(banner).toBeVisible()

  await context.setOffline(false)
  await expect(banner).toHaveCount(0)
})

// hydrateLater (decision 040): a part whose chunk fails while the browser is offline keeps the server's HTML and loads
// when the browser is back online. Decision 042 found what a second import() of the failed URL does in Chromium.
test.describe('a part whose code failed offline', () => {
  // The service worker would answer the chunk from its cache (or fetch it itself, past page.route).
  test.use({ serviceWorkers: 'block' })

  test('keeps its server HTML without an error screen or a reload, then hydrates and works once online', async ({ page, context, consoleErrors }) => {
    // Every chunk that fails offline must be fetched again once online: Debian's Chromium does refetch a failed
    // import() (decision 042).
    const failed: string[] = []
    const refetched = new Set<string>()
    const settled = quiet(page)
    let online = false
    page.on('requestfailed', (r) => { if (r.url().includes('/assets/')) failed.push(r.url()) })
    page.on('response', (r) => { if (online && r.ok() && r.url().includes('/assets/')) refetched.add(r.url()) })
    let held!: (route: Route) => void
    const requested = new Promise<Route>((done) => { held = done })
    await page.route('**/assets/listing-section-*.js', (route) => held(route), { times: 1 })
    await page.goto('/')
    await hydrated(page)
    // Marks this document: a reload (chunk-reload.ts reloaded on any failed chunk, offline too) would lose it.
    await page.evaluate(() => { (window as { __same?: boolean }).__same = true })

    // The section's code is on its way when the connection goes.
    const chunk = await requested
    await settled(/\/assets\/listing-section-/)
    await context.setOffline(true)
    await chunk.abort('internetdisconnected')
    await expect.poll(() => failed.some((u) => u.includes('/assets/listing-section-'))).toBe(true)
    await expect(page.getByText('Jesteś offline')).toBeVisible()
    const cards = page.locator('section', { has: page.getByRole('heading', { name: 'Najnowsze ogłoszenia' }) }).locator('article[data-listing-card]')
    await expect(cards.first()).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: /Wystąpił błąd|Serwis chwilowo niedostępny/ })).toHaveCount(0)

    online = true
    await context.setOffline(false)
    await expect(page.getByText('Jesteś offline')).toHaveCount(0)
    // The section hydrates: its heart works (a guest gets the login dialog).
    await cards.first().getByRole('button', { name: 'Dodaj do ulubionych' }).click()
    await expect(page.getByRole('dialog', { name: 'Zaloguj się' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: /Wystąpił błąd|Serwis chwilowo niedostępny/ })).toHaveCount(0)
    expect(await page.evaluate(() => (window as { __same?: boolean }).__same)).toBe(true)
    await expect.poll(() => failed.filter((u) => !refetched.has(u)), 'chunks failed offline and not fetched again online').toEqual([])
    // The browser logged each failed request once: expected here.
    for (const url of failed) consoleErrors.allow({ url: new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
  })

  // An older browser keeps the failed fetch in its module map (before whatwg/html#10327): the import() once online
  // rejects at once. Failing the request once more online takes the same path in the app.
  test('where the retry online fails too, the page reloads once, without an error screen, and the part works', async ({ page, context, consoleErrors }) => {
    const failed: string[] = []
    page.on('requestfailed', (r) => { if (r.url().includes('/assets/')) failed.push(r.url()) })
    const settled = quiet(page)
    let held!: (route: Route) => void
    const requested = new Promise<Route>((done) => { held = done })
    let n = 0
    await page.route('**/assets/listing-section-*.js', (route) => {
      n++
      if (n === 1) held(route)
      else if (n === 2) void route.abort('failed')
      else void route.continue()
    })
    await page.goto('/')
    await hydrated(page)
    await page.evaluate(() => { (window as { __same?: boolean }).__same = true })
    const chunk = await requested
    await settled(/\/assets\/listing-section-/)
    await context.setOffline(true)
    await chunk.abort('internetdisconnected')
    await expect.poll(() => failed.length).toBeGreaterThan(0)
    await expect(page.getByText('Jesteś offline')).toBeVisible()

    const reloaded = page.waitForEvent('load')
    await context.setOffline(false)
    await reloaded
    expect(await page.evaluate(() => (window as { __same?: boolean }).__same)).toBeUndefined()
    await hydrated(page)
    await expect.poll(() => n).toBeGreaterThanOrEqual(3)
    const cards = page.locator('section', { has: page.getByRole('heading', { name: 'Najnowsze ogłoszenia' }) }).locator('article[data-listing-card]')
    await cards.first().getByRole('button', { name: 'Dodaj do ulubionych' }).click()
    await expect(page.getByRole('dialog', { name: 'Zaloguj się' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: /Wystąpił błąd|Serwis chwilowo niedostępny/ })).toHaveCount(0)
    for (const url of failed) consoleErrors.allow({ url: new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
  })
})
