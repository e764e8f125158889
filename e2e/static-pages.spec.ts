import { expect, hydrated, test } from './fixtures'

test('footer static pages open from the footer; /regulamin is the terms page', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Polityka cookies' }).click()
  await expect(page).toHaveURL(/\/strony\/18$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Polityka cookies' })).toBeVisible()
  expect(await page.locator('article p').count()).toBeGreaterThan(1)

  const res = await page.goto('/regulamin')
  expect(res?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Regulamin i polityka prywatności' })).toBeVisible()
})

test('an unknown static page answers 404', async ({ page, consoleErrors }) => {
  consoleErrors.allow({ text: /status of 404/, url: /\/strony\/9999$/ })
  const res = await page.goto('/strony/9999')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
})
