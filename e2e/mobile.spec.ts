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

test('on a phone the account and admin tab rows show the tab of the page a person is on', async ({ page }) => {
  const inView = async (nav: string, name: string) => {
    const tab = page.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true })
    await expect(tab).toHaveAttribute('aria-current', 'page')
    await expect.poll(async () => {
      const box = (await tab.boundingBox())!
      return box.x >= 0 && box.x + box.width <= 390
    }, `${name} within the 390 px screen`).toBe(true)
  }
  const logIn = async (email: string) => {
    await page.request.get('/api/sanctum/csrf-cookie')
    const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value)
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'Demo1234' }, headers: { 'X-XSRF-TOKEN': xsrf } })).status()).toBe(200)
  }
  await logIn('jan.kowalski@example.pl')
  // The account's last tab, straight from an address (a mail's link, a bookmark).
  await page.goto('/faktury')
  await hydrated(page)
  await inView('Konto', 'Historia płatności')
  // The first tab again, by the row itself: it scrolls back.
  await page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Ustawienia', exact: true }).click()
  await expect(page).toHaveURL(/\/ustawienia-konta$/)
  await inView('Konto', 'Ustawienia')

  await page.context().clearCookies()
  await logIn('admin@example.pl')
  await page.goto('/admin/dziennik')
  await hydrated(page)
  await inView('Panel administracyjny', 'Dziennik zmian')
})
