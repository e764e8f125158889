import { expect, hydrated, test } from './fixtures'

interface PortalApi {
  get(path: string): Promise<unknown>
}
interface ToastTimes {
  shown?: number
  hidden?: number
}

const MESSAGE = 'Wystąpił problem, spróbuj ponownie'

test('a 500 from the API shows the error toast, which closes itself after 5 s', async ({ page, consoleErrors }) => {
  // The browser logs the failed request itself ("Failed to load resource: ... 500"): that one error is expected.
  consoleErrors.allow({ text: /status of 500/, url: /\/api\/__test\/fail$/ })

  await page.goto('/')
  await hydrated(page)

  // Time the toast inside the page, so a slow test runner cannot blur the measurement.
  await page.evaluate((message) => {
    const times: ToastTimes = {}
    ;(window as unknown as { __toastTimes: ToastTimes }).__toastTimes = times
    const find = () => [...document.querySelectorAll('[data-toast-type="error"]')].find((el) => el.textContent?.includes(message))
    new MutationObserver(() => {
      const present = !!find()
      if (present && times.shown === undefined) times.shown = performance.now()
      if (!present && times.shown !== undefined && times.hidden === undefined) times.hidden = performance.now()
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  }, MESSAGE)

  const failed = page.waitForResponse((r) => r.url().endsWith('/api/__test/fail'))
  await page.evaluate(() =>
    (window as unknown as { __portalApi: PortalApi }).__portalApi.get('/api/__test/fail').catch(() => undefined),
  )
  expect((await failed).status()).toBe(500)

  const toast = page.locator('[data-toast-type="error"]', { hasText: MESSAGE })
  await expect(toast).toBeVisible()
  await expect(toast).toHaveCount(1)
  await expect(toast).toBeHidden({ timeout: 10_000 })

  const { shown, hidden } = await page.evaluate(() => (window as unknown as { __toastTimes: ToastTimes }).__toastTimes)
  expect(shown, 'toast appearance seen by the observer').toBeDefined()
  expect(hidden, 'toast removal seen by the observer').toBeDefined()
  // Spec §9: error toasts stay 5000 ms.
  expect(hidden! - shown!).toBeGreaterThanOrEqual(4_900)
  expect(hidden! - shown!).toBeLessThan(5_600)
})

test('the error toast can be closed before its time', async ({ page, consoleErrors }) => {
  consoleErrors.allow({ text: /status of 500/, url: /\/api\/__test\/fail$/ })
  await page.goto('/')
  await hydrated(page)
  await page.evaluate(() =>
    (window as unknown as { __portalApi: PortalApi }).__portalApi.get('/api/__test/fail').catch(() => undefined),
  )
  const toast = page.locator('[data-toast-type="error"]', { hasText: MESSAGE })
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Zamknij' }).click()
  // Well before its 5 s, with room for a slow machine's click and redraw.
  await expect(toast).toHaveCount(0, { timeout: 3_000 })
})
