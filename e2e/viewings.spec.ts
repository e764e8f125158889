import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { countMails, linkIn, waitForMail, type SavedMail } from './support/mail'

const OWNER = 'jan.kowalski@example.pl'

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

/** A same-origin API call with the session's CSRF token (as the app's client sends it). */
function call(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(async ([method, url, body]) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!)
    const res = await fetch(url as string, {
      method: method as string, credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return res.json()
  }, [method, url, body] as const)
}

const ics = (mail: SavedMail) => mail.attachments?.find((a) => a.contentType.startsWith('text/calendar'))?.text ?? ''

test('an advertiser sets hours; a guest on a phone books and confirms by e-mail; the advertiser confirms; .ics both ways; a reminder; the guest cancels and the time is free again', async ({ browser, page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page, OWNER)
  const listing = await call(page, 'POST', '/api/offers', {
    title: 'Mieszkanie do oglądania w weekend', category_id: 1, offer_type: 'sell', price: 59_900_000,
    description: 'Jasne mieszkanie, dwa pokoje, balkon.', location: { lat: 52.2297, lon: 21.0122, name: 'Śródmieście, Warszawa' },
    attributes: [{ id: 4, value: '48' }],
  }) as { id: number; slug: string }

  // The advertiser opens 'Oglądanie' from 'Moje ogłoszenia' and sets the week: every day 10:00–18:00, an hour each.
  await page.goto('/moje-ogloszenia')
  await hydrated(page)
  await page.locator(`a[href="/moje-ogloszenia/ogladanie/${listing.id}"]`).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Godziny oglądania' })).toBeVisible()
  const week = page.getByRole('form', { name: 'Godziny oglądania' })
  for (const day of ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela']) await week.getByLabel(day, { exact: true }).check()
  await week.getByLabel('Długość wizyty').selectOption('60')
  await week.getByRole('button', { name: 'Zapisz godziny' }).click()
  await expect(page.getByText('Zapisano godziny oglądania.')).toBeVisible()
  await expect(page.getByText('rezerwacje włączone')).toBeVisible()

  // A guest on a phone books from the listing page.
  const guestCtx = await browser.newContext({ locale: 'pl-PL', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const guest = await guestCtx.newPage()
  const guestEmail = `ogladajacy.${Date.now()}@example.com`
  await guest.goto(`/ogloszenia/${listing.slug}`)
  await hydrated(guest)
  expect(await guest.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390)
  await guest.getByRole('button', { name: 'Umów oglądanie' }).click()
  const dialog = guest.getByRole('dialog', { name: 'Umów oglądanie' })
  const days = dialog.getByRole('group', { name: 'Dni z wolnymi terminami' }).getByRole('button')
  await days.nth(1).click()
  const firstTime = dialog.getByRole('group', { name: 'Wolne godziny' }).getByRole('button').first()
  const time = (await firstTime.textContent())!.trim()
  await firstTime.click()
  await dialog.getByLabel('Imię i nazwisko').fill('Olga Oglądająca')
  await dialog.getByLabel('E-mail').fill(guestEmail)
  await dialog.getByLabel('Telefon').fill('600 111 222')
  await dialog.getByRole('button', { name: 'Zarezerwuj termin' }).click()
  await expect(dialog.getByText('Sprawdź skrzynkę e-mail')).toBeVisible()
  await expectNoSeriousA11yViolations(guest, 'booking dialog')
  await dialog.getByRole('button', { name: 'Zamknij' }).first().click()

  // The e-mailed link confirms the address; the advertiser gets the request with an .ics.
  const link = linkIn(await waitForMail(guestEmail, { subject: /Potwierdź rezerwację oglądania/ }), '/ogladanie')
  await guest.goto(link)
  await expect(guest.getByTestId('viewing-status')).toHaveText('Oczekuje')
  const request = await waitForMail(OWNER, { subject: /Prośba o oglądanie: Mieszkanie do oglądania w weekend/ })
  expect(request.text).toContain('Olga Oglądająca, ' + guestEmail + ', tel. 600 111 222')
  expect(ics(request)).toMatch(/METHOD:REQUEST[\s\S]*TZID:Europe\/Warsaw[\s\S]*SEQUENCE:0[\s\S]*STATUS:TENTATIVE/)

  // The advertiser confirms in 'Kalendarz' (linked from the account menu).
  await page.goto('/kalendarz')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Kalendarz' })).toBeVisible()
  const card = page.getByRole('article').filter({ hasText: 'Olga Oglądająca' })
  await expect(card).toContainText(guestEmail)
  await expect(card).toContainText('600 111 222')
  await expect(card).toContainText(`${time}–`)
  await card.getByRole('button', { name: 'Potwierdź' }).click()
  await expect(card).toContainText('Potwierdzona')
  const confirmed = await waitForMail(guestEmail, { subject: /Oglądanie potwierdzone/ })
  expect(ics(confirmed)).toMatch(/METHOD:REQUEST[\s\S]*SEQUENCE:1[\s\S]*STATUS:CONFIRMED/)
  expect(ics(await waitForMail(OWNER, { subject: /Oglądanie potwierdzone: Mieszkanie do oglądania/ }))).toContain('STATUS:CONFIRMED')
  await page.getByRole('button', { name: 'Tydzień' }).click()
  await expect(page.getByRole('region', { name: 'Tydzień' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'calendar week')

  // The reminder job, driven directly (the clock cannot move a day in a browser test).
  const mine = await call(page, 'GET', '/api/viewings') as { data: { id: number; person: { email: string } }[] }
  const id = mine.data.find((v) => v.person.email === guestEmail)!.id
  expect(await call(page, 'POST', `/api/__test/viewing-reminder/${id}`, {})).toEqual({ sent: true })
  expect((await waitForMail(guestEmail, { subject: /Przypomnienie: jutro oglądanie/ })).text).toContain('Mieszkanie do oglądania w weekend')

  // The guest cancels from the same link; the advertiser gets a CANCEL; the time is offered again.
  await guest.goto(link)
  await guest.getByLabel('Powód odwołania').fill('Wypadł mi wyjazd')
  await guest.getByRole('button', { name: 'Odwołaj wizytę' }).click()
  await expect(guest.getByTestId('viewing-status')).toHaveText('Odwołana')
  const cancelled = await waitForMail(OWNER, { subject: /Oglądanie odwołane/ })
  expect(cancelled.text).toContain('Wypadł mi wyjazd')
  expect(ics(cancelled)).toMatch(/METHOD:CANCEL[\s\S]*SEQUENCE:2[\s\S]*STATUS:CANCELLED/)
  await guest.goto(`/ogloszenia/${listing.slug}`)
  await hydrated(guest)
  await guest.getByRole('button', { name: 'Umów oglądanie' }).click()
  const again = guest.getByRole('dialog', { name: 'Umów oglądanie' })
  await again.getByRole('group', { name: 'Dni z wolnymi terminami' }).getByRole('button').nth(1).click()
  await expect(again.getByRole('group', { name: 'Wolne godziny' }).getByRole('button').first()).toHaveText(time)

  // The calendar on a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/kalendarz')
  await hydrated(page)
  await expect(page.getByRole('article').filter({ hasText: 'Olga Oglądająca' })).toContainText('Odwołana')
  await guestCtx.close()
})

test("a developer sets an investment's open day at 1280; a buyer on a phone takes a place from the investment page", async ({ browser, page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page, 'sprzedaz.wislane-tarasy-development@example.pl')
  const mine = await call(page, 'GET', '/api/user/investments') as { data: { id: number; slug: string; name: string }[] }
  const inv = mine.data[0]!
  // Ten days ahead, 15:00–17:00 Warsaw time, 3 places.
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + 10 * 86400_000))
  await page.goto(`/moje-inwestycje/${inv.id}/dni-otwarte`)
  await hydrated(page)
  const add = page.getByRole('form', { name: 'Dodaj dzień otwarty' })
  await add.getByLabel('Data', { exact: true }).fill(date)
  await add.getByLabel('Od', { exact: true }).selectOption('15:00')
  await add.getByLabel('Do', { exact: true }).selectOption('17:00')
  await add.getByLabel('Liczba miejsc').fill('3')
  await add.getByRole('button', { name: 'Dodaj dzień otwarty' }).click()
  const planned = page.getByRole('list', { name: 'Zaplanowane dni otwarte' }).getByRole('listitem').filter({ hasText: '15:00–17:00' })
  await expect(planned).toContainText('Zajęte miejsca: 0 z 3')

  // A logged-in buyer on a phone: the investment page lists the open day; two presses take a place.
  const buyerCtx = await browser.newContext({ locale: 'pl-PL', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const buyer = await buyerCtx.newPage()
  await logIn(buyer, OWNER)
  await buyer.goto(`/inwestycje/${inv.slug}`)
  await hydrated(buyer)
  await expect(buyer.getByRole('region', { name: 'Dni otwarte' })).toContainText('15:00–17:00')
  expect(await buyer.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390)
  await buyer.getByRole('button', { name: 'Zapisz się na dzień otwarty' }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Dzień otwarty' })
  const day = new Intl.DateTimeFormat('pl-PL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Warsaw' }).format(new Date(`${date}T12:00:00Z`))
  await dialog.getByRole('button', { name: day }).click()
  await dialog.getByRole('group', { name: 'Wolne godziny' }).getByRole('button', { name: /15:00/ }).click()
  // The buyer may already have a confirmed visit of this investment (e2e/viewings-investment.spec.ts): wait for a new one.
  const confirmedSubject = new RegExp(`Oglądanie potwierdzone: ${inv.name}`)
  const earlier = countMails(OWNER, confirmedSubject)
  await dialog.getByRole('button', { name: 'Zarezerwuj termin' }).click()
  await expect(dialog.getByText('Oglądanie zostało potwierdzone.')).toBeVisible()
  const mail = await waitForMail(OWNER, { subject: confirmedSubject, count: earlier + 1 })
  expect(ics(mail)).toMatch(/METHOD:REQUEST[\s\S]*SUMMARY:Dzień otwarty/)

  await page.reload()
  await expect(planned).toContainText('Zajęte miejsca: 1 z 3')
  await buyerCtx.close()
})
