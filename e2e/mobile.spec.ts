import { expect, hydrated, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 })

test('a 390 px phone gets the home page without horizontal scrolling', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Znajdź Twoje miejsce...' })).toBeVisible()
  await expect(page.locator('article[data-listing-card]').first()).toBeVisible()
  // The desktop menu row gives way to the hamburger.
  await expect(page.getByRole('button', { name: 'Otwórz menu' })).toBeVisible()

  const widths = async () =>
    page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, inner: window.innerWidth }))
  expect(await widths()).toEqual(expect.objectContaining({ inner: 390 }))
  expect((await widths()).doc).toBeLessThanOrEqual(390)
  // Lazy photos and the footer load further down; the page must still fit once they have.
  await page.locator('footer').last().scrollIntoViewIfNeeded()
  const after = await widths()
  expect(after.doc).toBeLessThanOrEqual(390)
  expect(after.body).toBeLessThanOrEqual(390)
})
