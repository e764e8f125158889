import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expect, hydrated, test } from './fixtures'
import { uniqueEmail } from './support/accounts'
import { linkIn, waitForMail } from './support/mail'

// Issue 13: the admin area's CMS, settings and dashboard through the screens. Every test works on content it
// creates itself (a token in its texts), so parallel specs reading the seeded FAQ and blog are not affected.
const ADMIN = 'admin@example.pl'
const PASSWORD = 'Demo1234'

async function xsrf(request: APIRequestContext) {
  const state = await request.storageState()
  return decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
}

async function logIn(page: Page, email: string) {
  await page.request.get('/api/sanctum/csrf-cookie')
  const res = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD }, headers: { 'X-XSRF-TOKEN': await xsrf(page.request) } })
  expect(res.status()).toBe(200)
}

const token = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

// The FAQ tests change the list of groups (a move sends the whole order): never two at once.
test.describe('the FAQ in the CMS', () => {
  test.describe.configure({ lock: 'faq-groups' })

  for (const width of [390, 1280]) {
    test(`an admin edits an FAQ entry with Markdown and /faq shows it at once (${width} px)`, async ({ page }) => {
      test.setTimeout(90_000)
      await page.setViewportSize({ width, height: 900 })
      await logIn(page, ADMIN)
      const t = token()
      const headers = { 'X-XSRF-TOKEN': await xsrf(page.request) }
      const group = await (await page.request.post('/api/admin/faq/groups', { headers, data: { title: `Pytania testowe ${t}` } })).json() as { id: number }
      const entry = await page.request.post('/api/admin/faq/entries', { headers, data: { group_id: group.id, question: `Czy to działa ${t}?`, answer: 'Jeszcze nie.', status: 'published' } })
      expect(entry.status()).toBe(201)
      const entryId = ((await entry.json()) as { id: number }).id

      await page.goto('/admin/faq')
      await hydrated(page)
      await page.getByRole('button', { name: `Edytuj pytanie: Czy to działa ${t}?` }).click()
      await page.getByLabel('Pytanie', { exact: true }).fill(`Czy edycja działa ${t}?`)
      await page.getByLabel('Odpowiedź').fill(`Tak, **od razu** po zapisaniu.\n\n- punkt ${t}\n\n<script>alert(1)</script>`)
      // The live preview is the server's rendering: bold text, a list, the script tag shown as text.
      const preview = page.getByTestId('markdown-preview')
      await expect(preview.locator('strong')).toHaveText('od razu')
      await expect(preview.locator('li')).toHaveText(`punkt ${t}`)
      await expect(preview).toContainText('<script>alert(1)</script>')
      await expectNoSeriousA11yViolations(page, `/admin/faq editing at ${width}px`)
      await page.screenshot({ path: `test-results/admin-faq-${width}.png`, fullPage: false })
      await page.getByRole('button', { name: 'Zapisz pytanie' }).click()
      await expect(page.getByText('Zapisano pytanie.')).toBeVisible()

      await page.goto('/faq')
      await hydrated(page)
      const q = page.locator('summary[data-faq]', { hasText: `Czy edycja działa ${t}?` })
      await q.click()
      const answer = page.locator('details', { has: q })
      await expect(answer.locator('strong')).toHaveText('od razu')
      await expect(answer).toContainText('<script>alert(1)</script>')
      await expectNoSeriousA11yViolations(page, `/faq at ${width}px`)

      // The change is in the audit log with before and after.
      await page.goto(`/admin/dziennik?target_type=faq_entry&target_id=${entryId}`)
      await expect(page.locator('[data-audit="content.update"]')).toContainText(`Czy edycja działa ${t}?`)
    })
  }

  test('an admin renames a group and puts groups and questions in order; /faq follows (390 px)', async ({ page, browser, consoleErrors }) => {
    test.setTimeout(90_000)
    // The two refusals below: the browser logs each 422.
    consoleErrors.allow({ text: /status of 422/, url: /\/api\/admin\/faq\/groups\/\d+$/ })
    consoleErrors.allow({ text: /status of 422/, url: /\/api\/admin\/faq\/order$/ })
    await page.setViewportSize({ width: 390, height: 900 })
    await logIn(page, ADMIN)
    const t = token()
    const headers = { 'X-XSRF-TOKEN': await xsrf(page.request) }
    const group = async (title: string, questions: string[]) => {
      const g = await (await page.request.post('/api/admin/faq/groups', { headers, data: { title } })).json() as { id: number }
      for (const question of questions) {
        expect((await page.request.post('/api/admin/faq/entries', { headers, data: { group_id: g.id, question, answer: 'Tak.', status: 'published' } })).status()).toBe(201)
      }
    }
    const [x, y, q1, q2] = [`Grupa X ${t}`, `Grupa Y ${t}`, `Pierwsze ${t}?`, `Drugie ${t}?`]
    await group(x, [q1, q2])
    await group(y, [`Trzecie ${t}?`])

    await page.goto('/admin/faq')
    await hydrated(page)
    const headings = () => page.getByRole('heading', { level: 2 }).allTextContents()
    expect((await headings()).filter((h) => h.endsWith(t))).toEqual([x, y])
    await page.getByRole('button', { name: `Przesuń wyżej: ${y}` }).click()
    await expect(page.getByText('Zmieniono kolejność grup.')).toBeVisible()
    await expect.poll(async () => (await headings()).filter((h) => h.endsWith(t))).toEqual([y, x])
    await expect(page.getByRole('button', { name: `Przesuń wyżej: ${y}` })).toBeFocused()

    // From the keyboard: the focus stays with the question; at the end of the list on the button still enabled.
    await page.getByRole('button', { name: `Przesuń niżej: ${q1}` }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Zmieniono kolejność pytań.')).toBeVisible()
    const inX = async () => (await page.locator('[data-faq-entry]').allTextContents()).map((q) => [q1, q2].find((w) => q.startsWith(w))).filter(Boolean)
    await expect.poll(inX).toEqual([q2, q1])
    await expect(page.getByRole('button', { name: `Przesuń niżej: ${q1}` })).toBeDisabled()
    await expect(page.getByRole('button', { name: `Przesuń wyżej: ${q1}` })).toBeFocused()

    // Renaming: empty is refused in Polish; the new name keeps the group's place.
    await page.getByRole('button', { name: `Zmień nazwę grupy: ${x}` }).click()
    const name = page.getByLabel('Nazwa grupy')
    await name.fill('')
    await page.getByRole('button', { name: 'Zapisz nazwę' }).click()
    await expect(page.getByText('Tytuł jest wymagany.')).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    const z = `Grupa Z ${t}`
    await name.fill(z)
    await expectNoSeriousA11yViolations(page, '/admin/faq renaming a group at 390px')
    await page.getByRole('button', { name: 'Zapisz nazwę' }).click()
    await expect(page.getByText('Zmieniono nazwę grupy.')).toBeVisible()
    await expect.poll(async () => (await headings()).filter((h) => h.endsWith(t))).toEqual([y, z])
    await page.screenshot({ path: 'test-results/admin-faq-order-390.png', fullPage: false })

    // A group added in another tab meanwhile: the move is refused with the reason and the list is fresh again.
    const other = await browser.newContext()
    try {
      await logIn(await other.newPage(), ADMIN)
      const otherHeaders = { 'X-XSRF-TOKEN': await xsrf(other.request) }
      expect((await other.request.post('/api/admin/faq/groups', { headers: otherHeaders, data: { title: `Grupa W ${t}` } })).status()).toBe(201)
    } finally {
      await other.close()
    }
    await page.getByRole('button', { name: `Przesuń niżej: ${y}` }).click()
    await expect(page.getByText('Kolejność musi wymieniać każdą grupę pytań dokładnie raz.')).toBeVisible()
    await expect.poll(async () => (await headings()).filter((h) => h.endsWith(t))).toEqual([y, z, `Grupa W ${t}`])

    await page.goto('/faq')
    await hydrated(page)
    const sections = page.locator('section[aria-labelledby^="faq-"]').filter({ hasText: t })
    await expect(sections.locator('h2')).toHaveText([y, z])
    await expect(sections.nth(1).locator('summary[data-faq]')).toHaveText([q2, q1])
  })
})

/** A 64×48 pink PNG: the photo pipeline re-encodes it like any upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1uYiLqxlLoY8/sAAOha+nia6AQuoviK7UO8S3YAFVF+RXah3iW7AAqqvyC7Uu0Q3YAHVV2QX6l2iG7CA6iuyC/Uu0Q1YQPUV2YV6l+gGLKD6iuxCvUt0AxZQfUV2od4lugELqL4iu1DvEt2AxwN+scmtAFIduTYAAAAASUVORK5CYII=', 'base64')

test('an admin writes a blog post in Markdown with a preview and a photo; published, it is first on /blog', async ({ page }) => {
  test.setTimeout(90_000)
  await logIn(page, ADMIN)
  const t = token()
  const title = `Jak czytać księgę wieczystą ${t}`
  await page.goto('/admin/blog/nowy')
  await hydrated(page)
  await page.getByLabel('Tytuł').fill(title)
  await page.getByLabel('Wstęp').fill('Cztery działy księgi i na co patrzeć przed zakupem.')
  await page.getByLabel('Status').selectOption('published')
  await page.getByLabel('Treść').fill(`## Dział III\n\nTu są **służebności** i [inne prawa](https://ekw.ms.gov.pl).\n\n- hipoteka ${t}`)
  const preview = page.getByTestId('markdown-preview')
  await expect(preview.getByRole('heading', { level: 2, name: 'Dział III' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('służebności')
  // A photo for the body goes through the photo pipeline and its Markdown lands in the text (and the preview).
  await page.getByTestId('body-photo').setInputFiles({ name: 'ksiega.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByText('Dodano zdjęcie do treści.')).toBeVisible()
  await expect(page.getByLabel('Treść')).toHaveValue(/!\[.*\]\(\/uploads\/blog\/[\w-]+\/lg\.webp\)/)
  await expect(preview.locator('img[src^="/uploads/blog/"]')).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoSeriousA11yViolations(page, `/admin/blog/nowy at ${width}px`)
    await page.screenshot({ path: `test-results/admin-blog-${width}.png` })
  }
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(page.getByText('Zapisano i opublikowano wpis.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/)

  await page.goto('/blog')
  const first = page.locator('[data-blog-card]').first()
  await expect(first).toContainText(title)
  await first.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Dział III' })).toBeVisible()
  await expect(page.locator('article strong, main strong').filter({ hasText: 'służebności' }).first()).toBeVisible()
  await expect(page.locator('img[src^="/uploads/blog/"][src$="/lg.webp"]').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'inne prawa' })).toHaveAttribute('rel', 'nofollow noopener noreferrer')
  await expectNoSeriousA11yViolations(page, 'the new article')
})

test('an admin changes an add-on price (net and VAT shown) and /promocje uses it at once; a moderator cannot', async ({ page }) => {
  test.setTimeout(90_000)
  await logIn(page, ADMIN)
  await page.goto('/admin/ustawienia')
  await hydrated(page)
  const row = page.locator('[data-price-row="addon:raise_10"]')
  const input = row.getByLabel(/Cena brutto/)
  const before = await input.inputValue()
  await input.fill('12,30')
  await expect(row).toContainText(/10,00\s*zł/)
  await expect(row).toContainText(/2,30\s*zł/)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoSeriousA11yViolations(page, `/admin/ustawienia at ${width}px`)
    await page.screenshot({ path: `test-results/admin-settings-${width}.png` })
  }
  await page.getByRole('button', { name: 'Zapisz cennik' }).click()
  await expect(page.getByText('Zapisano cennik. Nowe ceny obowiązują od teraz.')).toBeVisible()
  await page.goto('/promocje')
  await expect(page.locator('section[aria-labelledby="promo-addons"]')).toContainText('12,30')
  // Back to the price the other specs expect.
  const headers = { 'X-XSRF-TOKEN': await xsrf(page.request) }
  const grosze = Math.round(Number(before.replace(',', '.')) * 100)
  expect((await page.request.put('/api/admin/prices', { headers, data: { addons: [{ key: 'raise_10', price: grosze }] } })).status()).toBe(200)
})

test('the dashboard charts render at 390 and 1280 px, revenue in zł among them', async ({ page }) => {
  test.setTimeout(90_000)
  await logIn(page, ADMIN)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const days = width === 390 ? 30 : 90
    await page.goto(days === 30 ? '/admin' : '/admin?dni=90')
    await hydrated(page)
    await expect(page.locator('figure[data-chart] svg.recharts-surface')).toHaveCount(6)
    await expect(page.locator('figure[data-chart^="Przychód"] figcaption')).toHaveText(new RegExp(`^Przychód: \\d[\\d\\s\u00a0]*,\\d\\d\\s?zł w ${days} dni$`))
    await expect(page.locator('figure[data-chart^="Przychód"] svg.recharts-surface')).toBeVisible()
    await expectNoSeriousA11yViolations(page, `/admin at ${width}px`)
    await page.screenshot({ path: `test-results/admin-dashboard-${width}.png`, fullPage: true })
  }
})

test('an admin writes a newsletter campaign draft with a preview (sending is covered by the API tests)', async ({ page }) => {
  test.setTimeout(90_000)
  await logIn(page, ADMIN)
  const t = token()
  await page.goto('/admin/newsletter')
  await hydrated(page)
  await page.getByRole('button', { name: 'Nowa kampania' }).click()
  await page.getByLabel('Temat wiadomości').fill(`Nowości ${t}`)
  await page.getByLabel('Treść').fill('## Wiosna\n\nNowe **mieszkania** w Krakowie.')
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('mieszkania')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoSeriousA11yViolations(page, `/admin/newsletter at ${width}px`)
  }
  await page.getByRole('button', { name: 'Zapisz szkic' }).click()
  await expect(page.getByText('Zapisano szkic kampanii.')).toBeVisible()
  await expect(page.locator('[data-campaign]', { hasText: `Nowości ${t}` })).toContainText('Szkic')
})

test('an admin adds a static page in Markdown; it is served at /strony/{id} as sanitised HTML', async ({ page }) => {
  test.setTimeout(90_000)
  await logIn(page, ADMIN)
  const t = token()
  await page.goto('/admin/strony')
  await hydrated(page)
  await page.getByRole('button', { name: 'Nowa strona' }).click()
  await page.getByLabel('Tytuł').fill(`Poradnik sprzedającego ${t}`)
  await page.getByLabel('Treść').fill('## Krok 1\n\nZrób **zdjęcia** w dzień. <img src=x onerror=alert(1)>')
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('zdjęcia')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoSeriousA11yViolations(page, `/admin/strony at ${width}px`)
  }
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(page.getByText('Zapisano stronę.')).toBeVisible()
  // The new page is in the footer at once, too.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: `Poradnik sprzedającego ${t}` })).toBeVisible()
  await page.locator('#main').getByRole('link', { name: `Poradnik sprzedającego ${t}` }).click()
  await expect(page).toHaveURL(/\/strony\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: `Poradnik sprzedającego ${t}` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Krok 1' })).toBeVisible()
  await expect(page.locator('article')).toContainText('<img src=x onerror=alert(1)>')
  await expect(page.locator('article img')).toHaveCount(0)
})

test('a campaign goes to a confirmed subscriber through the job queue with the one-click unsubscribe link', async ({ page }) => {
  test.setTimeout(120_000)
  // A confirmed subscriber of our own.
  const email = uniqueEmail('kampania')
  await page.request.get('/api/sanctum/csrf-cookie')
  const signUp = await page.request.post('/api/newsletter', { data: { email }, headers: { 'X-XSRF-TOKEN': await xsrf(page.request) } })
  expect(signUp.status()).toBe(204)
  await page.goto(linkIn(await waitForMail(email, { subject: /Potwierdź zapis do newslettera/ }), '/potwierdz-newsletter'))
  await expect(page.getByRole('status')).toHaveText('Gratulujemy. Twój newsletter jest aktywny')

  await logIn(page, ADMIN)
  const t = token()
  await page.goto('/admin/newsletter')
  await hydrated(page)
  await page.getByRole('button', { name: 'Nowa kampania' }).click()
  await page.getByLabel('Temat wiadomości').fill(`Wiosenne okazje ${t}`)
  await page.getByLabel('Treść').fill('## Nowe oferty\n\nZobacz [wyszukiwarkę](/szukaj).')
  await page.getByRole('button', { name: 'Zapisz szkic' }).click()
  await expect(page.getByText('Zapisano szkic kampanii.')).toBeVisible()
  const card = page.locator('[data-campaign]', { hasText: `Wiosenne okazje ${t}` })
  page.once('dialog', (d) => void d.accept())
  await card.getByRole('button', { name: 'Wyślij' }).click()
  await expect(page.getByText('Rozpoczęto wysyłkę.')).toBeVisible()
  // The screen refreshes itself while sending; the campaign ends as sent with every mail counted.
  await expect(card).toContainText('Wysłana', { timeout: 60_000 })
  await expect(card.locator('[data-campaign-progress]')).toHaveText(/^Wysłano (\d+) z \1$/)

  const mail = await waitForMail(email, { subject: new RegExp(`Wiosenne okazje ${t}`), timeout: 30_000 })
  expect(mail.html).toContain('<h2>Nowe oferty</h2>')
  expect(mail.html).toMatch(/href="https?:\/\/[^"]+\/szukaj"/)
  const unsubscribe = linkIn(mail, '/wypisz')
  await page.goto(unsubscribe)
  await expect(page.getByText('Wypisano Cię z newslettera.', { exact: false })).toBeVisible()
})
