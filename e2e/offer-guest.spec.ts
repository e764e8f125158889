import { expect, hydrated, test } from './fixtures'
import { linkIn, waitForMail } from './support/mail'
import { makePng } from './support/png'

const PASSWORD = 'Gosc1234'

test('guest adds a listing with the user block → activation mail → account active → listing live', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const token = `g${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `e2e-guest-${token}@example.com`
  const title = `Mieszkanie od gościa ${token}`

  await page.goto('/dodaj-ogloszenie')
  await hydrated(page)
  await expect(page.getByText('Masz już konto?')).toBeVisible()

  // 1 Kategoria i typ.
  await page.getByRole('button', { name: 'Mieszkanie', exact: true }).click()
  await page.getByRole('group', { name: 'Rodzaj oferty' }).getByRole('button', { name: 'Sprzedaż' }).click()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 2 Szczegóły.
  await page.getByLabel('Powierzchnia').fill('48')
  await page.getByRole('group', { name: 'Liczba pokoi' }).getByRole('button', { name: '2', exact: true }).click()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 3 Lokalizacja: the place from the autocomplete puts the pin on the map; a click on the map moves it and keeps the name.
  const map = page.getByRole('region', { name: 'Mapa lokalizacji ogłoszenia' })
  await expect(map).toHaveAttribute('data-map-state', 'ready')
  await expect(map.locator('.map-marker')).toHaveCount(0)
  await page.getByLabel('Miejscowość lub dzielnica').fill('Gdańsk')
  await page.getByRole('listbox', { name: 'Podpowiedzi lokalizacji' }).getByRole('option').first().click()
  const chosen = page.getByRole('status').filter({ hasText: 'Wybrano:' })
  await expect(chosen).toContainText('Gdańsk')
  await expect(map.locator('.map-marker')).toHaveCount(1)
  const before = await chosen.textContent()
  await map.scrollIntoViewIfNeeded()
  const box = (await map.boundingBox())!
  await map.click({ position: { x: Math.round(box.width * 0.3), y: 60 } })
  await expect(chosen).not.toHaveText(before!)
  await expect(chosen).toContainText('Gdańsk')
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 4 Opis, cena, filmy and the user block: first the block's own messages, then the account data.
  await page.getByLabel('Tytuł ogłoszenia').fill(title)
  await page.getByLabel('Opis', { exact: true }).fill('Mieszkanie dodane przez gościa w teście e2e.\n\nDrugi akapit.')
  await page.getByRole('textbox', { name: 'Cena', exact: true }).fill('410 000')
  await page.getByRole('button', { name: 'Zapisz i dodaj zdjęcia' }).click()
  await expect(page.getByText('Email jest wymagany')).toBeVisible()
  await page.getByLabel('Imię i nazwisko lub nazwa firmy').fill('Gość Testowy')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Powtórz hasło').fill(PASSWORD)
  await page.getByRole('button', { name: 'Zapisz i dodaj zdjęcia' }).click()
  await expect(page).toHaveURL(/[?&]szkic=\d+/)
  const id = new URL(page.url()).searchParams.get('szkic')!

  // 5 Zdjęcia: the creating session may add photos while the listing waits for the activation.
  await page.getByLabel('Dodaj zdjęcia').setInputFiles([{ name: 'salon.png', mimeType: 'image/png', buffer: makePng(640, 480) }])
  await expect(page.getByRole('list', { name: 'Dodane zdjęcia' }).locator('li[data-photo-id]')).toHaveCount(1)
  // A reload keeps the saved listing (?szkic=) and says the account waits for its activation.
  await page.reload()
  await hydrated(page)
  await expect(page.getByText('Konto czeka na aktywację')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Dodane zdjęcia' }).locator('li[data-photo-id]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 6 Pakiet: the free one.
  await expect(page.getByRole('radio', { name: /Darmowe/ })).toBeChecked()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()

  // 7 Podgląd → Publikuj → 'Sprawdź skrzynkę e-mail'.
  await page.getByRole('button', { name: 'Publikuj' }).click()
  await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę e-mail' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(email)

  // Not live before the activation: a visitor gets no page for it.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const before410 = await visitor.request.get(`/api/offers/${id}`)
  expect(before410.ok()).toBe(false)

  // The activation mail, caught by the real SMTP listener; its link activates the account.
  const mail = await waitForMail(email)
  await page.goto(linkIn(mail, '/dokoncz-rejestracje'))
  await expect(page.getByRole('heading', { level: 1, name: 'Konto zostało aktywowane' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(`Twoje ogłoszenie „${title}” jest już widoczne na portalu`)
  await page.getByRole('link', { name: 'Zobacz ogłoszenie' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('To Twoje ogłoszenie')).toBeVisible()

  // Live: a visitor (another browser context, no session) sees it on its page, with its map pin.
  const guestPage = await visitor.newPage()
  const errors: string[] = []
  guestPage.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
  guestPage.on('pageerror', (e) => errors.push(e.message))
  await guestPage.goto(`/Offer?id=${id}`)
  await expect(guestPage).toHaveURL(/\/ogloszenia\/[\w-]+$/)
  await expect(guestPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(guestPage.getByTestId('offer-price')).toHaveText(/410\s000 zł/)
  await expect(guestPage.getByText('To Twoje ogłoszenie')).toHaveCount(0)
  const offerMap = guestPage.getByRole('region', { name: /^Mapa: .*Gdańsk/ })
  // The map loads when it comes near the viewport (decision 032). Its section hydrates on idle (decision 040): a
  // scroll that meets the element while that part is put in place fails with 'not attached' (seen once in CI under
  // load), so the scroll is retried until the map is ready.
  await expect(async () => {
    await offerMap.scrollIntoViewIfNeeded({ timeout: 2_000 })
    await expect(offerMap).toHaveAttribute('data-map-state', 'ready', { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
  await expect(offerMap.locator('.map-marker')).toHaveCount(1)
  await expect(guestPage.getByRole('link', { name: 'Pokaż na mapie' })).toBeVisible()
  // Found by the search as well.
  await guestPage.goto(`/szukaj?phrase=${encodeURIComponent(token)}`)
  await expect(guestPage.locator('article[data-listing-card]').first()).toContainText(title)
  expect(errors).toEqual([])
  await visitor.close()
})
