import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'

// Issue 26: the valuation 'Ile jest warte moje mieszkanie?' on a phone and a desktop. The estimator's figures are
// checked in lib/prices/estimate.test.ts and routes/api/valuation.test.ts; here what a person sees.

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('values a flat from a price page: the estimate, its comparables, the mortgage calculator, a Polish message for a bad area', async ({ page, request }) => {
      test.setTimeout(150_000)
      await expect.poll(async () => (await (await request.get('/api/prices/warszawa')).json()).computed_at, { timeout: 90_000, intervals: [1000] })
        .not.toBeNull()
      await page.goto('/ceny-nieruchomosci/warszawa/mokotow')
      await hydrated(page)
      await page.getByRole('link', { name: 'Wyceń swoje mieszkanie' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Ile jest warte moje mieszkanie?' })).toBeVisible()
      await expect(page.getByLabel('Miasto')).toHaveValue('warszawa')
      await expect(page.getByLabel('Dzielnica')).toHaveValue('mokotow')
      await hydrated(page)

      const form = page.getByTestId('valuation-form')
      await form.getByLabel('Powierzchnia (m²)').fill('5')
      await form.getByLabel('Liczba pokoi').fill('2')
      await form.getByRole('button', { name: 'Wyceń mieszkanie' }).click()
      await expect(form.getByText('Podaj powierzchnię od 10 do 500 m².')).toBeVisible()
      await expect(form.getByLabel('Powierzchnia (m²)')).toHaveAttribute('aria-invalid', 'true')

      await form.getByLabel('Powierzchnia (m²)').fill('54,5')
      await form.getByLabel('Piętro').fill('3')
      await form.getByLabel('Rok budowy').fill('2005')
      await form.getByLabel('Stan').selectOption('do-wprowadzenia')
      await form.getByRole('button', { name: 'Wyceń mieszkanie' }).click()
      const result = page.getByTestId('valuation-result')
      await expect(result.getByRole('heading', { name: /Szacunkowa wartość na Mokotowie w Warszawie/i })).toBeVisible()
      await expect(page.getByTestId('valuation-estimate')).toHaveText(/^\d{1,3}(\s\d{3})+\szł$/)
      await expect(result).toContainText(/Przedział: \d[\d\s]*zł – \d[\d\s]*zł/)
      const comps = result.getByTestId('valuation-comparable')
      expect(await comps.count()).toBeGreaterThanOrEqual(5)
      await expect(comps.first()).toContainText('Mokotów')
      await expect(page.getByTestId('mortgage-calculator')).toContainText('Rata miesięczna')
      await expectNoSeriousA11yViolations(page, `valuation ${width}`)
      const add = await page.getByTestId('valuation-add').getAttribute('href')
      expect(add).toMatch(/^\/dodaj-ogloszenie\?kategoria=1&typ=sell&miasto=warszawa&dzielnica=mokotow&metraz=54%2C5&pokoje=2&pietro=3&rok=2005&stan=do-wprowadzenia&cena=\d+$/)

      // A comparable still online opens its listing.
      const link = comps.getByRole('link').first()
      const title = await link.textContent()
      await link.click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!)

      // 'Dodaj ogłoszenie' starts the form with the flat: flats for sale chosen.
      await page.goto(add!)
      await hydrated(page)
      await expect(page.getByRole('button', { name: 'Mieszkanie', exact: true })).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('group', { name: 'Rodzaj oferty' }).getByRole('button', { name: 'Sprzedaż' })).toHaveAttribute('aria-pressed', 'true')
      await page.getByRole('button', { name: 'Dalej', exact: true }).click()
      await expect(page.getByLabel('Powierzchnia')).toHaveValue('54,5')
      await expect(page.getByRole('group', { name: 'Liczba pokoi' }).getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-pressed', 'true')
      await page.getByRole('button', { name: 'Dalej', exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Wybrano:' })).toContainText('Warszawa, Mokotów')
    })
  })
}
