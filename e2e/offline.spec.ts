import { expect, hydrated, test } from './fixtures'

test('going offline shows the offline banner, coming back removes it', async ({ page, context }) => {
  await page.goto('/')
  await hydrated(page)
  // The parts that hydrate on idle (decision 040) have their code by then, so going offline fails no request.
  await page.waitForFunction(() => performance.now() > 3000)
  await page.waitForLoadState('networkidle')
  const banner = page.getByText('Jesteś offline')
  await expect(banner).toHaveCount(0)

  await context.setOffline(true)
  await expect(banner).toBeVisible()

  await context.setOffline(false)
  await expect(banner).toHaveCount(0)
})
