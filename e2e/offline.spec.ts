import { expect, hydrated, test } from './fixtures'

test('going offline shows the offline banner, coming back removes it', async ({ page, context }) => {
  await page.goto('/')
  await hydrated(page)
  const banner = page.getByText('Jesteś offline')
  await expect(banner).toHaveCount(0)

  await context.setOffline(true)
  await expect(banner).toBeVisible()

  await context.setOffline(false)
  await expect(banner).toHaveCount(0)
})
