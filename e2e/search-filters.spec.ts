import { expect, hydrated, test } from './fixtures'
import type { Page } from '@playwright/test'

/** Issue 25's filters on /szukaj: the 'Tylko prywatne' chip, the extended modal's new fields, the badge, reset. */
const count = async (page: Page) => Number((await page.locator('[data-results-count]').textContent())!.replace(/[^\d]/g, ''))

test('1280: only private owners in one click, then date added and a floor range from the extended filters', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/szukaj?typ=sprzedaz')
  await hydrated(page)
  const all = await count(page)
  const filters = page.getByRole('form', { name: 'Filtry wyszukiwania' })
  const chip = filters.getByRole('button', { name: 'Tylko prywatne' })
  await expect(chip).toHaveAttribute('aria-pressed', 'false')
  await chip.click()
  await expect(page).toHaveURL(/ogloszeniodawca=prywatny/)
  await expect(filters.getByRole('button', { name: 'Tylko prywatne' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('Prywatne')
  const privateOnly = await count(page)
  expect(privateOnly).toBeGreaterThan(0)
  expect(privateOnly).toBeLessThan(all)

  await filters.getByRole('button', { name: /^Filtry dodatkowe/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Filtry dodatkowe' })
  await expect(dialog.getByRole('group', { name: 'Ogłoszeniodawca' }).getByRole('checkbox', { name: 'Prywatne' })).toBeChecked()
  await dialog.getByLabel('Data dodania').selectOption({ label: 'Ostatnie 30 dni' })
  await dialog.getByLabel('Piętro od').selectOption({ label: 'Parter' })
  await dialog.getByLabel('Piętro do').selectOption({ label: '3' })
  // Its button counts what the choice finds before applying it.
  await expect(dialog.getByRole('button', { name: /^Zastosuj/ })).toHaveText(/^Zastosuj: Pokaż \d[\d\s]* ogłosze(nie|nia|ń)$/)
  await dialog.getByRole('button', { name: 'Zastosuj' }).click()
  await expect(page).toHaveURL(/pietro_do=3/)
  const url = new URL(page.url())
  expect(url.searchParams.get('pietro_od')).toBe('0')
  expect(url.searchParams.get('dodane')).toBe('30')
  expect(url.searchParams.get('ogloszeniodawca')).toBe('prywatny')
  // The badge counts each of the three filters.
  await expect(filters.getByRole('button', { name: 'Filtry dodatkowe (3)' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('Piętro: parter–3')
  expect(await count(page)).toBeLessThanOrEqual(privateOnly)

  // The live count: the search button tells how many a changed choice finds, before searching.
  await filters.getByLabel('Typ oferty').selectOption('wynajem')
  await expect(filters.locator('button[type=submit]')).toHaveText(/^Szukaj: Pokaż \d[\d\s]* ogłosze(nie|nia|ń)$/)

  await filters.getByRole('button', { name: 'Resetuj filter' }).click()
  await expect(page).toHaveURL(/\/szukaj$/)
  await expect(filters.getByRole('button', { name: 'Filtry dodatkowe' })).toBeVisible()
})

test('390: the phone search modal sets year built and a developer, and the results follow', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Wyszukiwanie zaawansowane' }).click()
  const dialog = page.getByRole('dialog', { name: 'Wyszukiwanie' })
  await dialog.getByRole('button', { name: 'Więcej opcji' }).click()
  await dialog.getByRole('group', { name: 'Ogłoszeniodawca' }).getByText('Deweloper', { exact: true }).click()
  await dialog.getByLabel('Rok budowy od').fill('2010')
  const button = dialog.getByRole('button', { name: /^Szukaj/ })
  await expect(button).toHaveText(/^Szukaj: Pokaż \d[\d\s]* ogłosze(nie|nia|ń)$/)
  const announced = Number((await button.textContent())!.replace(/[^\d]/g, ''))
  await button.click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/ogloszeniodawca=deweloper/)
  expect(new URL(page.url()).searchParams.get('rok_budowy[min]')).toBe('2010')
  await expect(page.locator('[data-results-count]')).toHaveText(/Znaleziono \d+ ogłosze(nie|nia|ń)/)
  expect(await count(page)).toBeGreaterThan(0)
  // What the button announced is what the search found.
  expect(await count(page)).toBe(announced)
  const widths = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(widths).toBeLessThanOrEqual(390)
})

test('1280: "Z rzutem" finds the demo homes with a floor plan, and the listing shows its plan', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/szukaj?kategoria=mieszkanie&typ=sprzedaz')
  await hydrated(page)
  const all = await count(page)
  const filters = page.getByRole('form', { name: 'Filtry wyszukiwania' })
  await filters.getByRole('button', { name: /^Filtry dodatkowe/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Filtry dodatkowe' })
  await dialog.getByText('Z rzutem', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Zastosuj' }).click()
  await expect(page).toHaveURL(/z_rzutem=1/)
  await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('Z rzutem')
  const withPlan = await count(page)
  expect(withPlan).toBeGreaterThan(0)
  expect(withPlan).toBeLessThan(all)

  await page.getByRole('region', { name: 'Wyniki wyszukiwania' }).locator('article').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/ogloszenia\//)
  const plans = page.getByRole('region', { name: 'Plany' })
  await expect(plans).toBeVisible()
  const img = plans.getByRole('button', { name: 'Powiększ plan 1' }).locator('img')
  await img.scrollIntoViewIfNeeded()
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0)
  await plans.getByRole('button', { name: 'Powiększ plan 1' }).click()
  await expect(page.getByRole('dialog', { name: /^Plany: / })).toContainText(/Plan 1 z \d/)
})

for (const width of [390, 1280]) {
  test(`${width}: cards and the listing page say who advertises, as the filter sees it`, async ({ page }) => {
    test.setTimeout(60_000)
    await page.setViewportSize({ width, height: 900 })
    for (const [param, label] of [['prywatny', 'Oferta prywatna'], ['deweloper', 'Deweloper']] as const) {
      await page.goto(`/szukaj?typ=sprzedaz&ogloszeniodawca=${param}`)
      const cards = page.locator('main article[data-listing-card]')
      await expect(cards.first()).toBeVisible()
      const n = await cards.count()
      for (let i = 0; i < Math.min(n, 6); i++) {
        await expect(cards.nth(i).locator('[data-advertiser-kind]')).toHaveText(label)
        await expect(cards.nth(i).locator('[data-advertiser-kind]')).toBeVisible()
      }
      await cards.first().getByRole('link').first().click()
      await expect(page).toHaveURL(/\/ogloszenia\//)
      await expect(page.getByRole('region', { name: 'Ogłoszeniodawca' }).getByText(label, { exact: true })).toBeVisible()
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  })
}
