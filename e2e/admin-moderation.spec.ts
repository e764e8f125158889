import type { APIRequestContext, Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

// Issue 13: the moderation state machine through the screens. Garages (category 41) are switched to
// pre-moderation by the admin here; no other spec publishes garages, so parallel specs are not affected.
const OWNER = 'jan.kowalski@example.pl'
const ADMIN = 'admin@example.pl'
const PASSWORD = 'Demo1234'

async function xsrf(request: APIRequestContext) {
  const state = await request.storageState()
  return decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
}

/** Logs the page's browser context in (the cookies are shared with the page). */
async function logIn(page: Page, email: string) {
  await page.request.get('/api/sanctum/csrf-cookie')
  const res = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD }, headers: { 'X-XSRF-TOKEN': await xsrf(page.request) } })
  expect(res.status()).toBe(200)
}

async function logOut(page: Page) {
  // Leave the page first: an open page's header keeps polling (e.g. unread messages) and would log 401s.
  await page.goto('about:blank')
  const res = await page.request.post('/api/auth/logout', { headers: { 'X-XSRF-TOKEN': await xsrf(page.request) } })
  expect(res.status()).toBe(204)
}

test('a garage waits in the queue, is rejected with a note, edited by its owner, approved and live', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000)
  // The admin area does not exist for a guest (the browser logs the 404 document load).
  consoleErrors.allow({ url: /\/admin\/moderacja$/ })
  // …and the 422 of the empty rejection note, shown under the field.
  consoleErrors.allow({ url: /\/api\/admin\/moderation\/\d+\/reject$/ })
  const guest = await page.goto('/admin/moderacja')
  expect(guest!.status()).toBe(404)

  // The admin puts garages under pre-moderation.
  await logIn(page, ADMIN)
  await page.goto('/admin/moderacja')
  await hydrated(page)
  const garageMode = page.getByLabel('Tryb moderacji: Garaż')
  await garageMode.selectOption('pre')
  await expect(page.getByText('Zapisano tryb moderacji.')).toBeVisible()
  await expect(garageMode).toHaveValue('pre')
  await logOut(page)

  // The owner publishes a garage: it waits.
  await logIn(page, OWNER)
  const token = `e2e${Date.now().toString(36)}`
  const title = `Garaż murowany ${token}`
  const created = await page.request.post('/api/offers', {
    headers: { 'X-XSRF-TOKEN': await xsrf(page.request) },
    data: {
      title, category_id: 41, offer_type: 'rent', price: 45_000, description: 'Garaż z prądem, blisko centrum.',
      location: { lat: 50.0614, lon: 19.9366, name: 'Kraków' }, links: {}, attributes: [{ id: 4, value: '18' }],
    },
  })
  expect(created.status()).toBe(201)
  const offer = (await created.json()) as { id: number; slug: string; status: string }
  expect(offer.status).toBe('pending')
  await page.goto('/moje-ogloszenia?status=pending')
  await expect(page.locator(`[data-my-offer="${offer.slug}"]`).getByText('Nieaktywne (Oczekuje na akceptację)')).toBeVisible()
  await logOut(page)
  // Nobody else sees it yet.
  expect((await page.request.get(`/api/offers/${offer.slug}`)).status()).toBe(404)

  // The admin rejects it with a note (an empty note is refused in Polish first).
  await logIn(page, ADMIN)
  await page.goto('/admin/moderacja?tryb=pre')
  await hydrated(page)
  const card = page.locator(`[data-queue-item="${offer.id}"]`)
  await expect(card.getByRole('heading', { name: title })).toBeVisible()
  await card.getByRole('button', { name: 'Odrzuć' }).click()
  await expect(card.getByText('Podaj powód odrzucenia.')).toBeVisible()
  await card.getByLabel('Powód odrzucenia (zobaczy go właściciel)').fill('Brak zdjęć garażu')
  await card.getByRole('button', { name: 'Odrzuć' }).click()
  await expect(page.getByText('Ogłoszenie zostało odrzucone.')).toBeVisible()
  await expect(card).toHaveCount(0)
  await logOut(page)

  // The owner sees the note in 'Moje ogłoszenia' and edits the title: back in the queue.
  await logIn(page, OWNER)
  await page.goto('/moje-ogloszenia?status=rejected')
  const row = page.locator(`[data-my-offer="${offer.slug}"]`)
  await expect(row.getByText('Odrzucone - Brak zdjęć garażu')).toBeVisible()
  await row.getByRole('link', { name: 'Edytuj' }).click()
  await hydrated(page)
  await page.getByRole('navigation', { name: 'Kroki formularza' }).getByRole('button', { name: /Opis/ }).click()
  await page.getByLabel('Tytuł ogłoszenia').fill(`${title} z kanałem`)
  await page.getByRole('button', { name: 'Zapisz zmiany' }).first().click()
  await expect(page.getByText('Zmiany zostały zapisane.')).toBeVisible()
  await page.goto('/moje-ogloszenia?status=pending')
  await expect(page.locator(`[data-my-offer="${offer.slug}"]`)).toBeVisible()
  await logOut(page)

  // The admin approves the edited listing; it is live.
  await logIn(page, ADMIN)
  await page.goto('/admin/moderacja?tryb=pre')
  await hydrated(page)
  const again = page.locator(`[data-queue-item="${offer.id}"]`)
  await expect(again.getByText('Zmiana treści')).toBeVisible()
  await again.getByRole('button', { name: 'Zatwierdź' }).click()
  await expect(page.getByText('Ogłoszenie zostało zatwierdzone.')).toBeVisible()
  // Both decisions are in the audit log.
  await page.goto(`/admin/dziennik?target_type=listing&target_id=${offer.id}`)
  await expect(page.locator('[data-audit="listing.reject"]')).toContainText('Brak zdjęć garażu')
  await expect(page.locator('[data-audit="listing.approve"]')).toHaveCount(1)
  // The dashboard's charts render (SVG from the chart library), one per series (revenue included).
  await page.goto('/admin')
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Pulpit', level: 1 })).toBeVisible()
  await expect(page.locator('figure[data-chart] svg.recharts-surface')).toHaveCount(6)
  await expect(page.locator('figure[data-chart^="Nowe ogłoszenia"]')).toBeVisible()
  // Garages go back to post-moderation for the next run on the same data.
  await page.request.put('/api/admin/moderation/categories/41', { data: { mode: 'post' }, headers: { 'X-XSRF-TOKEN': await xsrf(page.request) } })
  await logOut(page)

  const live = await page.goto(`/ogloszenia/${offer.slug}`)
  expect(live!.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} z kanałem`)

  // The owner's statistics of the live listing: the view just made is counted, the charts render.
  await logIn(page, OWNER)
  await page.goto('/moje-ogloszenia')
  await page.locator(`[data-my-offer="${offer.slug}"]`).getByRole('link', { name: 'Zobacz statystyki' }).click()
  await expect(page.getByRole('heading', { name: 'Statystyki ogłoszenia', level: 1 })).toBeVisible()
  await hydrated(page)
  await expect(page.locator('figure[data-chart] svg.recharts-surface')).toHaveCount(3)
  await expect(page.locator('[data-stat="position"]')).toContainText('Pozycja w wynikach kategorii w mieście')
})

test('the admin area is a plain 404 for a signed-in ordinary user', async ({ page, consoleErrors }) => {
  consoleErrors.allow({ url: /\/admin$/ })
  await logIn(page, OWNER)
  const res = await page.goto('/admin')
  expect(res!.status()).toBe(404)
  await expect(page.getByText('Panel administracyjny')).toHaveCount(0)
})
