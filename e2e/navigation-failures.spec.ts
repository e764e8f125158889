import type { Page } from '@playwright/test'
import { expect, hydrated, test, type ConsoleErrors } from './fixtures'

// Issue 29's walk: a route's code that fails to load reloaded the page being left (FAQ from /o-nas → /o-nas again), a
// second failure within 60 s left an empty page, and a link followed offline showed an empty page, then 'Wystąpił
// błąd' once back online (chunk-reload.ts, root's ErrorBoundary).

// The service worker would answer the chunks from its cache, past page.route.
test.use({ serviceWorkers: 'block' })

const FAQ_CHUNK = '**/assets/faq-*.js'

/** The errors these tests provoke: the failed requests and React's report of the page it could not render. */
function allowProvoked(consoleErrors: ConsoleErrors) {
  const provoked = /Failed to load resource|RouteLoadError|route module failed to load|Failed to fetch|ERR_INTERNET_DISCONNECTED/
  for (const e of consoleErrors.seen) if (e.kind === 'console' && provoked.test(e.text)) consoleErrors.allow({ text: new RegExp(e.text.slice(0, 60).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
}

async function openAbout(page: Page) {
  await page.goto('/o-nas')
  await hydrated(page)
}

for (const width of [390, 1280]) {
  test(`a page whose code fails to load opens from the server, then says so with a way on (${width} px)`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.route(FAQ_CHUNK, (r) => r.abort())
    await openAbout(page)
    // The first failure loads the page being opened from the server, not the one being left.
    await page.locator('a[href="/faq"]:visible').first().click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Najczęściej zadawane pytania' })).toBeVisible()

    // Within 60 s a second failure does not load again (a broken deploy must not loop): it says what happened.
    await openAbout(page)
    await page.locator('a[href="/faq"]:visible').first().click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Nie udało się wczytać strony' })).toBeVisible()
    await expect(page).toHaveTitle(/Nie udało się wczytać strony/)
    await expect(page.getByRole('link', { name: 'Wróć na stronę główną' })).toBeVisible()
    // 'Spróbuj ponownie' opens the page once its code is there again.
    await page.unroute(FAQ_CHUNK)
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Najczęściej zadawane pytania' })).toBeVisible()
    allowProvoked(consoleErrors)
  })
}

test('a link followed offline says so and opens the page by itself once back online (its code loaded or not)', async ({ page, context, consoleErrors }) => {
  // /regulamin's code is loaded before the connection goes (only its data is missing offline); /kontakt's is not.
  await page.goto('/regulamin')
  await hydrated(page)
  await page.locator('a[href="/o-nas"]:visible').first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'O nas' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  for (const href of ['/regulamin', '/kontakt']) {
    await context.setOffline(true)
    await page.locator(`a[href="${href}"]:visible`).first().click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Jesteś offline' })).toBeVisible()
    await expect(page.getByText('Otworzy się sama, gdy wrócisz do sieci.')).toBeVisible()
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: href === '/kontakt' ? 'Kontakt' : /Regulamin/ })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: /Wystąpił błąd/ })).toHaveCount(0)
    await hydrated(page)
    await page.locator('a[href="/o-nas"]:visible').first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'O nas' })).toBeVisible()
    await page.waitForLoadState('networkidle')
  }
  allowProvoked(consoleErrors)
})
