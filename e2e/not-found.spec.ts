import { expect, hydrated, test } from './fixtures'

for (const path of ['/nie-ma-takiej-strony', '/404']) {
  test(`${path} answers HTTP 404 with the not-found page and a link home`, async ({ page, consoleErrors }) => {
    // Chromium logs the document's own 404 status as a console error: that one is the point of the test.
    consoleErrors.allow({ text: /status of 404/, url: new RegExp(`^http://[^/]+${path}$`) })
    const res = await page.goto(path)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()

    await hydrated(page)
    await page.getByRole('link', { name: 'click to return to the main page' }).click()
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Znajdź Twoje miejsce...' })).toBeVisible()
  })
}
