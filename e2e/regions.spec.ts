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
    // The home page's places field shows them on focus too (decision 080).
    await page.goto('/')
    await hydrated(page)
    await home.getByRole('combobox', { name: 'Lokalizacja' }).focus()
    await page.getByRole('group', { name: 'Ostatnie wyszukiwania' }).getByRole('option', { name: 'Gdańsk' }).click()
    await expect(page).toHaveURL(/lokalizacja%5Bnazwa%5D=Gda%C5%84sk/)
  })
}

/**
 * Decision 080: one places field in the home hero, /szukaj's filters and the full-screen modal. Three towns picked as
 * chips are searched together by their gminas; a chip removed on /szukaj searches at once.
 */
const TRICITY = /lokalizacje=2261011%2C2264011%2C2262011(&|$)/
const cardPlaces = (page: import('@playwright/test').Page) =>
  page.locator('article[data-listing-card]').allTextContents()

async function pickTowns(page: import('@playwright/test').Page, scope: import('@playwright/test').Locator) {
  const box = scope.getByRole('combobox', { name: 'Lokalizacja' })
  const chips = scope.getByRole('list', { name: 'Wybrane lokalizacje' })
  await box.fill('Gdańsk')
  await page.getByRole('option', { name: /^Gdańsk/ }).first().click()
  await expect(chips).toHaveText('Gdańsk')
  await expect(box).toHaveValue('')
  await box.fill('Sopot')
  await page.getByRole('option', { name: /^Sopot/ }).first().click()
  // Backspace in the empty box removes the last chip; arrows and Enter pick from the keyboard.
  await box.press('Backspace')
  await expect(chips.getByRole('listitem')).toHaveCount(1)
  // The pointer away from the list: resting on an option it highlights that one, and ArrowDown goes on from there.
  await page.mouse.move(0, 0)
  await box.fill('Sopot')
  await expect(page.getByRole('option', { name: /^Sopot/ }).first()).toBeVisible()
  await box.press('ArrowDown')
  await box.press('Enter')
  await box.fill('Gdyni')
  await page.getByRole('option', { name: /^Gdynia/ }).first().click()
  await expect(chips.getByRole('listitem')).toHaveText(['Gdańsk', 'Sopot', 'Gdynia'])
}

for (const width of [1280, 390]) {
  test(`${width}: Gdańsk, Sopot and Gdynia picked on the home page as chips; one removed on /szukaj`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await hydrated(page)
    const home = page.getByRole('form', { name: 'Wyszukiwarka ogłoszeń' })
    await pickTowns(page, home)
    await home.getByRole('button', { name: 'Szukaj' }).click()
    await expect(page).toHaveURL(TRICITY)
    await expect(page.locator('[data-results-count]')).toHaveText(/Znaleziono \d+/)
    const all = await cardPlaces(page)
    expect(all.length).toBeGreaterThan(0)
    for (const p of all) expect(p).toMatch(/Gdańsk|Sopot|Gdynia/)
    const found = async () => Number((await page.locator('[data-results-count]').textContent())!.replace(/\D/g, ''))
    const three = await found()

    await hydrated(page)
    const filters = page.getByRole('form', { name: 'Filtry wyszukiwania' })
    await expect(filters.getByRole('list', { name: 'Wybrane lokalizacje' }).getByRole('listitem')).toHaveText(['Gdańsk', 'Sopot', 'Gdynia'])
    await filters.getByRole('button', { name: 'Usuń lokalizację: Gdynia' }).click()
    await expect(page).toHaveURL(/lokalizacje=2261011%2C2264011(&|$)/)
    await expect(filters.getByRole('list', { name: 'Wybrane lokalizacje' }).getByRole('listitem')).toHaveText(['Gdańsk', 'Sopot'])
    // Gdynia's listings leave the count and the list.
    await expect.poll(found).toBeLessThan(three)
    const left = await cardPlaces(page)
    expect(left.length).toBeGreaterThan(0)
    for (const p of left) expect(p).toMatch(/Gdańsk|Sopot/)
  })
}

test('390: the full-screen search modal picks the same three towns as chips', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Wyszukiwanie zaawansowane' }).click()
  const dialog = page.getByRole('dialog', { name: 'Wyszukiwanie' })
  await pickTowns(page, dialog)
  await dialog.getByRole('button', { name: /^Szukaj/ }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(TRICITY)
  // The results page's own heading first (the home page's cards are on screen until it comes).
  await expect(page.locator('[data-results-count]')).toHaveText(/Znaleziono \d+/)
  const cards = await cardPlaces(page)
  expect(cards.length).toBeGreaterThan(0)
  for (const p of cards) expect(p).toMatch(/Gdańsk|Sopot|Gdynia/)
  // Opened again on the results, the modal shows the search's places by name.
  await hydrated(page)
  await page.getByRole('button', { name: 'Wyszukiwanie zaawansowane' }).click()
  await expect(dialog.getByRole('list', { name: 'Wybrane lokalizacje' }).getByRole('listitem')).toHaveText(['Gdańsk', 'Sopot', 'Gdynia'])
})
