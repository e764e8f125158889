import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { authTokens, listings, users } from '@portal/db'
import { AGENT_MESSAGES, agentsResponseSchema } from '@portal/contracts/people'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from '../offers/test-support.ts'

const tokenFrom = (text: string) => {
  const m = /\/ustaw-haslo\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!m) throw new Error(`no /ustaw-haslo link in: ${text}`)
  return m[1]!
}

/** A company's agents: invitation by e-mail, set password, listings on behalf of the company, resend, removal. */
describe('/api/user/agents', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let agency: Awaited<ReturnType<typeof createUser>>
  let agencyJar: Jar
  let otherJar: Jar
  let userJar: Jar

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    agency = await createUser(t.db, { email: 'biuro@example.com', name: 'Jan Szef', companyName: 'Biuro Pod Lipami', type: 'agency', roles: ['company'] })
    const other = await createUser(t.db, { email: 'konkurencja@example.com', companyName: 'Konkurencja', type: 'agency', roles: ['company'] })
    const user = await createUser(t.db, { email: 'osoba@example.com' })
    agencyJar = await login(t.app, agency.email)
    otherJar = await login(t.app, other.email)
    userJar = await login(t.app, user.email)
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  const list = async (jar: Jar) => {
    const res = await t.app.inject({ url: '/api/user/agents', headers: { cookie: jar.cookie } })
    return { status: res.statusCode, body: res.statusCode === 200 ? agentsResponseSchema.parse(res.json()) : res.json() }
  }

  it("guard 'company': guests 401, private users 403, CSRF 419", async () => {
    expect((await t.app.inject('/api/user/agents')).statusCode).toBe(401)
    expect((await list(userJar)).status).toBe(403)
    expect((await send(t.app, userJar, 'POST', '/api/user/agents', { name: 'A', email: 'a@example.com' })).statusCode).toBe(403)
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/user/agents', headers: { cookie: agencyJar.cookie }, payload: { name: 'A', email: 'a@example.com' } })
    expect(noCsrf.statusCode).toBe(419)
  })

  it('invite → mail over SMTP → set password (single use) → active agent adds a listing for the company', async () => {
    const bad = await send(t.app, agencyJar, 'POST', '/api/user/agents', { name: '', email: 'zły', phone: '12' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ name: [AGENT_MESSAGES.nameRequired], email: [AGENT_MESSAGES.emailInvalid], phone: [AGENT_MESSAGES.phoneInvalid] })
    // An address that already has an account is refused with a clear message.
    const taken = await send(t.app, agencyJar, 'POST', '/api/user/agents', { name: 'Ktoś', email: 'OSOBA@example.com' })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors.email).toEqual([AGENT_MESSAGES.emailTaken])

    const res = await send(t.app, agencyJar, 'POST', '/api/user/agents', { name: 'Anna Agentka', email: 'Anna@Example.com', phone: '600 700 800' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ name: 'Anna Agentka', email: 'anna@example.com', phone: '600 700 800', status: 'Nieaktywny', offers_count: 0 })
    const mail = await smtp.next()
    expect(mail.subject).toBe('Dazu - zaproszenie do stworzenia konta')
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('anna@example.com')
    expect(mail.text).toContain('Biuro Pod Lipami')
    const token = tokenFrom(mail.text!)
    expect(mail.text).toContain(`https://portal.test/ustaw-haslo?token=${token}`)

    // Not active yet: cannot log in.
    const g = await startSession(t.app)
    expect((await send(t.app, g, 'POST', '/api/auth/login', { email: 'anna@example.com', password: 'Haslo123' })).statusCode).not.toBe(200)
    expect((await send(t.app, g, 'POST', '/api/auth/set-password', { token, password: 'Agentka1', password_confirmation: 'Agentka1' })).statusCode).toBe(204)
    // Single use.
    const again = await send(t.app, g, 'POST', '/api/auth/set-password', { token, password: 'Agentka2', password_confirmation: 'Agentka2' })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('token_invalid')

    const { body } = await list(agencyJar)
    expect(body.data).toEqual([expect.objectContaining({ name: 'Anna Agentka', status: 'Aktywny' })])
    const agentId = body.data[0].id

    // The agent adds a listing: the company owns it, the agent is the contact.
    const agentJar = await login(t.app, 'anna@example.com', 'Agentka1')
    const created = await createOffer(t.app, agentJar)
    const [row] = await t.db.db.select().from(listings).where(eq(listings.id, created.id))
    expect(row).toMatchObject({ userId: agency.id, agentId })
    const page = (await t.app.inject(`/api/offers/${created.id}`)).json()
    expect(page.advertiser).toMatchObject({ id: agentId, name: 'Anna Agentka', agency: { id: agency.id, name: 'Biuro Pod Lipami' } })
    // It shows on the company's profile and in its "my listings", filterable by agent.
    const profile = (await t.app.inject(`/api/profile/${agency.id}`)).json()
    expect(profile.offers.data.map((o: { id: number }) => o.id)).toContain(created.id)
    expect(profile.agents).toEqual([expect.objectContaining({ id: agentId, offers_count: 1 })])
    const mine = (await t.app.inject({ url: `/api/user/offers?agent_id=${agentId}`, headers: { cookie: agencyJar.cookie } })).json()
    expect(mine.data.map((o: { id: number; agent: unknown }) => [o.id, o.agent])).toEqual([[created.id, { id: agentId, name: 'Anna Agentka' }]])
    const own = await createOffer(t.app, agencyJar, { title: 'Ogłoszenie biura bez agenta' })
    const onlyAgent = (await t.app.inject({ url: `/api/user/offers?agent_id=${agentId}`, headers: { cookie: agencyJar.cookie } })).json()
    expect(onlyAgent.data.map((o: { id: number }) => o.id)).toEqual([created.id])
    // The agent edits and ends their listing; the company can end, renew and edit it too.
    expect((await send(t.app, agentJar, 'POST', `/api/offers/${created.id}/end`)).statusCode).toBe(200)
    expect((await send(t.app, agencyJar, 'POST', `/api/offers/${created.id}/renew`)).statusCode).toBe(200)
    // Another company cannot touch it, nor the agent; an agent cannot touch the company's other listings…
    expect((await send(t.app, otherJar, 'POST', `/api/offers/${created.id}/end`)).statusCode).toBe(403)
    expect((await send(t.app, otherJar, 'DELETE', `/api/user/agents/${agentId}`)).statusCode).toBe(404)
    expect((await send(t.app, agentJar, 'POST', `/api/offers/${own.id}/end`)).statusCode).toBe(403)
    // …and sees only their own in "my listings", unless the company shares them.
    const agentMine = (await t.app.inject({ url: '/api/user/offers', headers: { cookie: agentJar.cookie } })).json()
    expect(agentMine.data.map((o: { id: number }) => o.id)).toEqual([created.id])
    const draft = await createOffer(t.app, agencyJar, { title: 'Szkic biura', status: 'draft' })
    expect((await t.app.inject({ url: '/api/user/offers?status=draft', headers: { cookie: agentJar.cookie } })).json().total).toBe(0)
    expect((await send(t.app, agencyJar, 'PATCH', '/api/user/agents/settings', { agents_share_listings: true })).statusCode).toBe(204)
    expect((await t.app.inject({ url: '/api/user/offers?status=draft', headers: { cookie: agentJar.cookie } })).json().data.map((o: { id: number }) => o.id)).toEqual([draft.id])
    expect((await send(t.app, agencyJar, 'PATCH', '/api/user/agents/settings', { agents_share_listings: false })).statusCode).toBe(204)
    // An agent is not a company: they cannot list, invite or remove anyone (the company least of all).
    expect((await list(agentJar)).status).toBe(403)
    expect((await send(t.app, agentJar, 'DELETE', `/api/user/agents/${agency.id}`)).statusCode).toBe(403)
    // Resending to an active agent: 400.
    const active = await t.app.inject({ url: `/api/user/agents/resend-email/${agentId}`, headers: { cookie: agencyJar.cookie, 'x-xsrf-token': agencyJar.xsrf } })
    expect(active.statusCode).toBe(400)
    expect(active.json().code).toBe('already_active')

    // Removal: the listing stays with the company, no longer naming the agent; the agent's sessions end.
    expect((await send(t.app, agencyJar, 'DELETE', `/api/user/agents/${agentId}`)).statusCode).toBe(204)
    const [kept] = await t.db.db.select().from(listings).where(eq(listings.id, created.id))
    expect(kept).toMatchObject({ userId: agency.id, agentId: null })
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: agentJar.cookie } })).statusCode).toBe(401)
    expect((await list(agencyJar)).body.data).toEqual([])
    expect((await send(t.app, agencyJar, 'DELETE', `/api/user/agents/${agentId}`)).statusCode).toBe(404)
  })

  it('resend: new link, the old one stops working; another company 404; throttled; expired tokens refused', async () => {
    const res = await send(t.app, agencyJar, 'POST', '/api/user/agents', { name: 'Piotr Nowy', email: 'piotr@example.com' })
    const id = res.json().id as number
    const first = tokenFrom((await smtp.next()).text!)
    expect((await t.app.inject({ url: `/api/user/agents/resend-email/${id}`, headers: { cookie: otherJar.cookie, 'x-xsrf-token': otherJar.xsrf } })).statusCode).toBe(404)
    // The GET changes state (a new link): without the CSRF header it is refused like a POST (issue 29 L5).
    const forged = await t.app.inject({ url: `/api/user/agents/resend-email/${id}`, headers: { cookie: agencyJar.cookie } })
    expect(forged.statusCode).toBe(419)
    expect((await t.app.inject({ url: `/api/user/agents/resend-email/${id}`, headers: { cookie: agencyJar.cookie, 'x-xsrf-token': 'x' } })).statusCode).toBe(419)
    const resend = await t.app.inject({ url: `/api/user/agents/resend-email/${id}`, headers: { cookie: agencyJar.cookie, 'x-xsrf-token': agencyJar.xsrf } })
    expect(resend.statusCode).toBe(200)
    expect(resend.json()).toEqual({ message: 'Na email agenta został wysłany link aktywacyjny' })
    const second = tokenFrom((await smtp.next()).text!)
    expect(second).not.toBe(first)
    const g = await startSession(t.app)
    expect((await send(t.app, g, 'POST', '/api/auth/set-password', { token: first, password: 'Haslo123', password_confirmation: 'Haslo123' })).json().code).toBe('token_invalid')
    // Expired: the link is 7 days old.
    await t.db.db.update(authTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(authTokens.userId, id))
    const late = await send(t.app, g, 'POST', '/api/auth/set-password', { token: second, password: 'Haslo123', password_confirmation: 'Haslo123' })
    expect(late.statusCode).toBe(400)
    expect(late.json().code).toBe('token_expired')
    const [u] = await t.db.db.select().from(users).where(eq(users.id, id))
    expect(u!.passwordHash).toBeNull()
    // Throttle: 3 resends per 15 minutes.
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ url: `/api/user/agents/resend-email/${id}`, headers: { cookie: agencyJar.cookie, 'x-xsrf-token': agencyJar.xsrf } })).statusCode).toBe(200)
      await smtp.next()
    }
    const limited = await t.app.inject({ url: `/api/user/agents/resend-email/${id}`, headers: { cookie: agencyJar.cookie, 'x-xsrf-token': agencyJar.xsrf } })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await t.app.inject({ url: '/api/user/agents/resend-email/abc', headers: { cookie: agencyJar.cookie, 'x-xsrf-token': agencyJar.xsrf } })).statusCode).toBe(404)
  })
})
