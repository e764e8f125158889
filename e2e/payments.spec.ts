import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { waitForMail } from './support/mail'

const EMAIL = 'jan.kowalski@example.pl'
const PASSWORD = 'Demo1234'

async function logIn(page: Page) {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Zaloguj się' }).click()
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await login.getByLabel('Email').fill(EMAIL)
  await login.getByLabel('Hasło').fill(PASSWORD)
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(login).toBeHidden()
}

/** axe (e2e/support/axe.ts): no serious or critical violations. */
const expectAccessible = (page: Page) => expectNoSeriousA11yViolations(page, page.url())
/** axe at 390 and 1280 px, and nothing wider than a phone's screen at 390. */
async function expectBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    // Elements sticking out of the page to the right (not inside a scrolling box): none.
    const wide = await page.evaluate((w) => [...document.querySelectorAll('body *')].filter((el) => {
      if (el.getBoundingClientRect().right <= w + 1) return false
      for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return false
      return true
    }).map((el) => `${el.tagName}.${String(el.className).slice(0, 60)}`).slice(0, 5), width)
    expect(wide).toEqual([])
  }
}

/** The add form up to the package step: a flat in Kraków with a unique title. */
async function fillListing(page: Page, title: string) {
  await page.goto('/dodaj-ogloszenie')
  await hydrated(page)
  await page.getByRole('button', { name: 'Mieszkanie', exact: true }).click()
  await page.getByRole('group', { name: 'Rodzaj oferty' }).getByRole('button', { name: 'Sprzedaż' }).click()
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await page.getByLabel('Powierzchnia').fill('48')
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await page.getByLabel('…albo wybierz miasto').selectOption('krakow')
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await page.getByLabel('Tytuł ogłoszenia').fill(title)
  await page.getByLabel('Opis', { exact: true }).fill('Mieszkanie z balkonem, blisko tramwaju.')
  await page.getByRole('textbox', { name: 'Cena', exact: true }).fill('610 000')
  await page.getByRole('button', { name: 'Zapisz i dodaj zdjęcia' }).click()
  await expect(page).toHaveURL(/[?&]szkic=\d+/)
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await expect(page.getByRole('heading', { name: /Krok 6 z 7: Pakiet/ })).toBeVisible()
}

test('Srebrne + PILNE in the add form → bill → simulator pays → promoted with the frame → /faktury → invoice PDF', async ({ page }) => {
  test.setTimeout(180_000)
  await logIn(page)
  const token = `e2e${Date.now().toString(36)}`
  const title = `Mieszkanie promowane ${token}`
  // The listing's stored choice arriving after the person has chosen must not undo the choice (on a busy machine the
  // radio went back to 'Darmowy').
  let storedBill!: () => void
  const billHeld = new Promise<void>((done) => { storedBill = done })
  // Fetched at once (the server answers with no choice yet), handed to the page only after the person chose.
  await page.route('**/api/payments/bill/*', async (route) => {
    const response = await route.fetch()
    await billHeld
    await route.fulfill({ response })
  }, { times: 1 })
  await fillListing(page, title)

  // 6 Pakiet: Srebrne + the PILNE frame; the total with VAT is shown before the preview.
  await page.getByRole('radio', { name: /Srebrne/ }).check()
  await page.getByRole('checkbox', { name: /czerwoną ramkę z napisem PILNE/ }).check()
  await expect(page.locator('[data-bill-total]')).toHaveText(/14,98\s*zł/)
  const stored = page.waitForResponse('**/api/payments/bill/*')
  storedBill()
  await stored
  await expect(page.getByRole('radio', { name: /Srebrne/ })).toBeChecked()
  await expect(page.locator('[data-bill-total]')).toHaveText(/14,98\s*zł/)
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await page.getByRole('button', { name: 'Publikuj' }).click()

  // The bill page: items, total, invoice data, method.
  await expect(page).toHaveURL(/\/moje-ogloszenia\/oplac\/[\w-]+$/)
  const slug = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { level: 1, name: 'Opłać ogłoszenie' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Pakiet Srebrne (7 dni)' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Czerwona ramka PILNE' })).toBeVisible()
  await expect(page.locator('[data-bill-total]')).toHaveText(/14,98\s*zł/)
  await hydrated(page)
  await expectBothWidths(page)
  await page.getByRole('radio', { name: 'Potrzebuję faktury', exact: true }).check()
  await page.getByRole('textbox', { name: 'Nazwa firmy' }).fill('Agencja Żółw sp. z o.o.')
  await page.getByRole('textbox', { name: 'NIP', exact: true }).fill('1234567890')
  await page.getByRole('textbox', { name: 'Ulica i numer' }).fill('ul. Długa 5/2')
  await page.getByRole('textbox', { name: 'Kod pocztowy' }).fill('31-147')
  await page.getByRole('textbox', { name: 'Miejscowość' }).fill('Kraków')
  await page.getByRole('button', { name: /Zamawiam i płacę/ }).click()
  // NIP checksum and the method are checked before anything is sent.
  await expect(page.getByText('Podaj poprawny NIP (10 cyfr).')).toBeVisible()
  await expect(page.getByText('Wybierz metodę płatności.')).toBeVisible()
  await page.getByRole('textbox', { name: 'NIP', exact: true }).fill('123-456-32-18')
  await page.getByRole('radio', { name: 'BLIK' }).check()
  await page.getByRole('button', { name: /Zamawiam i płacę/ }).click()

  // The simulator plays the gateway and pays.
  await expect(page).toHaveURL(/\/platnosc\/symulator\//)
  await expect(page.locator('[data-sim-amount]')).toHaveText(/14,98\s*zł/)
  await hydrated(page)
  await page.getByRole('button', { name: /Zapłać/ }).click()
  await expect(page).toHaveURL(new RegExp(`/moje-ogloszenia/oplac/${slug}\\?platnosc=`))
  await expect(page.getByText('Płatność została zrealizowana.')).toBeVisible()
  // The payer hears twice: the bell (linking the payment history) and the mail with the invoice.
  await hydrated(page)
  await page.getByRole('button', { name: /^Powiadomienia: \d+/ }).click()
  await expect(page.getByRole('dialog', { name: 'Powiadomienia' })
    .getByRole('button', { name: new RegExp(`Płatność 14,98\\s*zł przyjęta: Promocja ogłoszenia „${title}”`) })).toBeVisible()
  await page.keyboard.press('Escape')
  const mail = await waitForMail(EMAIL, { subject: /^Płatność przyjęta — faktura \d{4}\/A\d+$/ })
  expect(mail.text).toContain(`Dziękujemy za płatność 14,98`)
  expect(mail.text).toContain(title)

  // The listing: badge and frame, first under the default sort of its category and city.
  await page.goto('/nieruchomosci/mieszkanie/sprzedaz/krakow')
  const first = page.locator('article[data-listing-card]').first()
  await expect(first).toHaveAttribute('data-listing-card', slug)
  await expect(first).toHaveAttribute('data-frame', 'urgent')
  await expect(first.getByText('Wyróżnione')).toBeVisible()
  await expect(first.getByText('PILNE', { exact: true })).toBeVisible()
  await page.goto('/szukaj?kategoria=mieszkanie&typ=sprzedaz&sortuj=newest_plain&lokalizacja[nazwa]=Krak%C3%B3w')
  await expect(page.locator('article[data-listing-card]').first()).toBeVisible()

  // Payment history: the transaction with its invoice; the PDF holds the fields of art. 106e ust. 1.
  await page.goto('/faktury')
  await expect(page.getByRole('heading', { level: 1, name: 'Historia płatności' })).toBeVisible()
  for (const h of ['Data dodania', 'ID', 'Tytuł', 'Suma']) await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('14,98 zł')
  await hydrated(page)
  await expectBothWidths(page)
  const download = page.waitForEvent('download')
  await row.getByRole('link', { name: /Faktura .* \(PDF\)/ }).click()
  const file = await (await download).path()
  const text = execFileSync('pdftotext', ['-layout', file!, '-'], { encoding: 'utf8' })
  for (const s of ['Faktura VAT nr', 'Data wystawienia', 'Data sprzedaży', 'Sprzedawca', 'Nabywca', 'NIP: 1234563218', 'Agencja Żółw sp. z o.o.',
    'Pakiet Srebrne (7 dni)', 'Czerwona ramka PILNE', 'szt.', '23%', 'Do zapłaty: 14,98 zł', 'Słownie: czternaście złotych 98/100']) {
    expect(text).toContain(s)
  }
  expect(text).toMatch(/Faktura VAT nr \d{4}\/A\d+/)

  // My listings: the package, the frame and the paid actions.
  await page.goto('/moje-ogloszenia')
  const mine = page.locator(`li[data-my-offer="${slug}"]`)
  await expect(mine.getByText('Pakiet Srebrne', { exact: false })).toBeVisible()
  await expect(mine.getByRole('link', { name: 'Promuj' })).toBeVisible()
  await expect(mine.getByRole('button', { name: /Podbij \(1,99\s*zł\)/ })).toBeVisible()
  await expect(mine.getByRole('button', { name: /Odśwież \(darmowe: 4\)/ })).toBeVisible()
})

test('a failed payment leaves the listing unpaid with the failure text', async ({ page }) => {
  test.setTimeout(150_000)
  await logIn(page)
  const title = `Mieszkanie nieopłacone e2e${Date.now().toString(36)}`
  await fillListing(page, title)
  await page.getByRole('radio', { name: /Złote/ }).check()
  await expect(page.locator('[data-bill-total]')).toHaveText(/49,99\s*zł/)
  await page.getByRole('button', { name: 'Dalej', exact: true }).click()
  await page.getByRole('button', { name: 'Publikuj' }).click()
  await expect(page).toHaveURL(/\/moje-ogloszenia\/oplac\/[\w-]+$/)
  const slug = new URL(page.url()).pathname.split('/').pop()!
  await hydrated(page)
  await page.getByRole('radio', { name: 'Szybki przelew' }).check()
  await page.getByRole('button', { name: /Zamawiam i płacę/ }).click()
  await expect(page).toHaveURL(/\/platnosc\/symulator\//)
  await hydrated(page)
  await page.getByRole('button', { name: 'Odrzuć płatność' }).click()
  await expect(page).toHaveURL(new RegExp(`/moje-ogloszenia/oplac/${slug}\\?platnosc=`))
  await expect(page.getByRole('alert').filter({ hasText: 'Płatność nie została zrealizowana' })).toBeVisible()

  // Still waiting for payment: 'Opłać' in my listings, and not public.
  await page.goto('/moje-ogloszenia?status=awaiting_payment')
  const mine = page.locator(`li[data-my-offer="${slug}"]`)
  await expect(mine.getByText('Oczekuje na płatność')).toBeVisible()
  await expect(mine.getByRole('link', { name: 'Opłać' })).toHaveAttribute('href', `/moje-ogloszenia/oplac/${slug}`)
  const visitor = await page.context().browser()!.newContext()
  const res = await (await visitor.newPage()).goto(`/ogloszenia/${slug}`)
  expect(res!.status()).toBe(404)
  await visitor.close()
})

test('/promocje: packages side by side with prices and VAT, accessible at 390 and 1280 px', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/promocje')
    await expect(page.getByRole('heading', { level: 1, name: 'Promowanie ogłoszeń' })).toBeVisible()
    for (const name of ['Darmowe', 'Standardowe', 'Srebrne', 'Złote']) await expect(page.locator(`article[data-package]`).filter({ hasText: name }).first()).toBeVisible()
    await expect(page.locator('article[data-package="srebrne"]')).toContainText('9,99 zł')
    await expect(page.locator('article[data-package="srebrne"]')).toContainText('VAT 1,87 zł')
    await hydrated(page)
    await expectAccessible(page)
  }
})
