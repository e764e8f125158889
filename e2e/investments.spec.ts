import type { Browser, Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { expect, hydrated, test } from './fixtures'

// Issue 27: a developer creates an investment, imports its units, sees the public page; a buyer filters the units
// table and opens a unit; a price change shows in the unit's history. At 390 and 1280 px.
const DEVELOPER = 'sprzedaz.wislane-tarasy-development@example.pl'

async function logIn(page: Page, email: string) {
  await page.request.get('/api/sanctum/csrf-cookie')
  const xsrf = (await page.context().storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const res = await page.request.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' }, data: { email, password: 'Demo1234' } })
  expect(res.ok()).toBe(true)
}

const HEADER = 'Budynek;Numer lokalu;Piętro;Powierzchnia (m²);Pokoje;Cena (zł);Status;Balkon;Ogród;Taras;Miejsce postojowe (zł)'
const csv = (rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8')
const GOOD = csv([
  'A;1;parter;38,5;2;412000;dostępne;nie;tak;nie;45000',
  'A;2;1;54;3;589000;dostępne;tak;nie;nie;',
  'A;3;1;27;1;318000;zarezerwowane;tak;nie;nie;',
  'A;4;2;71,2;4;799000;sprzedane;tak;nie;nie;',
])
const BAD = csv([
  'A;1;parter;38,5;2;412000;dostępne;nie;tak;nie;',
  'A;2;1;54;3;-5;dostępne;tak;nie;nie;',
  'A;1;1;27;1;318000;wolne;tak;nie;nie;',
])

const photo = (name: string) => ({
  name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: readFileSync(new URL(`../apps/api/src/test/fixtures/photos/${name}.jpg`, import.meta.url)),
})

async function buyerPage(browser: Browser, width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pl-PL' })
  return ctx.newPage()
}

for (const width of [390, 1280]) {
  test(`investments at ${width} px: create, import, public page, buyer filters and sees the price history`, async ({ page, browser }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width, height: 900 })
    const name = `Osiedle Testowe ${width} ${Date.now().toString(36)}`
    await logIn(page, DEVELOPER)

    // The account menu links 'Moje inwestycje' for a developer.
    await page.goto('/moje-inwestycje')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Moje inwestycje' })).toBeVisible()
    await expect(page.getByText('Ceny — dane otwarte')).toBeVisible()
    await page.getByRole('link', { name: 'Dodaj inwestycję' }).click()

    // The form: name, place, a building, an amenity; saving leads to the units.
    await expect(page.getByRole('heading', { level: 1, name: 'Nowa inwestycja' })).toBeVisible()
    await page.getByLabel('Nazwa inwestycji').fill(name)
    await page.getByLabel('Opis').fill('Kameralny budynek przy parku, z windą i garażem podziemnym.')
    await page.getByLabel('Miejscowość lub dzielnica').fill('Gdańsk')
    await page.getByRole('listbox', { name: 'Podpowiedzi lokalizacji' }).getByRole('option').first().click()
    await expect(page.getByRole('status').filter({ hasText: 'Wybrano:' })).toContainText('Gdańsk')
    await page.getByLabel('Termin zakończenia budowy').fill('2027-12-31')
    await page.getByLabel('Nazwa budynku lub etapu').fill('A')
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click()
    await expect(page.getByRole('list', { name: 'Budynki' })).toContainText('A')
    await page.getByRole('button', { name: 'Winda' }).click()
    await page.getByRole('button', { name: 'Dodaj inwestycję' }).click()
    await expect(page).toHaveURL(/\/moje-inwestycje\/\d+\/lokale$/)
    await expect(page.getByText('Ta inwestycja nie ma jeszcze lokali.')).toBeVisible()

    // Import: a file with bad rows is reported row by row in Polish and writes nothing; a good one imports all.
    await page.getByRole('link', { name: 'Import z pliku' }).first().click()
    await expect(page.getByRole('link', { name: 'Szablon XLSX' })).toBeVisible()
    const file = page.getByLabel('Plik CSV lub XLSX (do 5 MB)')
    await file.setInputFiles({ name: 'lokale.csv', mimeType: 'text/csv', buffer: BAD })
    await page.getByRole('button', { name: 'Sprawdź plik' }).click()
    const report = page.getByTestId('import-report')
    await expect(report).toContainText('Sprawdzenie pliku: są błędy')
    await expect(report).toContainText('Wiersz 3 (Cena (zł)): Cena musi być liczbą od 10 000 zł do 200 000 000 zł.')
    await expect(report).toContainText('Lokal 1 w budynku A powtarza się')
    await expect(page.getByRole('button', { name: 'Importuj lokale' })).toBeDisabled()
    await file.setInputFiles({ name: 'lokale.csv', mimeType: 'text/csv', buffer: GOOD })
    await page.getByRole('button', { name: 'Sprawdź plik' }).click()
    await expect(report).toContainText('Plik jest poprawny')
    await expect(report).toContainText('nowe: 4')
    await page.getByRole('button', { name: 'Importuj lokale' }).click()
    await expect(report).toContainText('Zaimportowano lokale')

    // The units table: a new price for A/2 is saved (and goes to its history).
    await page.getByRole('link', { name: 'Zobacz lokale w tabeli' }).click()
    await expect(page.getByRole('table', { name: 'Lokale inwestycji' }).getByRole('row')).toHaveCount(5)
    await page.getByLabel('Cena lokalu A/2').fill('575000')
    await page.getByRole('button', { name: 'Zapisz zmiany (1)' }).click()
    await expect(page.getByText('Zapisano 1 lokal.')).toBeVisible()
    await expect(page.getByRole('row').filter({ has: page.getByLabel('Cena lokalu A/2') })).toContainText('2 ceny')

    // Photos: two chosen at once upload in that order; the second becomes the cover.
    await page.getByRole('navigation', { name: 'Inwestycja' }).getByRole('link', { name: 'Dane inwestycji' }).click()
    const gallery = page.getByRole('list', { name: 'Zdjęcia inwestycji' })
    await page.getByLabel('Dodaj zdjęcia').setInputFiles([photo('chelsea'), photo('coffee')])
    await expect(page.getByRole('status').filter({ hasText: '2 zdjęcia' })).toBeVisible()
    const first = await gallery.getByRole('img', { name: 'Zdjęcie 1' }).getAttribute('src')
    await page.getByRole('button', { name: 'Przesuń zdjęcie 2 wcześniej' }).click()
    await expect(page.getByText('Ustawiono zdjęcie główne.')).toBeVisible()
    await expect(gallery.getByRole('img', { name: 'Zdjęcie 2' })).toHaveAttribute('src', first!)
    const cover = (await gallery.getByRole('img', { name: 'Zdjęcie 1' }).getAttribute('src'))!.replace('/sm.webp', '')

    // The public page.
    const publicLink = page.getByRole('link', { name: 'Strona publiczna' })
    const href = await publicLink.getAttribute('href')
    expect(href).toMatch(/^\/inwestycje\/osiedle-testowe-/)
    await publicLink.click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    // A buyer (not logged in) filters the units and opens the price history and the unit.
    const buyer = await buyerPage(browser, width)
    await buyer.goto(href!)
    await hydrated(buyer)
    await expect(buyer.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${href}$`))
    const ld = await buyer.locator('script[type="application/ld+json"]').first().textContent()
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'ApartmentComplex', name, numberOfAccommodationUnits: 4 })
    await expect(buyer.locator(`img[src^="${cover}/"]`).first()).toBeVisible()
    await expect(buyer.getByTestId('units-count')).toHaveText('4 lokale z 4')
    await buyer.getByRole('group', { name: 'Filtry lokali' }).getByLabel('Pokoje').selectOption('3')
    await expect(buyer.getByTestId('units-count')).toHaveText('1 lokal z 4')
    // One table at both widths (decision 090); below 640 px its rows are cards and 'Sortuj' sorts them.
    const units = buyer.getByRole('table', { name: 'Lokale' })
    await expect(units).toContainText('A/2')
    await expect(units).not.toContainText('A/1')
    await units.getByRole('button', { name: 'Historia cen lokalu A/2' }).click()
    const history = buyer.getByRole('list', { name: 'Historia cen lokalu A/2' })
    await expect(history.getByRole('listitem')).toHaveCount(2)
    await expect(history.getByRole('listitem').first()).toContainText('575 000 zł')
    await expect(history.getByRole('listitem').first()).toContainText('−14 000 zł')
    await expect(history.getByRole('listitem').last()).toContainText('589 000 zł')
    // Sorting by price, then opening the unit's listing.
    await buyer.getByRole('group', { name: 'Filtry lokali' }).getByLabel('Pokoje').selectOption('')
    if (width < 640) await buyer.getByLabel('Sortuj').selectOption('price:desc')
    else {
      await units.getByRole('button', { name: 'Cena', exact: true }).click()
      await expect(units.locator('[data-unit]').first()).toHaveAttribute('data-unit', 'A/3')
      await units.getByRole('button', { name: 'Cena', exact: true }).click()
    }
    await expect(units.locator('[data-unit]').first()).toHaveAttribute('data-unit', 'A/4')
    await units.getByRole('link', { name: /A\/2/ }).click()
    await expect(buyer).toHaveURL(/\/ogloszenia\//)
    await expect(buyer.getByRole('heading', { level: 1 })).toContainText(name)
    // The unit's page names its investment and leads back to it.
    const note = buyer.getByRole('region', { name: 'Inwestycja' })
    await expect(note).toContainText(`Lokal w inwestycji${name}`)
    await note.getByRole('link', { name: 'Zobacz inwestycję' }).click()
    await expect(buyer).toHaveURL(/\/inwestycje\//)
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(name)

    // The list of investments finds it by city and rooms.
    await buyer.goto('/inwestycje?miasto=gdansk&pokoje=3')
    await expect(buyer.getByRole('link', { name })).toBeVisible()
    await buyer.context().close()
  })
}

test('another company\'s investment is a 404 on the developer screens', async ({ page, consoleErrors }) => {
  consoleErrors.allow({ text: /status of 404/, url: /\/moje-inwestycje\/\d+\/lokale$/ })
  await logIn(page, 'biuro.nieruchomosci-kowalski-i-wspolnicy@example.com')
  const res = await page.request.get('/api/investments?miasto=warszawa')
  const { data } = (await res.json()) as { data: { id: number }[] }
  expect(data.length).toBeGreaterThan(0)
  const r = await page.goto(`/moje-inwestycje/${data[0]!.id}/lokale`)
  expect(r?.status()).toBe(404)
})

test('a primary-market search groups its units by investment; a group opens the investment (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto('/szukaj?typ=sprzedaz&rynek=pierwotny')
  const groups = page.getByRole('region', { name: 'Inwestycje w wynikach' })
  const first = groups.getByRole('link').first()
  await expect(first).toContainText(/^\d[\d\s]* mieszka(nie|nia|ń) w inwestycji .+, od\s[\d\s]+ zł\/m²/)
  const name = await first.locator('strong').nth(1).textContent()
  await first.click()
  await expect(page).toHaveURL(/\/inwestycje\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!)
  // Not a primary-market search: no groups.
  await page.goto('/szukaj?typ=sprzedaz')
  await expect(page.getByRole('heading', { name: 'Wyniki wyszukiwania' }).or(page.getByRole('heading', { level: 1 }))).toBeVisible()
  await expect(page.getByRole('region', { name: 'Inwestycje w wynikach' })).toHaveCount(0)
})
