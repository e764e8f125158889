import { expect, hydrated, test } from './fixtures'
import { NOTHING, quiet } from './support/quiet'

test('installable: manifest with pink icons, service worker at /sw.js with scope /, no installability errors', async ({ page, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', theme_color: '#db2777', lang: 'pl' })
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png')
  const sw = await request.get('/sw.js')
  expect(sw.headers()['cache-control']).toBe('public, max-age=0, must-revalidate')

  await page.goto('/')
  await hydrated(page)
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toMatch(/\/$/)
  expect(new URL(scope).pathname).toBe('/')
  // What Lighthouse's installability audit asks Chrome.
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: Array<{ errorId: string }> }
  // Playwright's browser contexts are incognito ones, which Chrome never offers to install: the only allowed entry.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
})

test('offline: a navigation shows the offline page; pages are never served from the cache', async ({ page, context, consoleErrors }) => {
  // The page's parts that load on idle (decision 040) must be in before the connection goes, or their requests fail
  // offline (a clean-clone CI run failed on it): the offline banner's chunk, then no request in flight.
  const settled = quiet(page)
  const bannerCode = page.waitForResponse(/\/assets\/offline-banner-[^/]*\.js$/)
  await page.goto('/')
  await hydrated(page)
  await bannerCode
  await settled(NOTHING)
  await page.evaluate(async () => { await navigator.serviceWorker.ready })
  // The page is controlled once the worker claimed it.
  await page.waitForFunction(() => !!navigator.serviceWorker.controller)
  const cached = await page.evaluate(async () => {
    const out: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const req of await cache.keys()) out.push(new URL(req.url).pathname)
    }
    return out
  })
  expect(cached).toContain('/offline.html')
  expect(cached.filter((p) => !p.startsWith('/assets/') && !p.startsWith('/icons/') && !['/offline.html', '/manifest.webmanifest', '/favicon.svg'].includes(p))).toEqual([])

  await context.setOffline(true)
  consoleErrors.allow({ text: /ERR_INTERNET_DISCONNECTED|Failed to load resource/ }, 0)
  await page.goto('/szukaj')
  await expect(page.getByRole('heading', { name: 'Jesteś offline' })).toBeVisible()
  await context.setOffline(false)
  await page.getByRole('link', { name: 'Spróbuj ponownie' }).click()
  await expect(page).toHaveURL(/\/szukaj$/)
  await expect(page.getByRole('heading', { name: 'Jesteś offline' })).toHaveCount(0)
})

test.describe('chunk-load failure', () => {
  // Playwright cannot fail a request a service worker makes; this test is about the page's own handling.
  test.use({ serviceWorkers: 'block' })

test('a route chunk that fails to load opens the page from the server once, then not again within 60 s', async ({ page, consoleErrors }) => {
  await page.goto('/')
  await hydrated(page)
  // The category landing page's module is fetched on the first client-side navigation to it: make it fail.
  await page.route(/\/assets\/category-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }))
  const loaded = page.waitForEvent('load')
  await page.getByRole('link', { name: 'Kraków', exact: true }).first().click()
  await loaded
  // The page being opened, from the server (not the page being left loaded again, as React Router would).
  await expect(page).toHaveURL(/krakow/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Krak/)
  expect(await page.evaluate(() => sessionStorage.getItem('portal_chunk_reload_at'))).not.toBeNull()

  // Within 60 s: no second load; the navigation ends on the error screen instead of looping.
  await page.goto('/')
  await hydrated(page)
  let loads = 0
  page.on('load', () => { loads++ })
  await page.getByRole('link', { name: 'Kraków', exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Nie udało się wczytać strony' })).toBeVisible()
  expect(loads).toBe(0)
  // What was provoked: the chunk's 404s and React's report of the page it could not render.
  for (const e of consoleErrors.seen) {
    if (e.kind === 'console' && (/\/assets\/category-/.test(e.url ?? '') || /RouteLoadError|route module failed to load/.test(e.text))) {
      consoleErrors.allow({ text: new RegExp(e.text.slice(0, 60).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    }
  }
})
})
