import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { listings } from '@portal/db'
import { buildApp } from '../app.ts'
import { createTestApp } from '../test/helpers.ts'
import { createUser, login } from '../routes/api/auth/test-support.ts'
import { createOffer } from '../routes/api/offers/test-support.ts'
import type { LoadContext } from './load-context.ts'
import { mountWeb } from './ssr.ts'
import { warmUp } from './warm-up.ts'

/**
 * The start's warm-up (decision 109) through the real catch-all, page cache and API, with a stand-in for React Router
 * that reads the listing as offer.tsx does: it runs the pages and calls, fails none, and counts no listing view.
 */
const pages: string[] = []
let stall: Promise<void> | null = null
async function site(request: Request, context: LoadContext): Promise<Response> {
  const url = new URL(request.url)
  pages.push(url.pathname + url.search)
  if (stall) await stall
  const slug = /^\/ogloszenia\/(.+)$/.exec(url.pathname)?.[1]
  if (slug) {
    const res = await context.api(`/api/offers/${slug}`)
    if (!res.ok) return new Response('brak', { status: res.status })
    const o = (await res.json()) as { id: number; title: string }
    return new Response(`<h1>${o.title}</h1>`, { headers: { 'content-type': 'text/html', 'cache-control': 'private, max-age=0, must-revalidate', 'x-page-cache-listings': String(o.id) } })
  }
  // As root.tsx: the inline scripts carry the response's CSP nonce.
  return new Response(`<script nonce="${context.cspNonce ?? ''}">1</script><p>strona</p>`,
    { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=0, s-maxage=15' } })
}

describe('warm-up before listening', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let app: Awaited<ReturnType<typeof buildApp>>
  let offer: { id: number; slug: string }
  const views = async () => (await t.db.db.select({ v: listings.views }).from(listings).where(eq(listings.id, offer.id)))[0]!.v

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    app = await buildApp({ db: t.db, env: t.app.env, logger: false, jobs: false })
    await mountWeb(app, { getBuild: async () => ({}) as ServerBuild, mode: 'production', handler: site })
    await app.ready()
    await app.searchIndex.load()
    const owner = await login(app, (await createUser(t.db, { email: 'warm-owner@example.com', name: 'Ola Właścicielka' })).email)
    offer = await createOffer(app, owner)
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id))
  })
  afterAll(async () => { await app.close(); await t.close() })

  it('a page that does not answer does not hold it past the budget', async () => {
    let release = () => {}
    stall = new Promise((resolve) => { release = resolve })
    const started = performance.now()
    const result = await warmUp(app, { rounds: 1, budgetMs: 300 })
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(result.rounds).toBe(0)
    stall = null
    release()
  })

  it('reads the everyday pages, the newest listings and their calls, with no failure and no view counted', async () => {
    const before = await views()
    const result = await warmUp(app, { rounds: 2, budgetMs: 60_000 })
    expect(result).toMatchObject({ rounds: 2, failed: 0 })
    expect(result.requests).toBeGreaterThan(20)
    expect(pages).toContain('/')
    expect(pages).toContain('/szukaj')
    expect(pages).toContain(`/ogloszenia/${offer.slug}`)
    // Rendered in each round (the page cache would answer the second from its copy): the workers' code gets warm too.
    expect(pages.filter((p) => p === '/inwestycje').length).toBe(2)
    // The cached listing page (second round; its views are written a second later) and the listing's API are both
    // reads that count a visitor's view.
    await new Promise((resolve) => setTimeout(resolve, 1300))
    expect(await views()).toBe(before)
    // A visitor's read still counts.
    const res = await app.inject({ url: `/api/offers/${offer.slug}`, headers: { 'user-agent': 'gosc' }, remoteAddress: '198.51.100.9' })
    expect(res.json().views).toBe(before + 1)
    expect(await views()).toBe(before + 1)
  })

  it("a page it left in the page cache goes to a visitor with the policy of its scripts' nonce", async () => {
    await warmUp(app, { rounds: 1, budgetMs: 60_000 })
    const res = await app.inject({ url: '/inwestycje', headers: { 'user-agent': 'gosc' }, remoteAddress: '198.51.100.10' })
    expect(res.headers['x-cache']).toBe('hit')
    const policy = /script-src [^;]*'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
    expect(policy).toBeTruthy()
    expect(res.body).toContain(`<script nonce="${policy}">`)
  })

  it('stops at its time budget', async () => {
    const result = await warmUp(app, { rounds: 100, budgetMs: 50 })
    expect(result.rounds).toBeLessThan(100)
    expect(result.ms).toBeLessThan(5_000)
  })
})
