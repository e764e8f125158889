import { promisify } from 'node:util'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, zstdCompress, zstdDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { listings } from '@portal/db'
import { buildApp } from '../app.ts'
import { createTestApp } from '../test/helpers.ts'
import { createUser, login, send, type Jar } from '../routes/api/auth/test-support.ts'
import { createOffer, validOffer } from '../routes/api/offers/test-support.ts'
import { validInvestment, validUnit } from '../routes/api/investments/test-support.ts'
import type { LoadContext } from './load-context.ts'
import { mountWeb } from './ssr.ts'
import { ZSTD_LEVEL } from '../plugins/compression.ts'
import { BR_BEST, BR_QUICK } from './page-cache.ts'

/**
 * The anonymous page cache (decision 029) through the real catch-all, session plugin, API and change log, with a
 * stand-in for React Router that asks the API what the real routes ask (the user, the listing) and answers with the
 * same cache headers as root.tsx, home.tsx and offer.tsx.
 */
const PUBLIC = 'public, max-age=0, s-maxage=15, stale-while-revalidate=60'
let renders = 0

async function fakeSite(request: Request, context: LoadContext): Promise<Response> {
  renders++
  const url = new URL(request.url)
  const me = await context.api('/api/user')
  const user = me.ok ? ((await me.json()) as { name: string }) : null
  const html = (body: string, headers: Record<string, string>, status = 200) =>
    new Response(`<!DOCTYPE html><html><body>${user ? `<b>${user.name}</b>` : ''}${body}${' '.repeat(2000)}</body></html>`,
      { status, headers: { 'content-type': 'text/html', ...headers } })
  if (url.pathname === '/') return html(`home ${renders}`, user ? { 'cache-control': 'private, no-store' } : { 'cache-control': PUBLIC, vary: 'Cookie' })
  if (url.pathname === '/z-ciasteczkiem') return html('x', { 'cache-control': PUBLIC, 'set-cookie': 'a=b; Path=/' })
  const slug = /^\/ogloszenia\/(.+)$/.exec(url.pathname)?.[1]
  if (slug) {
    const res = await context.api(`/api/offers/${slug}`)
    if (!res.ok) return html('brak', { 'cache-control': 'no-store' }, res.status)
    const o = (await res.json()) as { id: number; title: string; price: number; description: string; is_owner: boolean }
    return html(`<h1>${o.title}</h1><p>${o.price}</p><p>${o.description}</p>`, o.is_owner || user
      ? { 'cache-control': 'private, no-store' }
      : { 'cache-control': 'private, max-age=0, must-revalidate', 'x-page-cache-listings': String(o.id) })
  }
  const inv = /^\/inwestycje\/(.+)$/.exec(url.pathname)?.[1]
  if (inv) {
    // As investment.tsx: the units' listing ids for the page cache (decision 082).
    const res = await context.api(`/api/investments/${inv}`)
    if (!res.ok) return html('brak', { 'cache-control': 'no-store' }, res.status)
    const i = (await res.json()) as { name: string; status: string; units: { id: number; unit_number: string; price: number }[] }
    return html(`<h1>${i.name}</h1><p>${i.status}</p><ul>${i.units.map((u) => `<li>${u.unit_number}: ${u.price}</li>`).join('')}</ul>`, user
      ? { 'cache-control': 'private, no-store' }
      : { 'cache-control': 'public, max-age=60', 'x-page-cache-listings': i.units.map((u) => u.id).join(' ') })
  }
  return html('404', {}, 404)
}

describe('page cache for anonymous visitors', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let app: Awaited<ReturnType<typeof buildApp>>
  let owner: Jar
  let offer: { id: number; slug: string }
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    app = await buildApp({ db: t.db, env: t.app.env, logger: false, jobs: false })
    await mountWeb(app, { getBuild: async () => ({}) as ServerBuild, mode: 'production', handler: fakeSite })
    await app.ready()
    await app.searchIndex.load()
    const u = await createUser(t.db, { email: 'cache-owner@example.com', name: 'Ola Właścicielka' })
    owner = await login(app, u.email)
    offer = await createOffer(app, owner)
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id))
  })
  afterAll(async () => { await app.close(); await t.close() })

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers })
  const text = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.rawPayload.toString('utf8')

  it('a second anonymous request is a hit: same page, same CSP nonce, br made once', async () => {
    const first = await get('/', { 'accept-encoding': 'br' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('miss')
    const before = renders
    const second = await get('/', { 'accept-encoding': 'br' })
    expect(second.headers['x-cache']).toBe('hit')
    expect(renders).toBe(before)
    expect(second.headers['content-encoding']).toBe('br')
    expect(text(second)).toBe(text(first))
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    expect(second.headers['cache-control']).toBe(PUBLIC)
    expect(second.headers.vary).toMatch(/Cookie/)
    expect(second.headers.vary).toMatch(/Accept-Encoding/)
    // A client without br gets the plain page from the same entry.
    const plain = await get('/')
    expect(plain.headers['x-cache']).toBe('hit')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(text(first))
  })

  it('the rendering request gets quick br (quality 4); the first hit makes the quality 6 copy later hits get', async () => {
    const br = (body: string, quality: number) => brotliCompressSync(Buffer.from(body), {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
    })
    const miss = await get('/?strona=7', { 'accept-encoding': 'br' })
    expect(miss.headers['x-cache']).toBe('miss')
    const page = text(miss)
    expect(br(page, BR_QUICK).equals(br(page, BR_BEST))).toBe(false)
    expect(miss.rawPayload.equals(br(page, BR_QUICK))).toBe(true)
    const improved = new Promise<void>((resolve) => { app.pageCache!.improved = resolve })
    const hit = await get('/?strona=7', { 'accept-encoding': 'br' })
    expect(hit.headers['x-cache']).toBe('hit')
    expect(text(hit)).toBe(page)
    await improved
    app.pageCache!.improved = undefined
    const later = await get('/?strona=7', { 'accept-encoding': 'br' })
    expect(later.headers['x-cache']).toBe('hit')
    expect(later.rawPayload.equals(br(page, BR_BEST))).toBe(true)
    // gzip is made once at its one level, whoever asks first.
    const gz = await get('/?strona=7', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
  })

  it('a browser that names zstd gets the miss in zstd (decision 113); its first hit makes the quality 6 br copy everybody gets then', async () => {
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' }
    const browser = { ...ua, 'accept-encoding': 'gzip, deflate, br, zstd' }
    const miss = await get('/?strona=8', browser)
    expect(miss.headers['x-cache']).toBe('miss')
    expect(miss.headers['content-encoding']).toBe('zstd')
    const page = zstdDecompressSync(miss.rawPayload).toString('utf8')
    expect(page).toContain('home')
    expect(miss.rawPayload.equals(await promisify(zstdCompress)(Buffer.from(page), { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }))).toBe(true)
    // Only the zstd copy is kept (the body went): a client without zstd or br still gets the page.
    const entry = app.pageCache!.store.get('web /?strona=8')!
    expect(entry.body).toBeUndefined()
    expect(Object.keys(entry.variants)).toEqual(['zstd'])
    const gz = await get('/?strona=8', { ...ua, 'accept-encoding': 'gzip' })
    expect(gz.headers['x-cache']).toBe('hit')
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(page)
    expect((await get('/?strona=8', ua)).body).toBe(page)
    const improved = new Promise<void>((resolve) => { app.pageCache!.improved = resolve })
    const hit = await get('/?strona=8', browser)
    expect(hit.headers['x-cache']).toBe('hit')
    expect(hit.headers['content-encoding']).toBe('zstd')
    await improved
    app.pageCache!.improved = undefined
    // The br copy replaced the zstd one: a browser gets the smaller br from now on.
    expect(Object.keys(entry.variants).sort()).toEqual(['br', 'gzip'])
    const later = await get('/?strona=8', browser)
    expect(later.headers['content-encoding']).toBe('br')
    expect(later.rawPayload.equals(brotliCompressSync(Buffer.from(page), { params: {
      [constants.BROTLI_PARAM_QUALITY]: BR_BEST, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page) } }))).toBe(true)
  })

  it("a client without zstd after a zstd miss gets the quality 6 br copy at once, which replaces the zstd one for good", async () => {
    const ua = { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15' }
    const miss = await get('/?strona=6', { ...ua, 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(miss.headers['content-encoding']).toBe('zstd')
    const entry = app.pageCache!.store.get('web /?strona=6')!
    expect(entry.quickCopy).toBe(true)
    const safari = await get('/?strona=6', { ...ua, 'accept-encoding': 'gzip, deflate, br' })
    expect(safari.headers['content-encoding']).toBe('br')
    const page = zstdDecompressSync(miss.rawPayload).toString('utf8')
    expect(brotliDecompressSync(safari.rawPayload).toString('utf8')).toBe(page)
    expect(Object.keys(entry.variants)).toEqual(['br'])
    // Already the best copy: no later hit makes it again.
    expect(entry.quickCopy).toBe(false)
    const later = await get('/?strona=6', { ...ua, 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(later.headers['content-encoding']).toBe('br')
    expect(later.rawPayload.equals(safari.rawPayload)).toBe(true)
  })

  it('concurrent requests for a page not yet cached share one render', async () => {
    const before = renders
    const all = await Promise.all([1, 2, 3].map(() => get('/?strona=2')))
    expect(renders).toBe(before + 1)
    expect(all.map((r) => r.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'miss'])
    expect(new Set(all.map((r) => r.body)).size).toBe(1)
  })

  it("a signed-in visitor gets the stored page everybody gets (decision 099), told to load their own data; their own page is never stored", async () => {
    // Nothing stored yet for this address: their own page, rendered for them and never kept.
    const mine = await get('/?strona=9', { cookie: owner.cookie })
    expect(mine.headers['x-cache']).toBeUndefined()
    expect(mine.body).toContain('Ola Właścicielka')
    expect(mine.headers['cache-control']).toBe('private, no-store')
    expect((await get('/?strona=9')).headers['x-cache']).toBe('miss')
    // Stored now: the same bytes as anybody's, private to the browser, with the flag that makes it load the user.
    const before = renders
    const shared = await get('/?strona=9', { cookie: owner.cookie })
    expect(renders).toBe(before)
    expect(shared.headers['x-cache']).toBe('shared')
    expect(shared.body).not.toContain('Ola Właścicielka')
    expect(shared.body).toBe((await get('/?strona=9')).body)
    expect(shared.headers['cache-control']).toBe('private, no-store')
    expect(String(shared.headers['set-cookie'])).toMatch(/^isLogged=1; Path=\/; SameSite=Lax/)
    // A browser that already has the flag is not sent it again.
    const flagged = await get('/?strona=9', { cookie: `${owner.cookie}; isLogged=1` })
    expect(flagged.headers['x-cache']).toBe('shared')
    expect(flagged.headers['set-cookie']).toBeUndefined()
    // React Router's data requests carry the visitor's own loader data: never a stored copy.
    const data = await get('/?strona=9'.replace('/?', '/_root.data?'), { cookie: owner.cookie })
    expect(data.headers['x-cache']).toBeUndefined()
    expect(renders).toBe(before + 1)

    // A listing page: the owner's edit links come with their own data; the stored copy has none.
    const page = await get(`/ogloszenia/${offer.slug}`, { cookie: owner.cookie })
    expect(page.body).toContain('Ola Właścicielka')
    const anon = await get(`/ogloszenia/${offer.slug}`)
    expect(anon.headers['x-cache']).toBe('miss')
    expect(anon.body).not.toContain('Ola Właścicielka')
    expect((await get(`/ogloszenia/${offer.slug}`)).headers['x-cache']).toBe('hit')
    expect((await get(`/ogloszenia/${offer.slug}`, { cookie: owner.cookie })).headers['x-cache']).toBe('shared')
    // The internal header never leaves the server.
    expect(anon.headers['x-page-cache-listings']).toBeUndefined()
    expect(page.headers['x-page-cache-listings']).toBeUndefined()
    // A session cookie that names no session (or a guest's): the stored page, without the signed-in flag.
    const guest = await get(`/ogloszenia/${offer.slug}`, { cookie: 'portal_session=zzz; XSRF-TOKEN=zzz' })
    expect(guest.headers['x-cache']).toBe('shared')
    expect(guest.headers['set-cookie']).toBeUndefined()
    // A guest's signed CSRF token alone is no session: an anonymous visitor, served and stored as one.
    expect((await get(`/ogloszenia/${offer.slug}`, { cookie: 'XSRF-TOKEN=zzz' })).headers['x-cache']).toBe('hit')
  })

  it('a change of the listing (price, deactivation) drops its page at once', async () => {
    const url = `/ogloszenia/${offer.slug}`
    await get(url)
    await get(url)
    expect((await get(url)).headers['x-cache']).toBe('hit')
    await t.db.db.update(listings).set({ price: 12_345_600 }).where(eq(listings.id, offer.id))
    const after = await get(url)
    expect(after.headers['x-cache']).toBe('miss')
    expect(after.body).toContain('12345600')
    await t.db.db.update(listings).set({ status: 'ended' }).where(eq(listings.id, offer.id))
    const gone = await get(url)
    expect(gone.statusCode).toBe(410)
    expect(gone.headers['x-cache']).toBe('bypass')
    expect((await get(url)).headers['x-cache']).toBe('bypass')
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id))
  })

  it("an owner's edit of the description alone (no trigger column) drops the page too", async () => {
    const url = `/ogloszenia/${offer.slug}`
    // The render right after a change may not be stored (the change log was read while it ran): a third request hits.
    await get(url)
    await get(url)
    expect((await get(url)).headers['x-cache']).toBe('hit')
    const edit = await send(app, owner, 'PUT', `/api/offers/${offer.id}`, validOffer({ description: 'Zupełnie nowy opis mieszkania z ogrodem.' }))
    expect(edit.statusCode).toBe(200)
    // The edit may send the listing to moderation; an active one shows the new text.
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id))
    const after = await get(url)
    expect(after.headers['x-cache']).toBe('miss')
    expect(after.body).toContain('Zupełnie nowy opis')
  })

  it('responses with Set-Cookie or another status than 200 are not stored', async () => {
    const a = await get('/z-ciasteczkiem')
    expect(a.headers['set-cookie']).toEqual(['a=b; Path=/'])
    expect(a.headers['x-cache']).toBe('bypass')
    expect((await get('/z-ciasteczkiem')).headers['x-cache']).toBe('bypass')
    expect((await get('/nie-ma-takiej')).statusCode).toBe(404)
    expect((await get('/nie-ma-takiej')).headers['x-cache']).toBe('bypass')
  })

  it('views of cached listing pages are still counted, once per visitor and day', async () => {
    const url = `/ogloszenia/${offer.slug}`
    await get(url)
    await get(url)
    expect((await get(url)).headers['x-cache']).toBe('hit')
    const views = async () => (await t.db.db.select({ v: listings.views }).from(listings).where(eq(listings.id, offer.id)))[0]!.v
    await new Promise((r) => setTimeout(r, 1300)) // the views of the hits above are written
    const before = await views()
    for (const ua of ['a', 'b', 'b']) {
      const res = await app.inject({ url, headers: { 'user-agent': ua }, remoteAddress: '203.0.113.9' })
      expect(res.headers['x-cache']).toBe('hit')
    }
    // The stored page for a signed-in visitor counts nothing (their browser's viewer call of the listing does, decision 102, and an
    // owner's is never counted); for a session cookie without a user it counts as for anybody (decision 099).
    expect((await app.inject({ url, headers: { cookie: owner.cookie }, remoteAddress: '203.0.113.9' })).headers['x-cache']).toBe('shared')
    expect((await app.inject({ url, headers: { cookie: 'portal_session=zzz', 'user-agent': 'c' }, remoteAddress: '203.0.113.9' })).headers['x-cache']).toBe('shared')
    // Their browser's viewer call then (decision 102): another signed-in visitor's counts, once; the owner's does not.
    const reader = await login(app, (await createUser(t.db, { email: 'cache-reader@example.com', name: 'Czytelnik' })).email)
    expect((await app.inject({ url, headers: { cookie: reader.cookie }, remoteAddress: '203.0.113.9' })).headers['x-cache']).toBe('shared')
    for (const jar of [reader, reader, owner]) {
      expect((await app.inject({ url: `/api/offers/${offer.id}/viewer`, headers: { cookie: jar.cookie }, remoteAddress: '203.0.113.9' })).statusCode).toBe(200)
    }
    // Written a second later in one batch: a, b and c once each (b twice in a batch would jump past before + 4), and
    // the reader's at once.
    await expect.poll(views, { timeout: 20_000 }).toBe(before + 4)
    await new Promise((r) => setTimeout(r, 1300))
    expect(await views()).toBe(before + 4)
  })

  it("an investment page is kept under its units' ids: a unit's new price, an edit of the investment, a new unit drop it; its hits count no unit's view", async () => {
    const d = await createUser(t.db, { email: 'cache-dev@example.com', name: 'Dom', type: 'developer', companyName: 'Cache Dom S.A.', roles: ['user', 'company'] })
    const dev = await login(app, d.email)
    const inv = (await send(app, dev, 'POST', '/api/investments', validInvestment({ name: 'Osiedle Pamięci' }))).json() as { id: number; slug: string }
    const unit = (await send(app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '1' }))).json() as { id: number }
    expect((await send(app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '2' }))).statusCode).toBe(201)
    const url = `/inwestycje/${inv.slug}`
    const warm = async () => {
      await get(url)
      await get(url)
      const hit = await get(url)
      expect(hit.headers['x-cache']).toBe('hit')
      expect(hit.headers['x-page-cache-listings']).toBeUndefined()
    }
    const missWith = async (seen: string) => {
      const res = await get(url, { 'accept-encoding': 'identity' })
      expect(res.headers['x-cache']).toBe('miss')
      expect(res.body).toContain(seen)
    }
    await warm()
    const put = await send(app, dev, 'PUT', `/api/investments/${inv.id}/units/${unit.id}`, validUnit({ unit_number: '1', price: 777_777_00 }))
    expect(put.statusCode, put.body).toBe(200)
    await missWith('1: 77777700')
    await warm()
    const edit = await send(app, dev, 'PUT', `/api/investments/${inv.id}`, validInvestment({ name: 'Osiedle Pamięci', status: 'gotowe' }))
    expect(edit.statusCode, edit.body).toBe(200)
    await missWith('<p>gotowe</p>')
    await warm()
    expect((await send(app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '3' }))).statusCode).toBe(201)
    await missWith('<li>3: ')
    await warm()
    // Hits of the investment page are not views of its first unit (only /ogloszenia/ pages count one).
    const views = async () => (await t.db.db.select({ v: listings.views }).from(listings).where(eq(listings.id, unit.id)))[0]!.v
    await new Promise((r) => setTimeout(r, 1300))
    const before = await views()
    for (const ua of ['c', 'd']) expect((await app.inject({ url, headers: { 'user-agent': ua }, remoteAddress: '203.0.113.10' })).headers['x-cache']).toBe('hit')
    await new Promise((r) => setTimeout(r, 2500))
    expect(await views()).toBe(before)
  })

  it('memory stays under the cap', async () => {
    const cache = app.pageCache!
    expect(cache.store.bytes).toBeLessThanOrEqual(cache.store.maxBytes)
    expect(cache.store.maxBytes).toBe(64 * 1024 * 1024)
  })
})
