import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { linkIn, waitForMail } from './support/mail'

const AGENCY = 'biuro.nieruchomosci-kowalski-i-wspolnicy@example.com'

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Zaloguj się' }).click()
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await login.getByLabel('Email').fill(email)
  await login.getByLabel('Hasło').fill(password)
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(login).toBeHidden()
}

test('an agency invites an agent → mail over SMTP → the agent sets a password → adds a listing → on the agency profile and its "my listings"', async ({ browser, page }) => {
  test.setTimeout(150_000)
  const agentEmail = `agent.${Date.now()}@example.com`
  await logIn(page, AGENCY, 'Demo1234')
  // The menu rules of spec §6: a company sees 'Agenci' and the 'Moi agenci' tab.
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Agenci' }).click()
  await expect(page).toHaveURL(/\/agenci$/)
  await expect(page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Moi agenci' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Moi agenci' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/agenci')

  const form = page.getByRole('form', { name: 'Dodaj agenta' })
  await form.getByRole('button', { name: 'Wyślij zaproszenie' }).click()
  await expect(form.getByText('Podaj imię i nazwisko agenta')).toBeVisible()
  await form.getByLabel('Imię i nazwisko').fill('Ewa Testowa')
  await form.getByLabel('Email').fill(agentEmail)
  await form.getByLabel('Telefon (opcjonalnie)').fill('600 100 300')
  await form.getByRole('button', { name: 'Wyślij zaproszenie' }).click()
  await expect(page.getByText('Zaproszenie zostało wysłane na adres agenta')).toBeVisible()
  const row = page.locator('li', { hasText: agentEmail })
  await expect(row).toContainText('Nieaktywny')
  await row.getByRole('button', { name: 'Wyślij link ponownie' }).click()
  await expect(page.getByText('Na email agenta został wysłany link aktywacyjny')).toBeVisible()

  // The agent's mail, from the real SMTP listener: set a password.
  // Two mails: the invitation and the resent link; only the newest link works.
  const mail = await waitForMail(agentEmail, { subject: /zaproszenie do stworzenia konta/, count: 2 })
  const agentCtx = await browser.newContext({ locale: 'pl-PL' })
  const agent = await agentCtx.newPage()
  await agent.goto(linkIn(mail, '/ustaw-haslo'))
  await hydrated(agent)
  await agent.getByRole('textbox', { name: 'Nowe hasło' }).fill('Agent1234')
  await agent.getByRole('textbox', { name: 'Powtórz hasło' }).fill('Agent1234')
  await agent.getByRole('button', { name: 'Ustaw hasło' }).click()
  // A first password, not a changed one (issue 29).
  await expect(agent.getByRole('heading', { name: 'Hasło zostało ustawione' })).toBeVisible()
  await expect(agent.getByText('Twoje konto jest aktywne. Możesz się teraz zalogować swoim hasłem.')).toBeVisible()
  await logIn(agent, agentEmail, 'Agent1234')

  // The agent adds a listing (through the listings API, as the add form does after its steps).
  const created = await agent.evaluate(async () => {
    await fetch('/api/sanctum/csrf-cookie', { credentials: 'include' })
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!)
    const res = await fetch('/api/offers', {
      method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        title: 'Mieszkanie agentki Ewy na Mokotowie', category_id: 1, offer_type: 'sell', price: 72_000_000,
        description: 'Jasne mieszkanie z balkonem, blisko metra.', location: { lat: 52.1935, lon: 21.0346, name: 'Mokotów, Warszawa' },
        attributes: [{ id: 4, value: '48' }, { id: 11, value: '2' }],
      }),
    })
    return { status: res.status, body: await res.json() }
  })
  expect(created.status).toBe(201)
  await agent.goto(`/ogloszenia/${created.body.slug}`)
  await expect(agent.getByText('Agent: Ewa Testowa')).toBeVisible()

  // The agency sees it in 'Moje ogłoszenia' (filter by agent) and on its public profile.
  await page.goto('/moje-ogloszenia')
  await hydrated(page)
  await page.getByLabel('Agent').selectOption({ label: 'Ewa Testowa' })
  // Choosing submits the filter; a choice made before the page's handlers are attached (a busy CI machine) waits for
  // the form's own 'Szukaj', as it would for a person.
  const filter = page.getByRole('search').filter({ has: page.getByLabel('Agent') })
  await expect(async () => {
    if (!/agent_id=/.test(page.url())) await filter.getByRole('button', { name: 'Szukaj' }).click()
    await expect(page).toHaveURL(/agent_id=\d+/, { timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByRole('link', { name: 'Mieszkanie agentki Ewy na Mokotowie' })).toBeVisible()
  await expect(page.getByText('agent: Ewa Testowa')).toBeVisible()
  await page.goto(`/ogloszenia/${created.body.slug}`)
  await page.getByRole('link', { name: 'Nieruchomości Kowalski i Wspólnicy' }).first().click()
  await expect(page).toHaveURL(/\/profil\/\d+-nieruchomosci-kowalski/)
  await expect(page.getByRole('link', { name: /Ewa Testowa/ })).toBeVisible()
  await expect(page.locator('[data-listing-card]').first()).toBeVisible()
  await page.goto(`${new URL(page.url()).pathname}?sort=newest`)
  await expect(page.locator(`[data-listing-card="${created.body.slug}"]`)).toBeVisible()
  await agentCtx.close()
})

test("guard 'company': a private user never gets /agenci and sees no 'Agenci' entry", async ({ page }) => {
  await logIn(page, 'jan.kowalski@example.pl', 'Demo1234')
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await expect(page.getByRole('menuitem', { name: 'Moje ogłoszenia' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Agenci' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.goto('/agenci')
  await expect(page).toHaveURL(/\/$/)
})
