import { expect, hydrated, test } from './fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { newUser } from './support/accounts'

test('/agencje: search by city with the location autocomplete, open a profile with its agents and listings', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto('/agencje')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Znajdź agencję nieruchomości' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/agencje')
  const all = await page.locator('main article').count()
  expect(all).toBeGreaterThan(1)

  await page.getByRole('combobox', { name: 'Miejscowość' }).fill('Wrocł')
  await page.getByRole('option', { name: /^Wrocław/ }).first().click()
  await page.getByRole('search', { name: /agencje nieruchomości/ }).getByRole('button', { name: 'Szukaj', exact: true }).click()
  await expect(page).toHaveURL(/city=Wroc/)
  const cards = page.locator('main article')
  await expect(cards).not.toHaveCount(all)
  const n = await cards.count()
  expect(n).toBeGreaterThan(0)
  for (let i = 0; i < n; i++) await expect(cards.nth(i)).toContainText('Wrocław')
  await expect(cards.first()).toContainText(/\d+ ogłosze(nie|nia|ń)/)

  await cards.first().getByRole('link').click()
  await expect(page).toHaveURL(/\/profil\/\d+-[a-z0-9-]+$/)
  await expect(page.getByText('Agencja nieruchomości', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Nasi agenci/ })).toBeVisible()
  expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)).toMatchObject({ '@type': 'RealEstateAgent' })
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/profil\/\d+-/)
  await expectNoSeriousA11yViolations(page, 'profile')

  // The listing filters of /szukaj: offer type and sort, as a shareable URL.
  await hydrated(page)
  await page.getByLabel('Rodzaj').selectOption('wynajem')
  await page.getByLabel('Sortuj').selectOption('price_asc')
  await page.getByRole('button', { name: 'Filtruj' }).click()
  await expect(page).toHaveURL(/typ=wynajem/)
  await expect(page.getByText(/^Pasujące: /)).toBeVisible()

  // An agent's profile names the company.
  await page.getByRole('heading', { name: /Nasi agenci/ }).scrollIntoViewIfNeeded()
  await page.locator('section[aria-labelledby="agents-heading"] a').first().click()
  await expect(page.getByText('Agent w firmie')).toBeVisible()
})

test('/profil/{id} redirects to the address with the slug; developers at /deweloperzy; phones at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/deweloperzy')
  await expect(page.getByRole('heading', { level: 1, name: 'Znajdź dewelopera' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/deweloperzy')
  const href = await page.locator('main article a').first().getAttribute('href')
  const id = /\/profil\/(\d+)-/.exec(href!)![1]
  await page.goto(`/profil/${id}`)
  await expect(page).toHaveURL(new RegExp(`/profil/${id}-[a-z0-9-]+$`))
  // The profile's own heading says what it is (its listing cards below say who advertises each, too).
  await expect(page.getByRole('region', { name: /./ }).filter({ has: page.getByRole('heading', { level: 1 }) }).getByText('Deweloper', { exact: true })).toBeVisible()
  await page.goto('/agencje?type=agents')
  await expect(page.getByRole('heading', { level: 1, name: 'Znajdź agenta nieruchomości' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'agents directory')
})

test('follow an agency from its profile (heart "Obserwuj") → /ulubione Obserwowani links back to the profile; 390 and 1280 px; a guest is asked to sign in', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await newUser(page, 'obserwuje')
  await page.goto('/agencje')
  const profilePath = (await page.locator('main article a').first().getAttribute('href'))!
  await page.goto(profilePath)
  await hydrated(page)
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  const follow = page.getByRole('main').getByRole('button', { name: 'Obserwuj', exact: true })
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  await follow.click()
  await expect(page.getByText('Dodano do obserwowanych')).toBeVisible()
  const following = page.getByRole('main').getByRole('button', { name: 'Obserwujesz', exact: true })
  await expect(following).toHaveAttribute('aria-pressed', 'true')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expect(following).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath(`profile-follow-${width}.png`) })
    await expectNoSeriousA11yViolations(page, `profile ${width} px`)
  }

  // Obserwowani: the agency's name links to its canonical profile, which shows it followed after a reload.
  await page.goto('/ulubione?tab=obserwowani')
  await hydrated(page)
  const list = page.getByRole('list', { name: 'Obserwowani' })
  const link = list.getByRole('link', { name, exact: true })
  await expect(link).toHaveAttribute('href', profilePath)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`followed-users-${width}.png`) })
    await expectNoSeriousA11yViolations(page, `/ulubione Obserwowani ${width} px`)
  }
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`))
  await hydrated(page)
  await expect(page.getByRole('main').getByRole('button', { name: 'Obserwujesz', exact: true })).toHaveAttribute('aria-pressed', 'true')
  // One more press unfollows.
  await page.getByRole('main').getByRole('button', { name: 'Obserwujesz', exact: true }).click()
  await expect(page.getByText('Usunięto z obserwowanych')).toBeVisible()
  await expect(follow).toHaveAttribute('aria-pressed', 'false')

  // A guest sees the heart too and is asked to sign in first.
  const guestCtx = await browser.newContext({ locale: 'pl-PL' })
  const guest = await guestCtx.newPage()
  await guest.goto(profilePath)
  await hydrated(guest)
  await guest.getByRole('main').getByRole('button', { name: 'Obserwuj', exact: true }).click()
  await expect(guest.getByRole('dialog', { name: 'Zaloguj się' })).toBeVisible()
  await guestCtx.close()
})
