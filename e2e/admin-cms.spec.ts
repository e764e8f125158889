import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expect, hydrated, test } from './fixtures'

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

for (const width of [390, 1280]) {
  test(`an admin edits an FAQ entry with Markdown and /faq shows it at once (${width} px)`, async ({ page }) => {
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
