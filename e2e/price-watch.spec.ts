import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { newUser } from './support/accounts'
import { waitForMail } from './support/mail'

// Issue 26 item 6 (decision 067): the advertiser lowers the price of a listing someone keeps in favourites; the change
// reaches that person's bell, shows on their favourites list with its date and, opted in, comes in the daily e-mail.
// At 390 and 1280 px.

/** A JSON call with the page's session and CSRF token (the way the site's own client sends it). */
async function call(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(async ([m, u, b]) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!)
    const res = await fetch(u as string, {
      method: m as string, credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: b === undefined ? undefined : JSON.stringify(b),
    })
    return { status: res.status, body: await res.json().catch(() => null) }
  }, [method, url, body] as const)
}

const offer = (title: string, price: number) => ({
  title, category_id: 1, offer_type: 'sell', price,
  description: 'Jasne mieszkanie z balkonem, blisko tramwaju.', location: { lat: 50.0614, lon: 19.9366, name: 'Stare Miasto, Kraków' },
  attributes: [{ id: 4, value: '50' }, { id: 11, value: '2' }],
})

for (const width of [390, 1280]) {
  test(`a favourite's price drop reaches the bell, the favourites list and, opted in, the daily e-mail at ${width} px`, async ({ page, browser }) => {
    test.setTimeout(120_000)
    const title = `Mieszkanie z obniżką ${width} ${Date.now().toString(36)}`
    const seller = await (await browser.newContext()).newPage()
    await newUser(seller, 'sprzedajacy')
    await seller.goto('/')
    const created = await call(seller, 'POST', '/api/offers', offer(title, 666_000_00))
    expect(created.status).toBe(201)
    const id = (created.body as { id: number }).id

    await page.setViewportSize({ width, height: 900 })
    const watcher = await newUser(page, 'obserwujacy')
    await page.goto('/ulubione')
    await hydrated(page)
    expect((await call(page, 'POST', '/api/favorites', { offer_id: id })).status).toBe(201)
    await expect(page.getByRole('checkbox', { name: /Codzienne podsumowanie zmian cen e-mailem/ })).not.toBeChecked()

    // The advertiser lowers the price through the API; the watch job runs at once for a watched listing.
    expect((await call(seller, 'PUT', `/api/offers/${id}`, offer(title, 646_000_00))).status).toBe(200)
    const text = /Cena obniżona o 20\s000 zł \(−3\s%\)/
    await expect.poll(async () => {
      const r = await call(page, 'GET', '/api/user/notifications')
      return (r.body as { data: Array<{ message: string }> }).data.map((n) => n.message).join('\n')
    }, { timeout: 60_000 }).toMatch(text)

    await page.reload()
    await hydrated(page)
    await expect(page.getByTestId('notifications-badge')).toHaveText('1')
    await page.getByRole('button', { name: /^Powiadomienia: 1/ }).click()
    const panel = page.getByRole('dialog', { name: 'Powiadomienia' })
    await expect(panel.getByRole('button', { name: new RegExp(`${text.source}: „${title}”`) })).toBeVisible()
    await page.keyboard.press('Escape')

    const card = page.locator('article[data-listing-card]', { hasText: title })
    await expect(card.locator('[data-price-change=down]')).toHaveText(new RegExp(`${text.source}\\d{1,2} [a-ząćęłńóśźż]+ \\d{4}`))
    await expect(card).toContainText('646 000 zł'.replace(' ', '\u00a0'))

    // Opted in to the daily e-mail, the same change arrives by mail when the digest runs (06:00 UTC; started here).
    await page.getByRole('checkbox', { name: /Codzienne podsumowanie zmian cen e-mailem/ }).check({ force: true })
    await expect(page.getByRole('checkbox', { name: /Codzienne podsumowanie zmian cen e-mailem/ })).toBeChecked()
    await expect.poll(async () => (await call(page, 'GET', '/api/user/watch-settings')).body).toMatchObject({ email_digest: true })
    expect((await call(page, 'POST', '/api/__test/jobs/price-watch-digest', {})).status).toBe(204)
    const mail = await waitForMail(watcher, { subject: /Zmiana w obserwowanych/, timeout: 60_000 })
    expect(mail.subject).toMatch(text)
    expect(mail.text).toContain(title)
    await seller.context().close()
  })
}
