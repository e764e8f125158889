import { expect, hydrated, PRICE, test } from './fixtures'

test('home renders with demo listings, prices, links and loaded photos', async ({ page }) => {
  const res = await page.goto('/')
  expect(res?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Znajdź Twoje miejsce...' })).toBeVisible()

  const cards = page.locator('article[data-listing-card]')
  await expect.poll(() => cards.count(), { message: 'listing cards on the home page' }).toBeGreaterThanOrEqual(8)
  for (const card of (await cards.all()).slice(0, 8)) {
    await expect(card).toContainText(PRICE)
    await expect(card.locator('a[href^="/ogloszenia/"]')).toHaveAttribute('href', /^\/ogloszenia\/[a-z0-9-]+$/)
  }

  // The first card's photo is above the fold and loaded eagerly: it must really decode (not a broken image).
  const img = cards.first().locator('img').first()
  await expect(img).toBeVisible()
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { message: 'photo naturalWidth' })
    .toBeGreaterThan(0)
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc)
  expect(src).toMatch(/\/uploads\/.+\.webp$/)

  // And the page hydrates without errors (the fixture checks the console).
  await hydrated(page)
})

test('/Index is the home page too', async ({ page }) => {
  const res = await page.goto('/Index')
  expect(res?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Znajdź Twoje miejsce...' })).toBeVisible()
})
