import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { authTokens, listingMeta, listingPriceHistory, listings, mailOutbox, users } from '@portal/db'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, PASSWORD } from '../auth/test-support.ts'
import { validOffer } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/**
 * POST /api/offers writes an account (guests), the listing, its meta row, the first price and an activation token.
 * A database trigger makes one of the later writes fail, as a real failure midway would (constraint, lost
 * connection): with one transaction nothing of the request stays behind.
 */
describe('creating a listing is one transaction', () => {
  let t: T
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    await t.db.exec(`CREATE FUNCTION test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: write refused'; END $$`)
  })
  afterAll(async () => { await t.close() })
  afterEach(async () => {
    await t.db.exec('DROP TRIGGER IF EXISTS test_fail ON auth_tokens')
    await t.db.exec('DROP TRIGGER IF EXISTS test_fail ON listing_price_history')
    await t.db.exec('DROP TRIGGER IF EXISTS test_once ON listings')
  })
  const failInsertsInto = (table: string) =>
    t.db.exec(`CREATE TRIGGER test_fail BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION test_fail()`)
  const rowsTitled = (title: string) => t.db.db.select({ id: listings.id }).from(listings).where(eq(listings.title, title))
  const guestBody = (email: string, title: string) => validOffer({
    title, user: { account_type: 'private', name: 'Anna Gość', email, password: PASSWORD, rePassword: PASSWORD },
  })

  it('guest: the activation token (last write) fails → 500, and no account, listing, meta, price or mail is left', async () => {
    const email = 'gosc-tx@example.com'
    const title = 'Mieszkanie gościa w jednej transakcji'
    const pricesBefore = (await t.db.db.select().from(listingPriceHistory)).length
    await failInsertsInto('auth_tokens')
    const res = await send(t.app, await startSession(t.app), 'POST', '/api/offers', guestBody(email, title))
    expect(res.statusCode).toBe(500)
    expect(await t.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    expect(await rowsTitled(title)).toHaveLength(0)
    expect(await t.db.db.select().from(listingPriceHistory)).toHaveLength(pricesBefore)
    expect(await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0)

    // The same request goes through once the write works: account, listing and token committed, then the mail.
    await t.db.exec('DROP TRIGGER test_fail ON auth_tokens')
    const ok = await send(t.app, await startSession(t.app), 'POST', '/api/offers', guestBody(email, title))
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({ status: 'draft', pending_activation: true })
    const [user] = await t.db.db.select().from(users).where(eq(users.email, email))
    expect(user).toBeTruthy()
    expect(await t.db.db.select().from(authTokens).where(eq(authTokens.userId, user!.id))).toHaveLength(1)
    expect(await t.db.db.select().from(listingMeta).where(eq(listingMeta.listingId, ok.json().id))).toHaveLength(1)
    expect(await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(1)
  })

  it('logged in: the price history write fails → 500 and no listing row is left', async () => {
    const owner = await createUser(t.db, { email: 'wlasciciel-tx@example.com' })
    const jar = await login(t.app, owner.email)
    const title = 'Dom z nieudanym zapisem ceny'
    await failInsertsInto('listing_price_history')
    const res = await send(t.app, jar, 'POST', '/api/offers', validOffer({ title }))
    expect(res.statusCode).toBe(500)
    expect(await rowsTitled(title)).toHaveLength(0)
    expect(await t.db.db.select().from(listings).where(eq(listings.userId, owner.id))).toHaveLength(0)
  })

  it('a slug collision inside the transaction is retried from a savepoint (the transaction survives it)', async () => {
    const owner = await createUser(t.db, { email: 'slug-tx@example.com' })
    const jar = await login(t.app, owner.email)
    // The first insert into listings raises unique_violation (a sequence is not rolled back, so only once).
    await t.db.exec('CREATE SEQUENCE IF NOT EXISTS test_once_seq')
    await t.db.exec(`CREATE OR REPLACE FUNCTION test_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('test_once_seq') = 1 THEN RAISE EXCEPTION 'test: slug taken' USING ERRCODE = 'unique_violation'; END IF;
      RETURN NEW; END $$`)
    await t.db.exec('CREATE TRIGGER test_once BEFORE INSERT ON listings FOR EACH ROW EXECUTE FUNCTION test_once()')
    const res = await send(t.app, jar, 'POST', '/api/offers', validOffer({ title: 'Kawalerka po kolizji adresu' }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ status: 'active' })
    expect(await t.db.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, res.json().id))).toHaveLength(1)
  })
})
