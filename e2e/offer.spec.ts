import { expect, hydrated, test } from './fixtures'
import { makePng } from './support/png'

const EMAIL = 'jan.kowalski@example.pl'
const PASSWORD = 'Demo1234'

test('add a listing with two photos, find it, change its price, end it', async ({ page, request }) => {
  test.setTimeout(150_000)
  // Log in with the demo account.
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Zaloguj się' }).click()
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await login.getByLabel('Email').fill(EMAIL)
  await login.getByLabel('Hasło').fill(PASSWORD)
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(login).toBeHidden()

  // 1 Kategoria i typ — Dalej without a choice shows the Polish messages first.
  await page.goto('/dodaj-ogloszenie')
  await hydrated(page)
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await expect(page.getByText('Wybierz kategorię')).toBeVisible()
  await page.getByRole('button', { name: 'Mieszkanie', exact: true }).click()
  await page.getByRole('group', { name: 'Rodzaj oferty' }).getByRole('button', { name: 'Sprzedaż' }).click()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 2 Szczegóły: only this category's attributes (no rental period for a sale).
  await expect(page.getByRole('heading', { name: /Krok 2 z 7/ })).toBeFocused()
  await expect(page.getByRole('group', { name: 'Okres wynajmu' })).toHaveCount(0)
  await page.getByLabel('Powierzchnia').fill('52')
  await page.getByRole('group', { name: 'Liczba pokoi' }).getByRole('button', { name: '2', exact: true }).click()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 3 Lokalizacja.
  await page.getByLabel('…albo wybierz miasto').selectOption('krakow')
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 4 Opis, cena i filmy: live price per m², then the draft is saved and its id goes into the URL.
  const token = `e2e${Date.now().toString(36)}`
  const title = `Mieszkanie testowe ${token}`
  await page.getByLabel('Tytuł ogłoszenia').fill(title)
  await page.getByLabel('Opis', { exact: true }).fill('Pierwszy akapit opisu.\n\nDrugi akapit <b>bez</b> HTML.')
  await page.getByRole('textbox', { name: 'Cena', exact: true }).fill('520 000')
  await expect(page.getByTestId('price-per-m2')).toHaveText(/10\s000 zł\/m²/)
  await page.getByRole('button', { name: 'Zapisz i dodaj zdjęcia' }).click()
  await expect(page).toHaveURL(/[?&]szkic=\d+/)

  // 5 Zdjęcia: two real PNGs through the file input, then reorder with the keyboard-friendly buttons.
  // The first one chosen is held back, so the second is stored first: the list must still follow the order chosen
  // (the first chosen is the cover; issue 29 found 1, 2 stored as 2, 1).
  await page.route(/\/api\/offers\/\d+\/photos\?kind=photo$/, async (route) => {
    if (route.request().postDataBuffer()?.includes('filename="salon.png"')) await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.getByLabel('Dodaj zdjęcia').setInputFiles([
    { name: 'salon.png', mimeType: 'image/png', buffer: makePng(640, 480) },
    { name: 'kuchnia.png', mimeType: 'image/png', buffer: makePng(480, 360) },
  ])
  const photos = page.getByRole('list', { name: 'Dodane zdjęcia' }).locator('li[data-photo-id]')
  await expect(photos).toHaveCount(2)
  // kuchnia.png arrived first, so it has the lower id; salon.png (chosen first) must lead the list.
  await expect.poll(async () => (await photos.evaluateAll((li) => li.map((e) => Number(e.getAttribute('data-photo-id')))))
    .every((id, i, all) => i === 0 || all[i - 1]! > id)).toBe(true)
  await page.unroute(/\/api\/offers\/\d+\/photos\?kind=photo$/)
  const firstId = await photos.first().getAttribute('data-photo-id')
  await page.getByRole('button', { name: 'Przesuń zdjęcie 1 dalej' }).click()
  await expect(photos.nth(1)).toHaveAttribute('data-photo-id', firstId!)
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 6 Pakiet: the free package is chosen already (nothing to pay).
  await expect(page.getByRole('heading', { name: /Krok 6 z 7: Pakiet/ })).toBeFocused()
  await expect(page.getByRole('radio', { name: /Darmowe/ })).toBeChecked()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 7 Podgląd → Publikuj → the listing page.
  await expect(page.getByText('Podgląd ogłoszenia. Sprawdź wszystkie dane i opublikuj ogłoszenie.')).toBeVisible()
  await page.getByRole('button', { name: 'Publikuj' }).click()
  await expect(page).toHaveURL(/\/ogloszenia\/[\w-]+$/)
  const slug = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('offer-price')).toHaveText(/520\s000 zł/)
  await expect(page.getByRole('list', { name: 'Miniatury zdjęć' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByText('Drugi akapit <b>bez</b> HTML.')).toBeVisible()

  // Found by the search (phrase) — checked as a visitor.
  await page.goto(`/szukaj?phrase=${encodeURIComponent(token)}`)
  await expect(page.locator(`article[data-listing-card="${slug}"]`)).toBeVisible()

  // Edit the price in "Moje ogłoszenia" → the price history appears.
  await page.goto('/moje-ogloszenia')
  const row = page.locator(`li[data-my-offer="${slug}"]`)
  await expect(row).toBeVisible()
  await row.getByRole('link', { name: 'Edytuj' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edytuj ogłoszenie' })).toBeVisible()
  await hydrated(page)
  await page.getByRole('button', { name: /Opis, cena i filmy/ }).click()
  await page.getByRole('textbox', { name: 'Cena', exact: true }).fill('499 000')
  await page.getByRole('button', { name: 'Zapisz zmiany' }).first().click()
  await expect(page.getByRole('list', { name: 'Zmiany ceny' }).getByRole('listitem')).toHaveCount(2)
  await page.goto(`/ogloszenia/${slug}`)
  await expect(page.getByTestId('offer-price')).toHaveText(/499\s000 zł/)
  await expect(page.getByRole('heading', { name: 'Historia ceny' })).toBeVisible()

  // End it: it leaves "Aktywne" and the search, and its page answers 410 to visitors.
  await page.goto('/moje-ogloszenia')
  await hydrated(page)
  await page.locator(`li[data-my-offer="${slug}"]`).getByRole('button', { name: 'Zakończ' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Zakończyć ogłoszenie?' })
  await confirm.getByRole('button', { name: 'Zakończ' }).click()
  await expect(page.locator(`li[data-my-offer="${slug}"]`)).toHaveCount(0)
  await page.goto(`/szukaj?phrase=${encodeURIComponent(token)}`)
  await expect(page.locator(`article[data-listing-card="${slug}"]`)).toHaveCount(0)
  const gone = await request.get(`/ogloszenia/${slug}`)
  expect(gone.status()).toBe(410)
  expect(await gone.text()).toContain('To ogłoszenie jest już nieaktualne')
})

test('the listing page is server-rendered with JSON-LD, Open Graph and a canonical URL; unknown slugs are 404', async ({ page, request }) => {
  // Other tests add listings in parallel (some without photos; the first test of this file adds one with two photos
  // and ends it meanwhile), so take a listing with a gallery, the oldest of the newest 48: a demo listing, not theirs.
  // The newest pages can be all listings without photos (the demo investments' ~400 units, the run's feeds): look on.
  let slug: string | undefined
  for (let p = 1; !slug && p <= 20; p++) {
    const list = await (await request.get(`/api/offers?limit=48&page=${p}`)).json()
    slug = (list.data as { slug: string; photos_count: number }[]).findLast((l) => l.photos_count >= 2)?.slug
  }
  expect(slug, 'a demo listing with a gallery').toBeTruthy()
  const res = await request.get(`/ogloszenia/${slug}`)
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toContain('"@type":"RealEstateListing"')
  expect(html).toContain('"priceCurrency":"PLN"')
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/ogloszenia\//)
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\.webp"/)
  expect(html).toMatch(/fetchpriority="high"/i)
  expect((await request.get('/ogloszenia/nie-ma-takiego-ogloszenia')).status()).toBe(404)

  // The full-screen gallery: arrows switch, Esc closes.
  await page.goto(`/ogloszenia/${slug}`)
  await hydrated(page)
  await page.getByRole('button', { name: /Otwórz galerię/ }).click()
  const viewer = page.getByRole('dialog', { name: /Galeria zdjęć/ })
  await expect(viewer.getByText(/^Zdjęcie 1 z \d+$/)).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(viewer.getByText(/^Zdjęcie 2 z \d+$/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('xml')
  expect((await request.get('/robots.txt')).ok()).toBe(true)
})
