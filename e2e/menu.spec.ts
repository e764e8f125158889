import { expect, hydrated, test } from './fixtures'

test('the SPRZEDAŻ dropdown navigates to the flats-for-sale category route', async ({ page, consoleErrors }) => {
  await page.goto('/')
  await hydrated(page)

  await page.getByRole('button', { name: 'SPRZEDAŻ', exact: true }).click()
  const menu = page.getByRole('menu', { name: 'SPRZEDAŻ' })
  await expect(menu).toBeVisible()
  // The menu lists categories by their plural ('Mieszkania'); accept the singular too.
  await menu.getByRole('menuitem', { name: /^Mieszkani[ae]$/ }).click()

  await expect(page).toHaveURL(/\/nieruchomosci\/mieszkanie\/sprzedaz$/)
  // The category page belongs to a later issue; until then the app answers with its own 404 screen. Either way
  // the app must have handled the navigation: the menu closed and a page with a heading is shown.
  await expect(menu).toBeHidden()
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeVisible()
  if ((await heading.textContent()) === 'This page could not be found') {
    // Client-side navigation fetched the route data, which answered 404; Chromium logs that response. Expected
    // only while the category route does not exist: once it does, this branch is not taken and any error fails.
    consoleErrors.allow({ text: /status of 404/, url: /\/nieruchomosci\/mieszkanie\/sprzedaz\.data(\?|$)/ })
  }
})
