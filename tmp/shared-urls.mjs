import { chromium } from 'playwright-core'
const base = 'http://localhost:4700'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const ctx = await browser.newContext({ baseURL: base })
const page = await ctx.newPage()
page.on('request', (r) => { if (r.url().includes('.data')) console.log('req', r.method(), r.url()) })
await page.request.get('/api/sanctum/csrf-cookie')
let xsrf = decodeURIComponent((await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN').value)
await page.request.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' }, data: { email: 'jan.kowalski@example.pl', password: 'Demo1234' } })
const newest = await (await fetch(base + '/api/offers?limit=1')).json()
for (const u of ['/szukaj?kategoria=mieszkanie&typ=sprzedaz', `/ogloszenia/${newest.data[0].slug}`, '/nieruchomosci/dom/wynajem']) {
  for (let i = 0; i < 3; i++) await fetch(base + u)
  const res = await page.goto(u)
  console.log(u, res.headers()['x-cache'])
  await page.waitForTimeout(2500)
}
await browser.close()
