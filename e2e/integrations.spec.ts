import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { zip } from '../apps/api/src/test/zip.ts'
import { newUser } from './support/accounts'

const AGENCY = 'biuro.nieruchomosci-kowalski-i-wspolnicy@example.com'
const photo = (name: string) => readFileSync(new URL(`../apps/api/src/test/fixtures/photos/${name}.jpg`, import.meta.url))

/** An Oferty.net file (ISO-8859-2 declared; ASCII-safe text plus Polish letters) with two offers and one unknown category. */
function feed(tag: string, date: string, withSecond: boolean): Buffer {
  const offer = (id: string, title: string, price: string, photoName: string) => `
      <oferta><id>${id}</id><cena waluta="PLN">${price}</cena>
        <param nazwa="tytul">${title}</param>
        <param nazwa="opis">Mieszkanie z importu pliku, jasne i ciche. Łazienka z oknem.</param>
        <param nazwa="miasto">Kraków</param><param nazwa="dzielnica">Kazimierz</param>
        <param nazwa="powierzchnia">52</param><param nazwa="liczba_pokoi">2</param>
        <zdjecia><zdjecie>${photoName}</zdjecie></zdjecia></oferta>`
  const xml = `<?xml version="1.0" encoding="ISO-8859-2"?>
<plik><header><data>${date}</data><zawartosc_pliku>calosc</zawartosc_pliku></header><lista_ofert>
  <dzial tab="mieszkania" typ="sprzedaz">${offer(`${tag}-1`, `Mieszkanie ${tag} pierwsze`, '612000', 'a.jpg')}${withSecond ? offer(`${tag}-2`, `Mieszkanie ${tag} drugie`, '498000', 'b.jpg') : ''}
  </dzial>
  <dzial tab="jachty" typ="sprzedaz"><oferta><id>${tag}-9</id><cena waluta="PLN">1</cena><param nazwa="opis">Jacht</param><param nazwa="miasto">Gdańsk</param></oferta></dzial>
</lista_ofert></plik>`
  // The declared encoding: Polish letters as ISO-8859-2 bytes.
  const latin2: Record<string, number> = { Ł: 0xa3 }
  const bytes = Buffer.from([...xml].map((ch) => latin2[ch] ?? ch.charCodeAt(0)))
  return zip([['oferty.xml', bytes], ['a.jpg', photo('coffee')], ['b.jpg', photo('rocket')]])
}

async function logIn(page: Page) {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Zaloguj się' }).click()
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await login.getByLabel('Email').fill(AGENCY)
  await login.getByLabel('Hasło').fill('Demo1234')
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(login).toBeHidden()
}

async function upload(page: Page, name: string, data: Buffer) {
  await page.getByLabel('Plik XML albo ZIP (XML ze zdjęciami)').setInputFiles({ name, mimeType: 'application/zip', buffer: data })
  await page.getByRole('button', { name: 'Importuj plik' }).click()
  const card = page.getByRole('article', { name: `Import ${name}` }).first()
  // The run appears at once, queued or running, with its progress bar; then the report replaces it.
  await expect(card.getByRole('progressbar', { name: 'Postęp importu' })).toBeVisible()
  await expect(card.getByRole('definition').first()).toBeVisible({ timeout: 60_000 })
  return card
}

test('an agency uploads a ZIP feed → progress → report → its listings on its profile and in search; a second full file without one offer ends it', async ({ page }) => {
  test.setTimeout(180_000)
  const tag = `Feedowo${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page)
  // The account menu links Integracje for a company.
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Integracje' }).click()
  await expect(page).toHaveURL(/\/integracje$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Integracje' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Integracje' })).toHaveAttribute('aria-current', 'page')
  await hydrated(page)
  await expectNoSeriousA11yViolations(page, '/integracje')

  const first = await upload(page, 'oferty-1.zip', feed(tag, '2026-11-20 10:00:00', true))
  const report = first.locator('dl[aria-label="Raport importu"]')
  await expect(report).toContainText('Dodane2')
  await expect(report).toContainText('Odrzucone1')
  await expect(first.getByRole('row', { name: new RegExp(`${tag}-9`) })).toContainText('Nieznana kategoria „jachty” (dzial tab)')
  await expectNoSeriousA11yViolations(page, '/integracje with a report')

  // On the agency's public profile and in search.
  const me = await page.evaluate(async () => (await (await fetch('/api/user', { headers: { Accept: 'application/json' } })).json()) as { id: number })
  await page.goto(`/profil/${me.id}`)
  await expect(page.getByText(`Mieszkanie ${tag} pierwsze`).first()).toBeVisible()
  await expect(page.getByText(`Mieszkanie ${tag} drugie`).first()).toBeVisible()
  await page.goto(`/szukaj?phrase=${tag}`)
  await expect(page.getByText(`Mieszkanie ${tag} pierwsze`).first()).toBeVisible()
  await expect(page.getByText(`Mieszkanie ${tag} drugie`).first()).toBeVisible()

  // A later full file without the second offer ends it.
  await page.goto('/integracje')
  await hydrated(page)
  const second = await upload(page, 'oferty-2.zip', feed(tag, '2026-11-21 10:00:00', false))
  await expect(second.locator('dl[aria-label="Raport importu"]')).toContainText('Zakończone1')
  await expect(second.locator('dl[aria-label="Raport importu"]')).toContainText('Bez zmian1')
  await page.goto(`/szukaj?phrase=${tag}`)
  await expect(page.getByText(`Mieszkanie ${tag} pierwsze`).first()).toBeVisible()
  await expect(page.getByText(`Mieszkanie ${tag} drugie`)).toHaveCount(0)

  // Phones: the page fits 390 px and passes axe; the format page is public.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/account/Integrations')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Integracje' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoSeriousA11yViolations(page, '/integracje at 390 px')
  await page.goto('/integracje/format')
  await expect(page.getByRole('heading', { level: 1, name: 'Format pliku z ofertami' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'portal.xsd' })).toHaveAttribute('href', '/api/feeds/portal.xsd')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoSeriousA11yViolations(page, '/integracje/format at 390 px')
})

test('a private user has Integracje too (spec §2, decision 052): menu, tab and an import of their own listings, at 390 px', async ({ page }) => {
  test.setTimeout(120_000)
  const tag = `Prywatne${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
  await page.setViewportSize({ width: 390, height: 900 })
  await newUser(page, 'integracje')
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Integracje' }).click()
  await expect(page).toHaveURL(/\/integracje$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Integracje' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Integracje' })).toHaveAttribute('aria-current', 'page')
  await hydrated(page)
  const card = await upload(page, 'moje.zip', feed(tag, '2026-11-21 10:00:00', false))
  await expect(card.locator('dl[aria-label="Raport importu"]')).toContainText('Dodane1')
})

test('a guest asking for /integracje is sent away (guard on the server)', async ({ page }) => {
  await page.goto('/integracje')
  await expect(page).not.toHaveURL(/\/integracje$/)
})
