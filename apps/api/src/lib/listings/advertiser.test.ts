import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { listings, users, type DbHandle } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { insertListings } from '../../test/helpers.ts'

/**
 * Who advertises is a column of the listing kept by triggers (migration 0037, decision 101): it must follow every
 * write the rule depends on — the listing's owner, the owner's account type, the owner's agency and that agency's type —
 * and nothing may set it otherwise.
 */
let db: DbHandle
beforeAll(async () => { db = await openTestDb() }, 60_000)
afterAll(async () => { await db?.close() })

const kindOf = async (ids: number[]) => {
  const rows = await db.db.select({ id: listings.id, advertiser: listings.advertiser }).from(listings).where(inArray(listings.id, ids))
  return ids.map((id) => rows.find((r) => r.id === id)!.advertiser)
}
const ownerOf = async (id: number) => (await db.db.select({ u: listings.userId }).from(listings).where(eq(listings.id, id)))[0]!.u

describe('listings.advertiser', () => {
  it('follows the owner, its type, its agency and the agency type', async () => {
    const [a, b] = await insertListings(db, [{}, {}])
    const agentId = await ownerOf(a!)
    expect(await kindOf([a!, b!])).toEqual(['private', 'private'])

    const [agency] = await db.db.insert(users).values({ email: `agency-${Date.now()}@example.com`, name: 'Biuro', type: 'agency' })
      .returning({ id: users.id })
    // The owner joins an agency: an agent's listings are the agency's.
    await db.db.update(users).set({ agencyId: agency!.id }).where(eq(users.id, agentId))
    expect(await kindOf([a!, b!])).toEqual(['agency', 'agency'])
    // The agency becomes a developer: its agents' listings follow.
    await db.db.update(users).set({ type: 'developer' }).where(eq(users.id, agency!.id))
    expect(await kindOf([a!, b!])).toEqual(['developer', 'developer'])
    // A listing handed to another owner takes that owner's kind.
    const [other] = await insertListings(db, [{}])
    await db.db.update(listings).set({ userId: await ownerOf(other!) }).where(eq(listings.id, b!))
    expect(await kindOf([a!, b!])).toEqual(['developer', 'private'])
    // Nothing else sets it: an insert or update that names it gets the rule's value.
    await db.db.update(listings).set({ advertiser: 'agency' }).where(eq(listings.id, b!))
    const [c] = await insertListings(db, [{ userId: agentId, advertiser: 'private' }])
    expect(await kindOf([b!, c!])).toEqual(['private', 'developer'])
    // Leaving the agency: the agent's own type again.
    await db.db.update(users).set({ agencyId: null }).where(eq(users.id, agentId))
    expect(await kindOf([a!, c!])).toEqual(['private', 'private'])
  })

  it('is the old per-row rule for every listing', async () => {
    const [r] = (await db.db.execute(sql`select count(*)::int as n from listings l
      where l.advertiser is distinct from (select case coalesce(c.type, u.type) when 'user' then 'private' when 'developer' then 'developer'
        else 'agency' end from users u left join users c on c.id = u.agency_id where u.id = l.user_id)`) as unknown as { rows: { n: number }[] }).rows
    expect(Number(r!.n)).toBe(0)
  })
})
