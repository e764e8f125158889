import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { linkIn, waitForMail } from './support/mail'
import { newUser, uniqueEmail } from './support/accounts'

/** Adds a listing through the listings API (as the add form does); it goes live at once and notifies its owner. */
async function addListing(page: Page, title: string) {
  const created = await page.evaluate(async (t) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!)
    const res = await fetch('/api/offers', {
      method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        title: t, category_id: 1, offer_type: 'sell', price: 55_000_000,
        description: 'Jasne mieszkanie z balkonem, blisko tramwaju.', location: { lat: 50.0614, lon: 19.9366, name: 'Stare Miasto, Kraków' },
        attributes: [{ id: 4, value: '50' }, { id: 11, value: '2' }],
      }),
    })
    return res.status
  }, title)
  expect(created).toBe(201)
}

test('save a search from /szukaj → it is in /ulubione → change its period → delete it', async ({ page }) => {
  test.setTimeout(90_000)
  await newUser(page, 'zapisane')
  await page.goto('/szukaj?typ=sprzedaz&kategoria=mieszkanie&cena%5Bmax%5D=600000')
  await hydrated(page)
  await page.getByRole('button', { name: 'Zapisz wyszukiwanie' }).click()
  const dialog = page.getByRole('dialog', { name: 'Zapisz filtry do ulubionych' })
  await expect(dialog.getByLabel('Nazwa')).toHaveValue(/^Mieszkania na sprzedaż, do 600\s000 zł$/)
  await expect(dialog.getByText('Powiadom mnie:')).toBeVisible()
  // E-mail alerts are off until the person turns them on (spec §9: notifications default to false).
  const email = dialog.getByRole('checkbox', { name: 'Wysyłaj mi e-mail o nowych ogłoszeniach' })
  await expect(email).not.toBeChecked()
  await email.check({ force: true })
  await dialog.getByRole('radio', { name: 'codziennie' }).check({ force: true })
  await dialog.getByRole('button', { name: 'Zapisz wyszukiwanie' }).click()
  await expect(page.getByText('Wyszukiwanie zostało zapisane.')).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.goto('/ulubione')
  await page.getByRole('link', { name: 'Zapisane wyszukiwania' }).click()
  await expect(page).toHaveURL(/\/ulubione\?tab=wyszukiwania$/)
  const card = page.getByRole('article', { name: /Mieszkania na sprzedaż, do 600\s000 zł/ })
  await expect(card).toBeVisible()
  await expect(card.getByText('Cena: do 600 000 zł'.replace(' 000', '\u00a0000'))).toBeVisible()
  await expect(card.getByRole('switch', { name: 'Powiadomienia e-mail' })).toBeChecked()
  await expect(card.getByRole('radio', { name: 'codziennie' })).toBeChecked()
  await hydrated(page)
  // The card shows a change only after the API's 204 (spec §4), so this clicks the pill and waits, rather than check(),
  // which wants the state changed at once.
  await card.locator('label').filter({ hasText: /^co 7 dni$/ }).click()
  await expect(page.getByText('Zmieniono ustawienia wyszukiwania.')).toBeVisible()
  await expect(card.getByRole('radio', { name: 'co 7 dni' })).toBeChecked()
  await page.reload()
  await expect(page.getByRole('article', { name: /Mieszkania na sprzedaż/ }).getByRole('radio', { name: 'co 7 dni' })).toBeChecked()

  // 'Pokaż wyniki' opens /szukaj with the filters.
  await hydrated(page)
  await page.getByRole('button', { name: 'Pokaż wyniki' }).click()
  await expect(page).toHaveURL(/\/szukaj\?typ=sprzedaz&kategoria=mieszkanie&cena%5Bmax%5D=600000$/)

  await page.goto('/ulubione?tab=wyszukiwania')
  await hydrated(page)
  await page.getByRole('button', { name: /^Usuń: Mieszkania na sprzedaż/ }).click()
  await page.getByRole('button', { name: 'Tak, usuń' }).click()
  await expect(page.getByText('Usunięto zapisane wyszukiwanie.')).toBeVisible()
  await expect(page.getByText(/Nie masz jeszcze zapisanych wyszukiwań/)).toBeVisible()
})

test('the bell shows notifications with a badge, opens one in a new tab and clears them', async ({ page }) => {
  test.setTimeout(90_000)
  await newUser(page, 'dzwonek')
  await page.goto('/')
  await hydrated(page)
  const bell = page.getByRole('button', { name: /^Powiadomienia/ })
  await bell.click()
  await expect(page.getByRole('dialog', { name: 'Powiadomienia' }).getByText('Brak nowych powiadomień')).toBeVisible()
  await page.keyboard.press('Escape')

  await addListing(page, 'Mieszkanie przy Plantach')
  await addListing(page, 'Kawalerka na Kazimierzu')
  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('notifications-badge')).toHaveText('2')
  await page.getByRole('button', { name: /^Powiadomienia: 2/ }).click()
  const panel = page.getByRole('dialog', { name: 'Powiadomienia' })
  const first = panel.getByRole('button', { name: /Ogłoszenie „Kawalerka na Kazimierzu” zostało aktywowane/ })
  await expect(first).toBeVisible()
  await expect(panel.getByRole('button', { name: /Ogłoszenie „Mieszkanie przy Plantach” zostało aktywowane/ })).toBeVisible()

  // A click reads it and opens its link (the listing) in a new tab; list and count come from the answer.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), first.click()])
  await expect(tab).toHaveURL(/\/ogloszenia\/kawalerka-na-kazimierzu/)
  await tab.close()
  await expect(page.getByTestId('notifications-badge')).toHaveText('1')
  await expect(panel.getByRole('button', { name: /Kawalerka na Kazimierzu/ })).toHaveCount(0)

  // 'Oznacz jako przeczytane' clears the rest.
  await panel.getByRole('button', { name: 'Oznacz jako przeczytane' }).click()
  await expect(panel.getByText('Brak nowych powiadomień')).toBeVisible()
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0)
  // An outside click closes it.
  await page.mouse.click(10, 400)
  await expect(panel).toBeHidden()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Powiadomienia', exact: true })).toBeVisible()
})

test('footer newsletter → confirmation mail → /potwierdz-newsletter says it is active; signing up again says so too', async ({ page }) => {
  test.setTimeout(60_000)
  const email = uniqueEmail('newsletter')
  await page.goto('/')
  await hydrated(page)
  const form = page.getByRole('form', { name: 'Zapis do newslettera' })
  await form.getByRole('button', { name: 'Zapisz się' }).click()
  await expect(form.getByRole('alert')).toHaveText('Email jest wymagany')
  await form.getByLabel('Newsletter').fill(email)
  await form.getByRole('button', { name: 'Zapisz się' }).click()
  await expect(page.getByText('Potwierdź zapis do newslettera klikając w link wysłany na podany adres email.')).toBeVisible()

  const mail = await waitForMail(email, { subject: /Potwierdź zapis do newslettera/ })
  await page.goto(linkIn(mail, '/potwierdz-newsletter'))
  await expect(page.getByRole('heading', { level: 1, name: 'Potwierdzenie newslettera' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Gratulujemy. Twój newsletter jest aktywny')

  await hydrated(page)
  await page.getByRole('form', { name: 'Zapis do newslettera' }).getByLabel('Newsletter').fill(email)
  await page.getByRole('form', { name: 'Zapis do newslettera' }).getByRole('button', { name: 'Zapisz się' }).click()
  await expect(page.getByRole('region', { name: 'Powiadomienia systemowe' }).getByText('Gratulujemy. Twój newsletter jest aktywny')).toBeVisible()
})
