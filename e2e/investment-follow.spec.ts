import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { newUser, PASSWORD } from './support/accounts'

// Issue 27 item 5 (decision 077): a buyer saves a search of an investment's units from /inwestycje/{slug} (as a
// guest: through the login dialog and back), finds it among the saved searches, and opening it lists only that
// investment's units. At 390 and 1280 px.

interface Detail { id: number; slug: string; name: string; units: Array<{ id: number; rooms: number | null; status: string; listed: boolean }> }

/** A demo investment with at least two room counts on sale (so a rooms filter narrows), and its units. */
async function pickInvestment(page: Page): Promise<{ inv: Detail; rooms: number }> {
  const list = (await (await page.request.get('/api/investments')).json()) as { data: Array<{ slug: string }> }
  for (const { slug } of list.data) {
    const inv = (await (await page.request.get(`/api/investments/${slug}`)).json()) as Detail
    const onSale = inv.units.filter((u) => u.listed && u.status !== 'sprzedane' && u.rooms !== null && u.rooms < 5)
    const counts = new Map<number, number>()
    for (const u of onSale) counts.set(u.rooms!, (counts.get(u.rooms!) ?? 0) + 1)
    const rooms = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]
    if (counts.size >= 2 && rooms) return { inv, rooms: rooms[0] }
  }
  throw new Error('no demo investment with units of two room counts')
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

for (const width of [390, 1280]) {
  test(`a buyer saves a search of an investment's units and opens it at ${width} px`, async ({ page, browser }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: 900 })
    const { inv, rooms } = await pickInvestment(page)
    // The account exists (made in another browser); this page stays a guest until the login dialog.
    const email = await newUser(await (await browser.newContext()).newPage(), 'inwestycja')

    await page.goto(`/inwestycje/${inv.slug}`)
    await hydrated(page)
    await page.getByRole('group', { name: 'Filtry lokali' }).getByLabel('Pokoje').selectOption(String(rooms))
    const save = page.getByRole('button', { name: 'Zapisz wyszukiwanie takich lokali' })
    await save.scrollIntoViewIfNeeded()
    await expect(save).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath(`investment-${width}.png`) })
    await save.click()
    const dialog = page.getByRole('dialog', { name: 'Zapisz filtry do ulubionych' })
    const name = `Inwestycja ${inv.name}, ${rooms} ${rooms === 1 ? 'pokój' : 'pokoje'}`
    await expect(dialog.getByLabel('Nazwa')).toHaveValue(name)
    // Following units is asking for news of them: the e-mail alert is ticked here.
    await expect(dialog.getByRole('checkbox', { name: 'Wysyłaj mi e-mail o nowych ogłoszeniach' })).toBeChecked()
    await dialog.getByRole('button', { name: 'Zapisz wyszukiwanie' }).click()

    // A guest logs in and comes back; the search is saved right after.
    const login = page.getByRole('dialog', { name: 'Zaloguj się' })
    await expect(login).toBeVisible()
    await login.getByLabel('Email').fill(email)
    await login.getByLabel('Hasło').fill(PASSWORD)
    await login.getByRole('button', { name: 'Zaloguj' }).click()
    await expect(page.getByText('Wyszukiwanie zostało zapisane.')).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(new RegExp(`/inwestycje/${inv.slug}$`))

    await page.goto('/ulubione?tab=wyszukiwania')
    await hydrated(page)
    const card = page.getByRole('article', { name: new RegExp(esc(name)) })
    await expect(card).toBeVisible()
    await expect(card.getByText(`Inwestycja: ${inv.name}`)).toBeVisible()
    await expect(card.getByText(`Pokoje: ${rooms}`)).toBeVisible()
    await expect(card.getByRole('switch', { name: 'Powiadomienia e-mail' })).toBeChecked()
    await page.screenshot({ path: test.info().outputPath(`saved-${width}.png`), fullPage: true })

    await card.getByRole('button', { name: 'Pokaż wyniki' }).click()
    await expect(page).toHaveURL(new RegExp(`/szukaj\\?pokoje=${rooms}&inwestycja=${inv.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: `Lokale w inwestycji ${inv.name}` })).toBeVisible()
    const want = inv.units.filter((u) => u.listed && u.status !== 'sprzedane' && u.rooms === rooms).map((u) => u.id).sort((a, b) => a - b)
    const res = await page.request.get(`/api/search?pokoje=${rooms}&inwestycja=${inv.id}&per_page=60`)
    const found = ((await res.json()) as { data: Array<{ id: number }>; total: number })
    expect(found.total).toBe(want.length)
    expect(found.data.map((l) => l.id).sort((a, b) => a - b)).toEqual(want.slice(0, 60))
    await expect(page.getByText(new RegExp(`Znaleziono ${want.length}\\b`))).toBeVisible()
    // Every card on the page is one of this investment's units (their titles name it).
    const cards = page.locator('main article')
    await expect(cards.first()).toBeVisible()
    for (const title of await cards.locator('h2, h3').allInnerTexts()) expect(title).toContain(inv.name)
    await page.screenshot({ path: test.info().outputPath(`results-${width}.png`), fullPage: false })

    // The chip names the investment and removes the filter.
    const chip = page.getByRole('list', { name: 'Aktywne filtry' }).getByRole('link', { name: `Usuń filtr: Inwestycja ${inv.name}` })
    await expect(chip).toBeVisible()
    await chip.click()
    await expect(page).toHaveURL(new RegExp(`/szukaj\\?pokoje=${rooms}$`))
  })
}
