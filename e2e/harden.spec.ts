import AxeBuilder from '@axe-core/playwright'
import { expect, hydrated, test } from './fixtures'

test('pages run under a CSP without \'unsafe-inline\' scripts: every inline script carries the nonce, the page hydrates', async ({ page, request }) => {
  const res = await request.get('/')
  const csp = res.headers()['content-security-policy']!
  const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!
  expect(scriptSrc).not.toContain('unsafe-inline')
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!
  const html = await res.text()
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
    .filter((m) => !/type="application\/ld\+json"/.test(m[1]!))
  expect(inline.length).toBeGreaterThan(0)
  for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`)

  const violations: string[] = []
  page.on('console', (msg) => { if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text()) })
  await page.goto('/')
  await hydrated(page)
  // A client-side navigation works (the router's scripts ran).
  await page.getByRole('link', { name: 'Kraków', exact: true }).first().click()
  await expect(page).toHaveURL(/krakow/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Krak/)
  expect(violations).toEqual([])
})

test('unsafe methods on site paths answer 405 quietly with Allow: GET, HEAD', async ({ request }) => {
  for (const method of ['post', 'put', 'patch', 'delete'] as const) {
    const res = await request[method]('/szukaj', { form: { a: '1' } })
    expect(res.status(), method).toBe(405)
    expect(res.headers().allow).toBe('GET, HEAD')
  }
})

for (const width of [390, 1280]) {
  test(`listing page key facts pass axe's definition-list rules at ${width} px`, async ({ page, request }) => {
    const list = await (await request.get('/api/offers?limit=1')).json()
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/ogloszenia/${list.data[0].slug}`)
    await hydrated(page)
    await expect(page.locator('dl[aria-label="Najważniejsze informacje"]')).toBeVisible()
    const result = await new AxeBuilder({ page }).withRules(['definition-list', 'dlitem']).analyze()
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
}
