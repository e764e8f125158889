import type { APIRequestContext } from '@playwright/test'
import { expect, hydrated, PRICE, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'

// Issue 26: the price pages, the comparison on a listing and the mortgage calculator, on a phone and a desktop.
// Figures are computed in the unit tests (lib/prices/stats.test.ts, contracts/plain/mortgage.test.ts); here only
// their presence and behaviour are checked.

/** The demo data's statistics are computed by the price-stats job shortly after the start. */
async function statsReady(request: APIRequestContext) {
  await expect.poll(async () => (await (await request.get('/api/prices/warszawa')).json()).computed_at, { timeout: 90_000, intervals: [1000] })
    .not.toBeNull()
}

/** An active sale flat with photos and a comparison (from the newest listings). */
async function comparedSaleFlat(request: APIRequestContext): Promise<{ slug: string; text: string; href: string }> {
  for (let page = 1; page <= 10; page++) {
    const list = (await (await request.get(`/api/offers?limit=48&page=${page}`)).json()) as { data: { id: number; slug: string; offer_type: string; category: { slug: string }; photo: unknown }[] }
    for (const l of list.data.filter((x) => x.offer_type === 'sell' && x.category.slug === 'mieszkanie' && x.photo)) {
      const c = (await (await request.get(`/api/offers/${l.id}/price-comparison`)).json()).comparison
      if (c) return { slug: l.slug, text: c.text, href: c.href }
    }
  }
  throw new Error('no sale flat with a price comparison among the newest listings')
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the price pages: index, a city with its charts and district table, a district, the CSV; 404 for unknown places', async ({ page, request }) => {
      test.setTimeout(150_000)
      await statsReady(request)
      await page.goto('/')
      await page.getByRole('contentinfo').getByRole('link', { name: 'Ceny nieruchomości' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Ceny mieszkań w Polsce' })).toBeVisible()
      await page.getByTestId('price-cities').getByRole('link', { name: /Warszawa/ }).click()
      await expect(page).toHaveURL(/\/ceny-nieruchomosci\/warszawa$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Ceny mieszkań w Warszawie' })).toBeVisible()
      await expect(page.getByTestId('trend-chart')).toHaveCount(2)
      await expect(page.getByTestId('trend-chart').first().locator('path').first()).toBeVisible()
      const table = page.getByTestId('price-table')
      await expect(table.getByRole('rowheader')).toHaveCount(16)
      await expect(table).toContainText('zł/m²')
      const ld = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent() ?? '{}')
      expect(ld).toMatchObject({ '@type': 'Dataset', name: 'Ceny mieszkań w Warszawie' })
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ceny-nieruchomosci\/warszawa$/)
      await expect(table.getByRole('link', { name: 'Mokotów' })).toHaveAttribute('href', '/ceny-nieruchomosci/warszawa/mokotow')

      // The map (decision 079): districts shaded by the median per m², a legend in zł/m², hover and focus name the
      // district and its figure, Enter opens its page; the switch shows rents. Leaflet loads near the viewport.
      await hydrated(page)
      const map = page.getByTestId('price-map')
      await expect(map.getByTestId('price-map-legend')).toContainText(/\d zł\/m²/)
      await map.scrollIntoViewIfNeeded()
      await expect(map.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 })
      await expect(map.locator('[data-basemap-drawn="true"]')).toBeVisible()
      const districts = map.locator('path.price-district')
      await expect(districts).toHaveCount(16)
      // At least two shades: the districts differ in price.
      const fills = new Set(await districts.evaluateAll((els) => els.map((e) => e.getAttribute('fill'))))
      expect(fills.size).toBeGreaterThan(1)
      await districts.nth(8).hover({ force: true })
      await expect(map.getByTestId('price-map-readout')).toContainText(/^[^:]+: /)
      await page.mouse.move(0, 0)
      await expect(map.getByTestId('price-map-readout')).toHaveCount(0)
      const rent = map.getByText('Wynajem', { exact: true })
      await rent.click()
      await expect(map.getByText('Wynajem: mediana za m²')).toBeVisible()
      const mokotow = map.locator('path[data-district="mokotow"]')
      await expect(mokotow).toHaveAttribute('role', 'link')
      await expect(mokotow).toHaveAttribute('aria-label', /^Mokotów: (\d[\d\s]* zł\/m² \(\d[\d\s]* ogłosze(ń|nia|nie)\)|za mało ogłoszeń, by podać medianę)\. Otwórz stronę dzielnicy\.$/)
      await expectNoSeriousA11yViolations(page, `price page ${width}`)
      await mokotow.focus()
      await expect(map.getByTestId('price-map-readout')).toContainText(/^Mokotów: /)
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 1, name: 'Ceny mieszkań na Mokotowie w Warszawie' })).toBeVisible()
      await expect(page.getByTestId('price-table').getByRole('rowheader')).toHaveText(['1 pokój', '2–3 pokoje', '4 pokoje i więcej'])
      const csvHref = await page.getByRole('link', { name: 'Pobierz dane (CSV)' }).getAttribute('href')
      const csv = await request.get(csvHref!)
      expect(csv.headers()['content-type']).toContain('text/csv')
      expect(await csv.text()).toContain('Warszawa, Mokotów;sprzedaz;')

      // Unknown places (Nowa Huta is Kraków's): 404.
      expect((await request.get('/ceny-nieruchomosci/atlantyda')).status()).toBe(404)
      expect((await request.get('/ceny-nieruchomosci/warszawa/nowa-huta')).status()).toBe(404)
    })

    test('a sale listing compares its price per m² with the market and links to the price page; the mortgage calculator', async ({ page, request }) => {
      test.setTimeout(150_000)
      await statsReady(request)
      const flat = await comparedSaleFlat(request)
      await page.goto(`/ogloszenia/${flat.slug}`)
      const insight = page.getByTestId('price-insight')
      await expect(insight).toContainText(/Cena za m² (o \d+ % (niższa|wyższa) niż mediana|równa medianie) dla .*mieszkań .*\(\d[\d  ]* ogłosze(ń|nia|nie)\)/)
      await expect(insight.getByRole('img')).toBeVisible()
      await expect(insight.getByRole('link')).toHaveAttribute('href', flat.href)

      const calc = page.getByTestId('mortgage-calculator')
      await calc.scrollIntoViewIfNeeded()
      await hydrated(page)
      // Hydrated when the browser is idle: typing must reach React's state.
      const instalment = calc.getByTestId('mortgage-instalment')
      await expect(instalment).toHaveText(PRICE)
      const before = await instalment.textContent()
      await expect(async () => {
        await calc.getByLabel('Wkład własny (%)').fill('50')
        await expect(instalment).not.toHaveText(before!, { timeout: 1000 })
      }).toPass({ timeout: 20_000 })
      await expect(calc).toContainText('Rata miesięczna')
      await calc.getByLabel('Malejące').check()
      await expect(calc).toContainText('Pierwsza rata')
      await expect(calc).toContainText(/ostatnia: .*zł/)
      await calc.getByLabel('Oprocentowanie (% rocznie)').fill('abc')
      await expect(calc).toContainText('Podaj oprocentowanie od 0 do 30 %.')
      await calc.getByLabel('Oprocentowanie (% rocznie)').fill('7,5')
      await calc.getByText(/Harmonogram spłat/).click()
      await expect(calc.getByTestId('mortgage-schedule').locator('tbody tr')).toHaveCount(300)
      await expectNoSeriousA11yViolations(page, `listing with comparison ${width}`)
    })
  })
}
