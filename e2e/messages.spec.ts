import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { linkIn, waitForMail } from './support/mail'

const OWNER = 'jan.kowalski@example.pl'
const AGENCY = 'biuro.nieruchomosci-kowalski-i-wspolnicy@example.com'

async function logIn(page: Page, email: string) {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Zaloguj się' }).click()
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await login.getByLabel('Email').fill(email)
  await login.getByLabel('Hasło').fill('Demo1234')
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(login).toBeHidden()
}

/** The owner publishes a listing through the listings API (the add form's last call). */
async function ownersListing(page: Page): Promise<string> {
  const r = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!)
    const res = await fetch('/api/offers', {
      method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        title: 'Dwupokojowe mieszkanie do wiadomości testowych', category_id: 1, offer_type: 'rent', price: 320_000,
        description: 'Mieszkanie po remoncie, blisko parku.', location: { lat: 52.2297, lon: 21.0122, name: 'Śródmieście, Warszawa' },
        attributes: [{ id: 4, value: '45' }],
      }),
    })
    return res.json()
  })
  return (r as { slug: string }).slug
}

test('a guest writes from a listing → confirms by e-mail → the owner sees the thread, replies; a scam-like message shows the banner', async ({ browser, page }) => {
  test.setTimeout(150_000)
  await logIn(page, OWNER)
  const slug = await ownersListing(page)

  // The guest, in their own browser.
  const guestCtx = await browser.newContext({ locale: 'pl-PL' })
  const guest = await guestCtx.newPage()
  const guestEmail = `gosc.${Date.now()}@example.com`
  await guest.goto(`/ogloszenia/${slug}`)
  await hydrated(guest)
  const form = guest.getByRole('form', { name: 'Napisz wiadomość' })
  await form.getByLabel('Imię').fill('Grażyna Gość')
  await form.getByLabel('Email').fill(guestEmail)
  await form.getByLabel('Wiadomość').fill('Dzień dobry, czy mieszkanie jest aktualne? Chętnie obejrzę.')
  await form.getByLabel('Chcę obejrzeć nieruchomość').check()
  await form.getByLabel('O konkretnej porze').check()
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click()
  await expect(form.getByText('Wybierz dzień oglądania')).toBeVisible()
  const day = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10)
  await form.getByLabel('Dzień').fill(day)
  await form.getByLabel('Godzina').fill('17:30')
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click()
  await expect(form.getByText(/Sprawdź skrzynkę email/)).toBeVisible()
  const verify = await waitForMail(guestEmail, { subject: /Potwierdź wysłanie wiadomości/ })
  await guest.goto(linkIn(verify, '/wiadomosci/potwierdz'))
  await expect(guest.getByText('Dziękujemy! Adres potwierdzony — wiadomość została wysłana.')).toBeVisible()

  // The owner: the bell (its notification opens the conversation in a new tab), the badge, the inbox, the thread; reply.
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: /^Powiadomienia: \d+/ }).click()
  const note = page.getByRole('dialog', { name: 'Powiadomienia' })
    .getByRole('button', { name: /Nowa wiadomość od Grażyna Gość: Dwupokojowe mieszkanie do wiadomości testowych/ })
  const [tab] = await Promise.all([page.context().waitForEvent('page'), note.click()])
  await expect(tab).toHaveURL(/\/wiadomosci\/\d+$/)
  await expect(tab.getByText('Dzień dobry, czy mieszkanie jest aktualne? Chętnie obejrzę.')).toBeVisible()
  await tab.close()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('link', { name: /Wiadomości, nieprzeczytane: \d+/ })).toBeVisible()
  await page.getByRole('link', { name: /Wiadomości, nieprzeczytane/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Wiadomości' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/wiadomosci')
  await page.getByRole('link', { name: /Grażyna Gość/ }).first().click()
  await expect(page.getByText('Dzień dobry, czy mieszkanie jest aktualne? Chętnie obejrzę.')).toBeVisible()
  await expect(page.getByText(/Chcę obejrzeć nieruchomość: .*godz\. 17:30/)).toBeVisible()
  await expect(page.getByText(guestEmail)).toBeVisible()
  await page.getByLabel('Twoja odpowiedź').fill('Tak, zapraszam o 17:30.')
  await page.getByRole('button', { name: 'Wyślij odpowiedź' }).click()
  await expect(page.getByText('Tak, zapraszam o 17:30.')).toBeVisible()
  const answer = await waitForMail(guestEmail, { subject: /Odpowiedź/ })
  expect(answer.text).toContain('Tak, zapraszam o 17:30.')
  await expectNoSeriousA11yViolations(page, 'thread')

  // A scam-like message from a logged-in sender: the recipient sees the warning.
  const scamCtx = await browser.newContext({ locale: 'pl-PL' })
  const scammer = await scamCtx.newPage()
  await logIn(scammer, AGENCY)
  await scammer.goto(`/ogloszenia/${slug}`)
  await hydrated(scammer)
  const f2 = scammer.getByRole('form', { name: 'Napisz wiadomość' })
  await f2.getByLabel('Wiadomość').fill('Proszę o przedpłatę 500 zł na konto PL61 1090 1014 0000 0712 1981 2874 przed obejrzeniem.')
  await f2.getByRole('button', { name: 'Wyślij wiadomość' }).click()
  await expect(f2.getByText(/Wiadomość wysłana/)).toBeVisible()
  await page.goto('/wiadomosci')
  await expect(page.getByText('Możliwe oszustwo').first()).toBeVisible()
  await page.locator('a', { hasText: 'Możliwe oszustwo' }).first().click()
  await expect(page.getByRole('alert').filter({ hasText: 'Uwaga: ta wiadomość może być próbą oszustwa' })).toBeVisible()
  await expect(page.getByText(/numer konta bankowego/)).toBeVisible()
  await page.getByRole('button', { name: 'Zgłoś wiadomość' }).click()
  await page.getByRole('button', { name: 'Próba oszustwa' }).click()
  await expect(page.getByText('Zgłoszono do moderatorów.')).toBeVisible()
  await guestCtx.close()
  await scamCtx.close()
})

test('profile: the "Napisz wiadomość" dialog at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/agencje')
  await page.locator('main article a').first().click()
  await hydrated(page)
  await page.getByRole('button', { name: 'Napisz wiadomość' }).click()
  const dialog = page.getByRole('dialog', { name: 'Napisz wiadomość' })
  await expect(dialog).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'message dialog')
  await dialog.getByRole('button', { name: 'Wyślij wiadomość' }).click()
  await expect(dialog.getByText('Podaj imię')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
