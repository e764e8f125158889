import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

/**
 * Decision 099: a signed-in visitor gets the page everybody gets when the server's page cache holds it (the response
 * says `X-Cache: shared`), and their browser loads their own part after it: the account menu with their name, their
 * favourites' hearts pressed, an owner's 'Edytuj ogłoszenie' bar on their own listing.
 */
async function demoLogin(page: Page, email: string) {
  await page.request.get('/api/sanctum/csrf-cookie')
  const xsrf = (await page.context().storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const res = await page.request.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' }, data: { email, password: 'Demo1234' } })
  expect(res.status()).toBe(200)
  const { name } = await res.json() as { name: string }
  // The login rotates the session and its token.
  return { name, xsrf: decodeURIComponent((await page.context().storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) }
}

/**
 * Visits as nobody until the server answers from a copy made in the last few seconds (a page rendered right after a
 * change is not kept; home's copies live 15 s), so the signed-in visit right after gets that same copy.
 */
async function warm(page: Page, url: string) {
  await expect.poll(async () => {
    const h = (await page.request.get(url)).headers()
    return h['x-cache'] === 'hit' && Number(h.age) <= 4
  }, { timeout: 30_000 }).toBe(true)
}

// Two people, so the two widths running at once never share a favourite.
for (const [width, email] of [[1280, 'jan.kowalski@example.pl'], [390, 'moderator@example.pl']] as const) {
  test(`${width}: a signed-in visitor on a page from the shared cache sees their name and their hearts`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 })
    const anon = await (await browser.newContext()).newPage()
    const { name, xsrf } = await demoLogin(page, email)
    await warm(anon, '/')
    // A listing on that copy of the home page becomes the visitor's favourite (through the API, as the heart does).
    await anon.goto('/')
    const href = await anon.locator('article a[href^="/ogloszenia/"]').first().getAttribute('href')
    const fav = await (await page.request.get(`/api${href!.replace('/ogloszenia/', '/offers/')}`)).json() as { id: number; title: string }
    const added = await page.request.post('/api/favorites', { headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' }, data: { offer_id: fav.id } })
    expect([200, 201]).toContain(added.status())
    const res = await page.goto('/')
    expect(res!.headers()['x-cache']).toBe('shared')
    // The same bytes as anybody's: no name in the HTML the server sent.
    expect(await res!.text()).not.toContain(name)
    await hydrated(page)
    await expect(page.getByRole('button', { name: `Moje konto: ${name}` })).toBeVisible()
    const heart = page.locator('article').filter({ hasText: fav.title }).getByRole('button', { name: 'Dodaj do ulubionych' }).first()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    // Still signed in on the next page (the browser's copy of the login was not cleared on the way).
    await page.goto('/szukaj')
    await hydrated(page)
    await expect(page.getByRole('button', { name: `Moje konto: ${name}` })).toBeVisible()
    await page.request.delete(`/api/favorites/${fav.id}`, { headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' } })
    await anon.context().close()
  })
}

// Decision 102: the listing's own data is not loaded again; its per-visitor part comes from /api/offers/:id/viewer.
for (const width of [1280, 390] as const) {
  test(`${width}: an owner opening their own listing from the shared cache gets the 'Edytuj ogłoszenie' bar; a guest asks nothing more`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 })
    const anon = await (await browser.newContext()).newPage()
    await anon.setViewportSize({ width, height: 900 })
    const { xsrf } = await demoLogin(page, 'biuro.nieruchomosci-kowalski-i-wspolnicy@example.com')
    const mine = await (await page.request.get('/api/user/offers?status=active', { headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' } })).json() as { data: { id: number; slug: string }[] }
    // One listing per width: a copy another test stored minutes ago is older than warm() waits for.
    const listing = mine.data[width === 1280 ? 0 : 1]!
    const url = `/ogloszenia/${listing.slug}`
    const asked = (p: Page) => {
      const urls: string[] = []
      p.on('request', (r) => { if (/\.data(\?|$)|\/viewer$/.test(r.url())) urls.push(new URL(r.url()).pathname + new URL(r.url()).search) })
      return urls
    }
    const owner = asked(page)
    await warm(anon, url)
    const res = await page.goto(url)
    expect(res!.headers()['x-cache']).toBe('shared')
    await hydrated(page)
    await expect(page.getByRole('link', { name: 'Edytuj ogłoszenie' })).toBeVisible()
    await expect(page.getByText('To Twoje ogłoszenie')).toBeVisible()
    // Root's reload (user, favourites) and the listing's viewer call; the listing's loader is not run again.
    await expect.poll(() => owner.length).toBe(2)
    expect(owner.sort()).toEqual([`${url}.data?_routes=root`, `/api/offers/${listing.id}/viewer`].sort())
    // A guest gets the same page and makes no call for a part of their own.
    const guest = asked(anon)
    expect((await anon.goto(url))!.headers()['x-cache']).toBe('hit')
    await hydrated(anon)
    await expect(anon.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(anon.getByRole('link', { name: 'Edytuj ogłoszenie' })).toHaveCount(0)
    await anon.waitForTimeout(500)
    expect(guest).toEqual([])
    await anon.context().close()
  })
}

// A signed-in visitor's contact form on a shared listing page: their name and e-mail fill it once they are known,
// as on a page rendered for them, and the message goes at once (not a guest's e-mail confirmation).
for (const [width, email] of [[1280, 'sprzedaz.wislane-tarasy-development@example.pl'], [390, 'jan.kowalski@example.pl']] as const) {
  test(`${width}: a signed-in visitor's message form on a shared listing page is filled with their name and e-mail`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 })
    const anon = await (await browser.newContext()).newPage()
    const { name } = await demoLogin(page, email)
    // Demo listings a few pages back: the newest are the ones other tests are creating and changing right now (a changed
    // listing's page leaves the cache, so warm() would wait for a copy that keeps being dropped).
    const offers = await (await page.request.get('/api/offers?limit=24&page=4', { headers: { Accept: 'application/json' } })).json() as { data: { id: number; slug: string }[] }
    let slug = ''
    for (const o of offers.data.slice(width === 1280 ? 0 : 12)) {
      const v = await (await page.request.get(`/api/offers/${o.id}/viewer`, { headers: { Accept: 'application/json' } })).json() as { is_owner?: boolean }
      if (v.is_owner === false) { slug = o.slug; break }
    }
    const url = `/ogloszenia/${slug}`
    await warm(anon, url)
    const res = await page.goto(url)
    expect(res!.headers()['x-cache']).toBe('shared')
    await hydrated(page)
    const form = page.getByRole('form', { name: 'Napisz wiadomość' })
    await expect(form.getByLabel('Email')).toHaveValue(email)
    await expect(form.getByLabel('Imię')).toHaveValue(name)
    await form.getByRole('button', { name: 'Wyślij wiadomość' }).click()
    await expect(form.getByText(/Wiadomość wysłana/)).toBeVisible()
    await anon.context().close()
  })
}
