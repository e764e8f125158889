import { expect, hydrated, test } from './fixtures'

/**
 * Issue 25 items 4 and 7 (decision 069): a voivodeship's category page, three districts searched together picked from
 * the location suggestions, and recent searches shown on the search box's focus before typing; at 1280 and 390 px.
 */
for (const width of [1280, 390]) {
  test(`${width}: a voivodeship page and three districts together`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/nieruchomosci/mieszkanie/sprzedaz/mazowieckie')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mieszkania na sprzedaż w województwie mazowieckim')
    await expect(page).toHaveTitle(/Mieszkania na sprzedaż w województwie mazowieckim/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/nieruchomosci\/mieszkanie\/sprzedaz\/mazowieckie$/)
    await expect(page.locator('[data-results-count]')).toHaveText(/Znaleziono \d+/)
    await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('województwo mazowieckie')

    await page.goto('/szukaj')
    await hydrated(page)
    const box = page.getByRole('form', { name: 'Filtry wyszukiwania' }).getByRole('combobox', { name: 'Lokalizacja' })
    for (const [typed, name] of [['Mokot', 'Mokotów'], ['Ursyn', 'Ursynów'], ['Wilan', 'Wilanów']] as const) {
      await box.fill(typed)
      await page.getByRole('option', { name: new RegExp(`^Warszawa, ${name}`) }).click()
      await expect(page.getByRole('list', { name: 'Wybrane lokalizacje' })).toContainText(`${name} (Warszawa)`)
      await expect(box).toHaveValue('')
    }
    await page.getByRole('form', { name: 'Filtry wyszukiwania' }).getByRole('button', { name: /^Szukaj/ }).click()
    await expect(page).toHaveURL(/lokalizacje=warszawa\.mokotow%2Cwarszawa\.ursynow%2Cwarszawa\.wilanow/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieruchomości Mokotów, Ursynów, Wilanów (Warszawa)')
    await expect(page.locator('[data-results-count]')).toHaveText(/Znaleziono \d+/)
    // Removing one place narrows the search to the other two.
    await page.getByRole('link', { name: 'Usuń filtr: Wilanów (Warszawa)' }).click()
    await expect(page).toHaveURL(/lokalizacje=warszawa\.mokotow%2Cwarszawa\.ursynow(&|$)/)
  })

  test(`${width}: recent searches open on the search box's focus, before typing`, async ({ page }) => {
    test.setTimeout(60_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await hydrated(page)
    const home = page.getByRole('form', { name: 'Wyszukiwarka ogłoszeń' })
    // A voivodeship picked on the home page is searched by its boundary.
    await home.getByRole('combobox', { name: 'Lokalizacja' }).fill('mazow')
    await page.getByRole('option', { name: /^województwo mazowieckie/ }).click()
    await home.getByRole('button', { name: 'Szukaj' }).click()
    await expect(page).toHaveURL(/lokalizacje=mazowieckie/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieruchomości na sprzedaż w województwie mazowieckim')
    await page.goto('/')
    await hydrated(page)
    await home.getByRole('combobox', { name: 'Lokalizacja' }).fill('Gdańsk')
    await page.getByRole('option', { name: /^Gdańsk/ }).first().click()
    await home.getByRole('button', { name: 'Szukaj' }).click()
    await expect(page).toHaveURL(/lokalizacja%5Bnazwa%5D=Gda%C5%84sk/)
    // The URL changes before React commits the new page, which closes the header's list ('a new page closes the
    // list'): a focus in between would be undone. A person focuses the box on the page they see.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Gdańsk')
    await hydrated(page)
    const header = page.getByPlaceholder('wyszukaj słowo lub miejscowość')
    await header.focus()
    await expect(page.getByRole('group', { name: 'Ostatnie wyszukiwania' })).toBeVisible()
    await page.getByRole('group', { name: 'Ostatnie wyszukiwania' }).getByRole('option', { name: 'Gdańsk' }).click()
    await expect(page).toHaveURL(/lokalizacja%5Bnazwa%5D=Gda%C5%84sk/)
  })
}
