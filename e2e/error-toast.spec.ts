import { expect, hydrated, test } from './fixtures'

interface PortalApi {
  get(path: string): Promise<unknown>
}

test('a 500 from the API shows the error toast for about 5 s', async ({ page, consoleErrors }) => {
  // The browser logs the failed request itself ("Failed to load resource: ... 500"): that one error is expected.
  consoleErrors.allow({ url: /\/api\/__test\/fail$/ })

  await page.goto('/')
  await hydrated(page)
  const failed = page.waitForResponse((r) => r.url().endsWith('/api/__test/fail'))
  await page.evaluate(() =>
    (window as unknown as { __portalApi: PortalApi }).__portalApi.get('/api/__test/fail').catch(() => undefined),
  )
  expect((await failed).status()).toBe(500)

  const toast = page.locator('[data-toast-type="error"]', { hasText: 'Wystąpił problem, spróbuj ponownie' })
  await expect(toast).toBeVisible()
  const shownAt = Date.now()
  await expect(toast).toBeHidden({ timeout: 10_000 })
  const shownFor = Date.now() - shownAt
  // Spec §9: errors stay 5000 ms (measured from when the test saw it, so a little less is fine).
  expect(shownFor).toBeGreaterThan(4_000)
  expect(shownFor).toBeLessThan(7_000)
})
