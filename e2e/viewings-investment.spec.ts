import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { waitForMail } from './support/mail'

const DEVELOPER = 'sprzedaz.wislane-tarasy-development@example.pl'
const BUYER = 'jan.kowalski@example.pl'

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

/** The Warsaw date (YYYY-MM-DD) `days` from now, and its name as the dialog's day buttons carry it. */
function warsawDay(days: number) {
  const at = new Date(Date.now() + days * 86400_000)
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(at)
  const name = new Intl.DateTimeFormat('pl-PL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Warsaw' }).format(new Date(`${iso}T12:00:00Z`))
  return { iso, name }
}

// Decision 078: a developer sets an investment's weekly hours and a changed day with two ranges; a logged-in buyer
// books one of that day's times from 'Umów oglądanie' on the investment page; the developer sees and confirms it in
// 'Kalendarz'. Once with everyone at 1280 px, once at 390 px (each on its own demo investment).
for (const [width, pick, time] of [[1280, 0, '12:00'], [390, 1, '13:00']] as const) {
  test(`investment visits on weekly hours at ${width} px: the developer sets hours, a buyer books from the investment page, the calendar shows it`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000)
    const viewport = { width, height: width === 390 ? 844 : 900 }
    const phone = width === 390 ? { isMobile: true, hasTouch: true } : {}
    const devCtx = await browser.newContext({ locale: 'pl-PL', viewport, ...phone })
    const dev = await devCtx.newPage()
    await logIn(dev, DEVELOPER)
    const mine = await dev.evaluate(async () => (await (await fetch('/api/user/investments', { headers: { Accept: 'application/json' } })).json()) as { data: { id: number; slug: string; name: string }[] })
    const inv = mine.data[pick] ?? mine.data[0]!

    // 'Oglądanie' of the investment: every day of the week, an hour a visit, confirmed by hand, and a changed day
    // two days ahead with 12:00–14:00 typed first and 09:00–11:00 second.
    await dev.goto(`/moje-inwestycje/${inv.id}`)
    await hydrated(dev)
    await dev.getByRole('navigation', { name: 'Inwestycja' }).getByRole('link', { name: 'Oglądanie' }).click()
    const form = dev.getByRole('form', { name: 'Godziny oglądania' })
    await expect(form).toBeVisible()
    await hydrated(dev)
    for (const day of ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela']) await form.getByLabel(day, { exact: true }).check()
    await form.getByLabel('Długość wizyty').selectOption('60')
    await form.getByLabel('Potwierdzaj rezerwacje automatycznie').uncheck()
    const n = (await form.getByRole('group', { name: /^Wyjątek \d+$/ }).count()) + 1
    await form.getByRole('button', { name: 'Dodaj wyjątek' }).click()
    const changed = warsawDay(2)
    const row = form.getByRole('group', { name: `Wyjątek ${n}` })
    await row.getByLabel(`Data wyjątku ${n}`).fill(changed.iso)
    await row.getByLabel('dzień wolny').uncheck()
    await row.getByLabel(`Wyjątek ${n}: od`).selectOption('12:00')
    await row.getByLabel(`Wyjątek ${n}: do`).selectOption('14:00')
    await row.getByRole('button', { name: `Dodaj godziny (Wyjątek ${n})` }).click()
    // Overlapping first: the 422 names the day and both ranges, under its row.
    await row.getByLabel(`Wyjątek ${n} (2): od`).selectOption('10:00')
    await row.getByLabel(`Wyjątek ${n} (2): do`).selectOption('13:00')
    await form.getByRole('button', { name: 'Zapisz godziny' }).click()
    await expect(row.getByRole('alert')).toHaveText(`Godziny dnia ${changed.iso} nakładają się (10:00–13:00 i 12:00–14:00). Popraw je albo połącz w jeden przedział.`)
    await row.getByLabel(`Wyjątek ${n} (2): od`).selectOption('09:00')
    await row.getByLabel(`Wyjątek ${n} (2): do`).selectOption('11:00')
    await form.getByRole('button', { name: 'Zapisz godziny' }).click()
    await expect(dev.getByText('Zapisano godziny oglądania.')).toBeVisible()
    await expect(dev.getByText('Rezerwacje włączone')).toBeVisible()
    // Saved, the form shows what was stored, without a reload: changed days by date, a day's ranges by start.
    const dates = await Promise.all(Array.from({ length: n }, (_, i) => form.getByLabel(`Data wyjątku ${i + 1}`).inputValue()))
    expect(dates).toEqual([...dates].sort())
    const k = dates.indexOf(changed.iso) + 1
    const saved = form.getByRole('group', { name: `Wyjątek ${k}` })
    await expect(saved.getByLabel(`Wyjątek ${k}: od`)).toHaveValue('09:00')
    await expect(saved.getByLabel(`Wyjątek ${k} (2): od`)).toHaveValue('12:00')
    expect(await dev.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width)
    // For a look: the week's first rows and the changed day, in the viewport.
    await form.getByLabel('poniedziałek', { exact: true }).scrollIntoViewIfNeeded()
    await dev.screenshot({ path: testInfo.outputPath(`editor-week-${width}.png`) })
    await saved.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await dev.screenshot({ path: testInfo.outputPath(`editor-changed-day-${width}.png`) })

    // The buyer: 'Umów oglądanie' on the investment page lists the changed day's four times, not the week's.
    const buyerCtx = await browser.newContext({ locale: 'pl-PL', viewport, ...phone })
    const buyer = await buyerCtx.newPage()
    await logIn(buyer, BUYER)
    await buyer.goto(`/inwestycje/${inv.slug}`)
    await hydrated(buyer)
    expect(await buyer.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width)
    await buyer.getByRole('region', { name: 'Oglądanie z doradcą' }).getByRole('button', { name: 'Umów oglądanie' }).click()
    const dialog = buyer.getByRole('dialog', { name: 'Umów oglądanie' })
    await dialog.getByRole('button', { name: changed.name }).click()
    const times = dialog.getByRole('group', { name: 'Wolne godziny' }).getByRole('button')
    await expect(times).toHaveText(['09:00', '10:00', '12:00', '13:00'])
    await times.filter({ hasText: time }).click()
    await expect(dialog.getByText('Deweloper potwierdzi termin albo zaproponuje inny.')).toBeVisible()
    await buyer.screenshot({ path: testInfo.outputPath(`dialog-${width}.png`) })
    await dialog.getByRole('button', { name: 'Zarezerwuj termin' }).click()
    await expect(dialog.getByText('Prośba o oglądanie została wysłana. Deweloper potwierdzi termin.')).toBeVisible()
    const request = await waitForMail(BUYER, { subject: new RegExp(`Prośba o oglądanie: ${inv.name}`) })
    expect(request.text).toContain(`inwestycji „${inv.name}”`)
    expect(request.text).not.toMatch(/ogłoszeni/i)

    // The developer's calendar: the visit with the buyer's contact, confirmed from there.
    await dev.goto('/kalendarz')
    await hydrated(dev)
    const card = dev.getByRole('article').filter({ hasText: `${time}–` }).filter({ hasText: BUYER }).filter({ hasText: inv.name })
    await expect(card).toContainText('Do Twojego potwierdzenia')
    await card.getByRole('button', { name: 'Potwierdź' }).click()
    await expect(card).toContainText('Potwierdzona')
    const confirmed = await waitForMail(BUYER, { subject: new RegExp(`Oglądanie potwierdzone: ${inv.name}`) })
    expect(confirmed.text).not.toMatch(/ogłoszeni/i)
    await devCtx.close()
    await buyerCtx.close()
  })
}
