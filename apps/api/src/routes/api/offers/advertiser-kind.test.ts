import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { listings, users } from '@portal/db'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

/**
 * Who advertises (issue 25): the listing page and the search's cards say 'Oferta prywatna', 'Biuro nieruchomości'
 * or 'Deweloper' by the same rule as the search's 'ogloszeniodawca' filter — the owner's account, an agent's by its
 * agency's.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
const slugs: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'off' })
  const [agency] = await t.db.db.insert(users).values({ email: 'biuro@example.com', name: 'Biuro', type: 'agency', companyName: 'Domy SA' }).returning()
  const [developer] = await t.db.db.insert(users).values({ email: 'dev@example.com', name: 'Dev', type: 'developer', companyName: 'Osiedla SA' }).returning()
  const [agent] = await t.db.db.insert(users).values({ email: 'agent@example.com', name: 'Agentka', type: 'user', agencyId: agency!.id }).returning()
  const [person] = await insertListings(t.db, [{ lat: 50.06, lon: 19.94 }]) // insertListings' owner is a private person
  slugs.private = (await t.db.db.select({ slug: listings.slug }).from(listings).where(eq(listings.id, person!)))[0]!.slug
  for (const [kind, owner] of [['developer', developer!], ['agency', agency!], ['agent', agent!]] as const) {
    const [id] = await insertListings(t.db, [{ lat: 50.06, lon: 19.94 }])
    await t.db.db.update(listings).set({ userId: owner.id, slug: `ogloszenie-${kind}` }).where(eq(listings.id, id!))
    slugs[kind] = `ogloszenie-${kind}`
  }
}, 120_000)
afterAll(async () => { await t?.close() })

describe('who advertises', () => {
  it('the listing page says it by the owner, an agent by its agency', async () => {
    const kinds: Record<string, string> = {}
    for (const [k, slug] of Object.entries(slugs)) {
      const res = await t.app.inject(`/api/offers/${slug}`)
      expect(res.statusCode).toBe(200)
      kinds[k] = res.json().advertiser.kind
    }
    expect(kinds).toEqual({ private: 'private', developer: 'developer', agency: 'agency', agent: 'agency' })
  })

  it("the listing page reads the listing's advertiser column, as the search's filter does (decision 101), and follows a change of the agency's kind", async () => {
    // The column set by hand with its trigger off: the page says what the filter would find it by.
    await t.db.db.execute(sql`alter table listings disable trigger listings_advertiser`)
    try {
      await t.db.db.update(listings).set({ advertiser: 'developer' }).where(eq(listings.slug, slugs.private!))
      expect((await t.app.inject(`/api/offers/${slugs.private}`)).json().advertiser.kind).toBe('developer')
    } finally {
      await t.db.db.execute(sql`alter table listings enable trigger listings_advertiser`)
      await t.db.db.update(listings).set({ advertiser: 'private' }).where(eq(listings.slug, slugs.private!))
    }
    expect((await t.app.inject(`/api/offers/${slugs.private}`)).json().advertiser.kind).toBe('private')
    // The agency becomes a developer: its agent's listing with it (users_search_advertiser_change), then back.
    const agency = (await t.db.db.select().from(users).where(eq(users.email, 'biuro@example.com')))[0]!
    await t.db.db.update(users).set({ type: 'developer' }).where(eq(users.id, agency.id))
    expect((await t.app.inject('/api/offers/ogloszenie-agent')).json().advertiser.kind).toBe('developer')
    await t.db.db.update(users).set({ type: 'agency' }).where(eq(users.id, agency.id))
    expect((await t.app.inject('/api/offers/ogloszenie-agent')).json().advertiser.kind).toBe('agency')
  })

  it('the search cards say it, and agree with the ogloszeniodawca filter', async () => {
    const res = await t.app.inject('/api/search?lokalizacja[lat]=50.06&lokalizacja[lon]=19.94')
    expect(res.statusCode).toBe(200)
    const bySlug = Object.fromEntries((res.json().data as Array<{ slug: string; advertiser: string }>).map((l) => [l.slug, l.advertiser]))
    expect(bySlug).toEqual({ [slugs.private!]: 'private', 'ogloszenie-developer': 'developer', 'ogloszenie-agency': 'agency', 'ogloszenie-agent': 'agency' })
    for (const [param, kind] of [['prywatny', 'private'], ['biuro', 'agency'], ['deweloper', 'developer']]) {
      const filtered = await t.app.inject(`/api/search?lokalizacja[lat]=50.06&lokalizacja[lon]=19.94&ogloszeniodawca=${param}`)
      const found = filtered.json().data as Array<{ advertiser: string }>
      expect(found.length).toBeGreaterThan(0)
      expect(found.every((l) => l.advertiser === kind)).toBe(true)
    }
  })
})
