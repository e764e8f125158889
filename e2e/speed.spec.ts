import { gzipSync } from 'node:zlib'
import { loadedScripts } from '../bench/page-weight-scripts.ts'
import { expect, hydrated, test } from './fixtures'

// Issue 16: compression, price steps per offer type, the fourth checkbox, promoted slots, the offline base map and
// the results map beside the list on wide screens.

test('HTML and the client JS go out compressed (br, else gzip)', async ({ request }) => {
  const html = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } })
  expect(html.status()).toBe(200)
  expect(html.headers()['content-encoding']).toBe('br')
  expect(html.headers()['content-type']).toContain('text/html')
  const gz = await request.get('/szukaj', { headers: { 'accept-encoding': 'gzip' } })
  expect(gz.headers()['content-encoding']).toBe('gzip')
  // A client module the page loads (modulepreload links and the inline module script name them).
  const script = /\/assets\/[\w.-]+\.js/.exec(await html.text())?.[0]
  expect(script).toBeTruthy()
  const js = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(js.headers()['content-encoding']).toBe('br')
  expect(js.headers()['cache-control']).toContain('immutable')
})

test('a browser gets a page the cache has not seen as zstd, then the stored br copy (decision 113)', async ({ page }) => {
  const url = `/szukaj?miasto=krakow&e2e-zstd=${Date.now()}`
  const first = await page.goto(url)
  expect(first!.status()).toBe(200)
  // Debian's Chromium names zstd (as Chromium 123+ and Firefox 126+ do): the page rendered for it goes out as zstd.
  expect(await first!.request().headerValue('accept-encoding')).toMatch(/zstd/)
  expect(first!.headers()['content-encoding']).toBe('zstd')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The next visits are hits: the first makes the quality 6 br copy, which the ones after it get.
  await page.goto(url)
  await expect.poll(async () => (await page.goto(url))!.headers()['content-encoding']).toBe('br')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('sale searches get sale price steps and take a typed amount; rent keeps §9', async ({ page }) => {
  await page.goto('/szukaj?typ=sprzedaz')
  await hydrated(page)
  const filters = page.getByRole('form', { name: 'Filtry wyszukiwania' })
  const suggestions = (label: string) => filters.getByLabel(label).evaluate((el) =>
    [...((el as HTMLInputElement).list?.options ?? [])].map((o) => Number(o.value)))
  expect(await suggestions('Cena do')).toContain(5_000_000)
  expect(Math.min(...await suggestions('Cena od'))).toBeGreaterThanOrEqual(50_000)
  await filters.getByLabel('Cena od').fill('1 250 000')
  await expect(filters.getByLabel('Cena od')).toHaveValue('1250000')
  await filters.getByRole('button', { name: 'Szukaj' }).click()
  await expect(page).toHaveURL(/cena%5Bmin%5D=1250000|cena\[min\]=1250000/)
  await page.goto('/szukaj?typ=wynajem')
  await hydrated(page)
  expect(Math.max(...await suggestions('Cena do'))).toBe(20_000)
})

test("the Wyszukiwanie modal shows all four §2 checkboxes when no offer type is chosen", async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Wyszukiwanie zaawansowane' }).click()
  const dialog = page.getByRole('dialog', { name: 'Wyszukiwanie' })
  for (const name of ['Do negocjacji', 'Na raty', 'Pilnie', 'Okazja']) await expect(dialog.getByRole('checkbox', { name })).toBeVisible()
  await dialog.getByRole('group', { name: 'Typ oferty' }).getByText('Zamiana', { exact: true }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Do negocjacji' })).toHaveCount(0)
})

test('at most 3 promoted cards per results page, at the top', async ({ page }) => {
  await page.goto('/nieruchomosci/mieszkanie/sprzedaz')
  const cards = page.locator('article[data-listing-card]')
  await expect(cards.first()).toBeVisible()
  const promoted = await cards.evaluateAll((els) => els.map((e) => e.textContent?.includes('Wyróżnione') ?? false))
  expect(promoted.filter(Boolean).length).toBeLessThanOrEqual(3)
  // Marked ones come first.
  expect(promoted.indexOf(false) === -1 || promoted.slice(promoted.indexOf(false)).every((p) => !p)).toBe(true)
})

test('maps draw the offline base map (Poland, voivodeships, cities) where there are no tiles', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/nieruchomosci/mieszkanie/sprzedaz?widok=mapa')
  await hydrated(page)
  const map = page.locator('[data-map-state="ready"]')
  await expect(map).toBeVisible()
  await expect(map).toHaveAttribute('data-basemap-drawn', 'true')
  // Poland's outline and the voivodeship borders are SVG paths with real geometry.
  const paths = map.locator('.leaflet-basemap-pane path')
  expect(await paths.count()).toBeGreaterThanOrEqual(2)
  const drawn = await paths.evaluateAll((els) => els.map((e) => (e as SVGPathElement).getTotalLength()))
  expect(Math.max(...drawn)).toBeGreaterThan(200)
  await expect(map.locator('.map-region', { hasText: 'mazowieckie' })).toHaveCount(1)
  await expect(map.locator('.map-city', { hasText: 'Kraków' })).toHaveCount(1)
  // Wide screen: the list stays beside the map.
  await expect(page.getByRole('list', { name: 'Lista wyników obok mapy' }).locator('article[data-listing-card]').first()).toBeVisible()
  const [list, canvas] = await Promise.all([
    page.getByRole('list', { name: 'Lista wyników obok mapy' }).boundingBox(), map.boundingBox(),
  ])
  expect(canvas!.x).toBeGreaterThan(list!.x + list!.width - 1)
})

test('on a phone the map view is the map alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/nieruchomosci/mieszkanie/sprzedaz?widok=mapa')
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Lista wyników obok mapy' })).toBeHidden()
})

// First-paint JavaScript per page (issue 16): the modules the server-rendered HTML loads (its modulepreload links and
// the inline module script's imports; not the other routes' files React Router's route manifest names), gzip level 9
// as bench/page-weight.ts measures it (decision 034). Overlays, dialogs,
// forms and zod load on demand, the listing page has no react-aria at first paint (decision 032); a budget just above
// the figures reached (bench/README.md, 'First-paint JavaScript') catches a static import that drags them back.
// /szukaj: 149.0 KB since the favourites provider keeps the page's own changes over an older set (c638ec8, +0.13 KB).
// Home: 131.0 KB since fields keep what was typed before hydration (early-press.tsx's useKeepEarlyInput, ~+0.4 KB).
// /szukaj: 152.5 KB with issue 25's filters at first paint (the radius select, the one-click 'Tylko prywatne' chip, the
// live count on the panel's search button: e52944f..fe206c3, +3.5 KB); the extended modal's new fields load on demand.
// Listing: 138.2 KB with issue 28's 'Umów oglądanie' button (its dialog and texts load on demand; the label alone is
// at first paint: 139.4 KB before it was split from plain/viewings). 138.50–138.51 KB on 2026-11-28 after the button
// learnt investments' weekly visits (decision 078): chunk names carry content hashes, so the figure moves by a few
// bytes from build to build and a clean-clone CI failed by 9 bytes; 139 leaves that room, not room for a feature.
// Decision 099 (a page from the shared cache loads the signed-in visitor's own data after hydration; late parts hydrate
// with the HTML's values; a heart waits for the user on the way): home 131.9 KB on 2026-11-28 (+0.4 KB in the shell).
// Decision 102 (the listing's per-visitor part patched in from its viewer call, not its whole loader reloaded): listing
// 139.2 → 139.4 KB on 2026-11-28 (+0.2 KB; bench/page-weight.ts on main and on the branch, the same data).
// hydrate-later's offline check that tells Node from a browser (offlineInBrowser): listing 139.60 → 139.61 KB on
// 2026-11-29 (+7 bytes; a bug fix, the budget was at the byte).
const FIRST_PAINT_BUDGET_KB = { home: 132.3, search: 153.4, listing: 139.7 }

test('the JavaScript of the first paint stays within its budget (home, /szukaj, a listing)', async ({ request }) => {
  const newest = (await (await request.get('/api/offers?limit=1')).json()) as { data: { slug: string }[] }
  const pages = { home: '/', search: '/szukaj', listing: `/ogloszenia/${newest.data[0]!.slug}` }
  const identity = { headers: { 'accept-encoding': 'identity' } }
  for (const [name, path] of Object.entries(pages) as [keyof typeof pages, string][]) {
    const html = await (await request.get(path, identity)).text()
    const files = loadedScripts(html)
    expect(files.length, `${path}: no module scripts found`).toBeGreaterThan(3)
    const sizes = await Promise.all(files.map(async (f) => [f, gzipSync(await (await request.get(f, identity)).body(), { level: 9 }).length] as const))
    const kb = sizes.reduce((sum, [, n]) => sum + n, 0) / 1024
    const biggest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([f, n]) => `${f.replace('/assets/', '')} ${(n / 1024).toFixed(1)}`)
    expect(kb, `${path}: ${kb.toFixed(1)} KB gzip in ${files.length} files; biggest: ${biggest.join(', ')}`).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_KB[name])
  }
})

// Decision 036: a page requests its modules only after its first contentful paint (and a listing page after its
// gallery photo was painted), so they do not compete with the HTML, CSS, fonts and the LCP photo; it still hydrates.
test('a page requests its scripts after its first paint, then hydrates (home, /szukaj, a listing)', async ({ page, request }) => {
  // A listing with a gallery photo, and a promoted demo one: other specs running beside this one add listings without
  // photos, and offer.spec's listing with photos is ended while it runs (410, its page then has no gallery).
  const newest = (await (await request.get('/api/offers?promoted=1&limit=24')).json()) as { data: { slug: string; photo: unknown }[] }
  const withPhoto = newest.data.find((l) => l.photo)
  expect(withPhoto, 'a promoted listing with a photo').toBeDefined()
  // Decision 040's parts that hydrate later keep the server's HTML: an urgent update reaching one before its code
  // arrived (the favourites providers' first effects did that) made React drop and redraw it: /szukaj's save-search
  // button vanished and came back, a layout shift of 0.12 on a phone; home's listing sections were drawn twice.
  await page.addInitScript(() => {
    const w = window as unknown as { __dropped: string[] }
    w.__dropped = []
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.removedNodes) {
          if (n instanceof Element && n.querySelectorAll('*').length > 5) w.__dropped.push(`${n.tagName}.${n.className}`.slice(0, 80))
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
  for (const path of ['/', '/szukaj', `/ogloszenia/${withPhoto!.slug}`]) {
    await page.goto(path)
    await hydrated(page)
    // The later parts load on idle, at most 2 s after hydration.
    await page.waitForFunction(() => performance.now() > 3000)
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __dropped: string[] }).__dropped), `${path}: server-rendered parts dropped`).toEqual([])
    // Layout Instability entries reach observers only (buffered), not performance.getEntriesByType.
    // With what moved, so that a failure says where to look (a shift of 0.028 once, under load 23, left no trace).
    const { shift, moved } = await page.evaluate(() => new Promise<{ shift: number; moved: string[] }>((resolve) => {
      let sum = 0
      const moved: string[] = []
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          if (e.hadRecentInput) continue
          sum += e.value
          const nodes = (e.sources ?? []).map(({ node }) => node instanceof Element
            ? `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 40)}` : String(node?.nodeName))
          moved.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${nodes.join(', ')}`)
        }
      }).observe({ type: 'layout-shift', buffered: true })
      setTimeout(() => resolve({ shift: sum, moved }), 300)
    }))
    // 0.12 on a phone with the bug; small shifts of other origins stay well under 'good' (0.1).
    expect(shift, `${path}: layout shift (${moved.join('; ')})`).toBeLessThan(0.01)
    const t = await page.evaluate(async () => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
      // Element Timing entries reach observers only (buffered), not performance.getEntriesByType.
      const elements = await new Promise<(PerformanceEntry & { identifier: string; renderTime: number })[]>((resolve) => {
        new PerformanceObserver((list, o) => { o.disconnect(); resolve(list.getEntries() as never) }).observe({ type: 'element', buffered: true })
        setTimeout(() => resolve([]), 500)
      })
      const photo = elements.find((e) => e.identifier === 'lcp-photo')?.renderTime ?? null
      const scripts = performance.getEntriesByType('resource').filter((e) => /\/assets\/[\w.-]+\.js$/.test(e.name)).map((e) => e.startTime)
      return { fcp, photo, first: Math.min(...scripts), count: scripts.length }
    })
    expect(t.count, path).toBeGreaterThan(3)
    expect(t.fcp, path).not.toBeNull()
    expect(t.first, `${path}: first script requested at ${t.first} ms, first contentful paint at ${t.fcp} ms`).toBeGreaterThanOrEqual(t.fcp!)
    if (path.startsWith('/ogloszenia/')) {
      expect(t.photo, path).not.toBeNull()
      expect(t.first, `${path}: first script requested at ${t.first} ms, gallery photo painted at ${t.photo} ms`).toBeGreaterThanOrEqual(t.photo!)
    }
  }
})

// Decision 041: the first paint needs the HTML alone. The CSS is written into it (the link stays, disabled, so nothing
// is fetched); the first page of a visit stays in the metric-matched fallback font and only prefetches the web font
// after its first contentful paint; the first client-side navigation applies it, and a later page load starts with it.
test('a page paints from its HTML alone: CSS inline, the web font fetched after the first paint, applied later', async ({ page }) => {
  const fonts = () => page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Inter PL').map((f) => f.status))
  await page.goto('/')
  await hydrated(page)
  await page.waitForFunction(() => !!localStorage.getItem('portal-fonts'))
  // Lazy chunks that list the stylesheet (Vite's preload helper) must find it too, not fetch it.
  await page.waitForLoadState('networkidle')
  const t = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
    const requested = (re: RegExp) => performance.getEntriesByType('resource').filter((e) => re.test(e.name)).map((e) => e.startTime)
    return {
      fcp,
      css: requested(/\.css(#|$)/),
      fonts: requested(/\.woff2$/),
      inline: document.querySelectorAll('head style[data-href]').length,
      links: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')].filter((l) => !l.disabled).map((l) => l.href),
      family: getComputedStyle(document.querySelector('h1')!).fontFamily,
    }
  })
  expect(t.inline).toBe(1)
  expect(t.links).toEqual([])
  expect(t.css.length, 'fonts.css prefetched, the page\'s own CSS never fetched').toBe(1)
  expect(t.fonts.length).toBe(2)
  expect(Math.min(...t.css, ...t.fonts), `font CSS/files requested at ${t.css} / ${t.fonts} ms, first contentful paint at ${t.fcp} ms`).toBeGreaterThanOrEqual(t.fcp)
  expect(t.family).toMatch(/^"?Inter PL"?, "?Inter Variable"?, "?Inter Fallback"?/)
  expect(await fonts(), 'no swap on the first page').toEqual([])
  // The first client-side navigation applies it.
  await page.locator('main a[href^="/ogloszenia/"]').first().click()
  await expect(page).toHaveURL(/\/ogloszenia\//)
  await expect.poll(fonts).toContain('loaded')
  // A later page load starts with it.
  await page.goto('/szukaj')
  expect(await page.evaluate(() => [...document.querySelectorAll('head link[rel="stylesheet"]:not([disabled])')].length)).toBe(1)
  await expect.poll(fonts).toContain('loaded')
})
