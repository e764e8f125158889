import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { messages, throttles } from '@portal/db'
import { MESSAGE_MESSAGES, threadSchema, threadsPageSchema } from '@portal/contracts/messages'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from '../offers/test-support.ts'
import { MESSAGE_LIMITS } from '../../../lib/messages/send.ts'

const tokenFrom = (text: string) => {
  const m = /\/wiadomosci\/potwierdz\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!m) throw new Error(`no confirmation link in: ${text}`)
  return m[1]!
}

/** Messages: guest verification, the inbox, replies, read/archive/block/report, scam flags, throttles, ownership. */
describe('/api/messages', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let owner: Awaited<ReturnType<typeof createUser>>
  let ownerJar: Jar
  let strangerJar: Jar
  let listingId: number

  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ CAPTCHA: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    owner = await createUser(t.db, { email: 'wlasciciel@example.com', name: 'Olga Właścicielka' })
    ownerJar = await login(t.app, owner.email)
    strangerJar = await login(t.app, (await createUser(t.db, { email: 'obcy@example.com' })).email)
    listingId = (await createOffer(t.app, ownerJar, { title: 'Mieszkanie 2 pokoje Mokotów' })).id
  })
  afterEach(async () => { await t.db.db.delete(throttles) })
  afterAll(async () => { await t.close(); await smtp.close() })

  const inbox = async (jar: Jar, q = '') => threadsPageSchema.parse((await t.app.inject({ url: `/api/messages${q}`, headers: { cookie: jar.cookie } })).json())
  const thread = async (jar: Jar, id: number) => t.app.inject({ url: `/api/messages/${id}`, headers: { cookie: jar.cookie } })
  /** The user's unread bell notifications about messages. */
  const bell = async (jar: Jar) => ((await t.app.inject({ url: '/api/user/notifications', headers: { cookie: jar.cookie } })).json().data as Array<{ message: string; link: string }>)
    .filter((n) => n.message.startsWith('Nowa wiadomość od'))

  it('a guest message waits for the e-mail link, then reaches the owner (mail with Reply-To, inbox, unread); the owner replies by mail', async () => {
    const g = await startSession(t.app)
    const res = await send(t.app, g, 'POST', `/api/offers/${listingId}/contact`, {
      name: 'Gość Gabriela', email: 'Gabi@Example.com', phone: '', message: 'Dzień dobry, czy mogę obejrzeć w sobotę?',
      want_to_see: { mode: 'time', date: new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10), time: '10:30' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'verify_email', message: MESSAGE_MESSAGES.verifyEmail })
    const verify = await smtp.next()
    expect(verify.subject).toBe('Potwierdź wysłanie wiadomości')
    expect((verify.to as { text: string }).text).toBe('gabi@example.com')
    // Nothing reached the owner yet: no thread, no mail, no bell.
    expect((await inbox(ownerJar)).data).toEqual([])
    expect(smtp.pending()).toBe(0)
    expect(await bell(ownerJar)).toEqual([])

    const token = tokenFrom(verify.text!)
    const ok = await send(t.app, g, 'POST', '/api/messages/confirm', { token })
    expect(ok.statusCode).toBe(200)
    const mail = await smtp.next()
    expect((mail.to as { text: string }).text).toBe('wlasciciel@example.com')
    expect((mail.replyTo as { value: { address: string }[] }).value[0]!.address).toBe('gabi@example.com')
    expect(mail.text).toContain('Chcę obejrzeć nieruchomość')
    expect(mail.text).toContain('godz. 10:30')
    // It invites a reply by mail, so it must not also ask not to reply (issue 29).
    expect(mail.text).toContain('odpisać na tę wiadomość')
    expect(`${mail.text}${mail.html}`).not.toMatch(/nie odpowiadać/i)
    // Single use.
    const again = await send(t.app, g, 'POST', '/api/messages/confirm', { token })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('token_invalid')

    const box = await inbox(ownerJar)
    expect(box.unread).toBe(1)
    // The owner's bell: once, opening the conversation (a second confirmation delivers nothing more).
    expect(await bell(ownerJar)).toEqual([expect.objectContaining({ type: 'info', message: 'Nowa wiadomość od Gość Gabriela: Mieszkanie 2 pokoje Mokotów', link: `/wiadomosci/${box.data[0]!.id}` })])
    expect(box.data).toEqual([expect.objectContaining({ role: 'owner', unread: 1, with: { name: 'Gość Gabriela', profile_url: null }, listing: expect.objectContaining({ id: listingId }) })])
    const id = box.data[0]!.id
    expect((await t.app.inject({ url: '/api/messages/unread', headers: { cookie: ownerJar.cookie } })).json()).toEqual({ unread: 1 })
    // Without a session: none (a badge's request still on its way while its person logs out answers 0, not 401).
    const guest = await t.app.inject({ url: '/api/messages/unread' })
    expect(guest.statusCode).toBe(200)
    expect(guest.json()).toEqual({ unread: 0 })
    const view = threadSchema.parse((await thread(ownerJar, id)).json())
    expect(view.contact).toEqual({ email: 'gabi@example.com', phone: null })
    expect(view.messages).toEqual([expect.objectContaining({ mine: false, want_to_see: expect.objectContaining({ mode: 'time', time: '10:30' }), links_allowed: false, scam: [] })])
    expect((await send(t.app, ownerJar, 'POST', `/api/messages/${id}/read`)).statusCode).toBe(204)
    expect((await inbox(ownerJar)).unread).toBe(0)

    // Not the stranger's business: 404 for every call.
    expect((await thread(strangerJar, id)).statusCode).toBe(404)
    expect((await send(t.app, strangerJar, 'POST', `/api/messages/${id}/reply`, { message: 'x' })).statusCode).toBe(404)
    expect((await send(t.app, strangerJar, 'POST', `/api/messages/${id}/archive`, { value: true })).statusCode).toBe(404)
    expect((await t.app.inject('/api/messages')).statusCode).toBe(401)

    const r = await send(t.app, ownerJar, 'POST', `/api/messages/${id}/reply`, { message: 'Zapraszam w sobotę o 10:30.' })
    expect(r.statusCode).toBe(201)
    expect(r.json().messages).toHaveLength(2)
    const answer = await smtp.next()
    expect((answer.to as { text: string }).text).toBe('gabi@example.com')
    expect(answer.text).toContain('Zapraszam w sobotę o 10:30.')
    expect(answer.replyTo).toBeUndefined()

    // Archive, then a new message from the same address brings it back to the inbox.
    expect((await send(t.app, ownerJar, 'POST', `/api/messages/${id}/archive`, { value: true })).statusCode).toBe(204)
    expect((await inbox(ownerJar)).data).toEqual([])
    expect((await inbox(ownerJar, '?folder=archived')).data.map((d) => d.id)).toEqual([id])

    // Block: the address can no longer write (403), the owner can unblock.
    expect((await send(t.app, ownerJar, 'POST', `/api/messages/${id}/block`, { value: true })).statusCode).toBe(204)
    const blocked = await send(t.app, g, 'POST', `/api/offers/${listingId}/contact`, { name: 'Gabi', email: 'gabi@example.com', message: 'Halo?' })
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().message).toBe(MESSAGE_MESSAGES.blocked)
    expect((await send(t.app, ownerJar, 'POST', `/api/messages/${id}/block`, { value: false })).statusCode).toBe(204)
  })

  it('a logged-in sender: delivered at once, both inboxes, replies both ways with unread counts; scam flags for the recipient only; report', async () => {
    const buyer = await createUser(t.db, { email: 'kupujacy@example.com', name: 'Kuba Kupujący' })
    const buyerJar = await login(t.app, buyer.email)
    const scam = 'Jestem za granicą. Proszę o zaliczkę 500 zł na konto PL61 1090 1014 0000 0712 1981 2874, wtedy wyślę klucze.'
    // Here the advertiser writes first to the buyer? No: the buyer writes, the owner answers with a scam-like text.
    const res = await send(t.app, buyerJar, 'POST', `/api/offers/${listingId}/contact`, { name: 'Kuba', email: 'kupujacy@example.com', message: 'Czy aktualne? https://example.com/plan', want_to_see: { mode: 'asap' } })
    expect(res.statusCode).toBe(204)
    await smtp.next()
    const mine = await inbox(buyerJar)
    expect(mine.data).toEqual([expect.objectContaining({ role: 'counterpart', unread: 0, with: expect.objectContaining({ name: 'Olga Właścicielka' }) })])
    const id = mine.data[0]!.id
    expect((await bell(ownerJar)).filter((n) => n.link === `/wiadomosci/${id}`).map((n) => n.message)).toEqual(['Nowa wiadomość od Kuba: Mieszkanie 2 pokoje Mokotów'])
    expect(await bell(buyerJar)).toEqual([])
    const ownerView = threadSchema.parse((await thread(ownerJar, id)).json())
    expect(ownerView.messages[0]).toMatchObject({ links_allowed: true, want_to_see: { mode: 'asap', date: null, time: null } })

    const r = await send(t.app, ownerJar, 'POST', `/api/messages/${id}/reply`, { message: scam })
    expect(r.statusCode).toBe(201)
    await smtp.next()
    expect((await inbox(buyerJar)).unread).toBe(1)
    // The buyer has an account: the answer rings their bell too.
    expect(await bell(buyerJar)).toEqual([expect.objectContaining({ message: 'Nowa wiadomość od Olga Właścicielka: Mieszkanie 2 pokoje Mokotów', link: `/wiadomosci/${id}` })])
    const buyerView = threadSchema.parse((await thread(buyerJar, id)).json())
    expect(buyerView.messages[1]).toMatchObject({ mine: false, scam: ['prepayment', 'bank_account'] })
    expect(buyerView.contact).toBeNull()
    // The writer does not get a warning about their own text.
    expect(threadSchema.parse((await thread(ownerJar, id)).json()).messages[1]!.scam).toEqual([])
    expect((await inbox(buyerJar)).data[0]!.scam).toBe(false)

    // Report the scam message; the sender side cannot block the advertiser.
    const msgId = buyerView.messages[1]!.id
    expect((await send(t.app, buyerJar, 'POST', `/api/messages/${id}/messages/${msgId}/report`, { reason: 'oszustwo' })).statusCode).toBe(204)
    const [row] = await t.db.db.select().from(messages).where(eq(messages.id, msgId))
    expect(row).toMatchObject({ reportReason: 'oszustwo' })
    expect(row!.reportedAt).not.toBeNull()
    expect((await send(t.app, buyerJar, 'POST', `/api/messages/${id}/messages/${buyerView.messages[0]!.id}/report`, { reason: 'spam' })).statusCode).toBe(404)
    expect((await send(t.app, buyerJar, 'POST', `/api/messages/${id}/messages/${msgId}/report`, { reason: 'x' })).statusCode).toBe(422)
    expect((await send(t.app, buyerJar, 'POST', `/api/messages/${id}/block`, { value: true })).statusCode).toBe(403)

    // The buyer answers; the owner is mailed with Reply-To and sees the unread count.
    expect((await send(t.app, buyerJar, 'POST', `/api/messages/${id}/reply`, { message: 'Nie wpłacę zaliczki przed obejrzeniem.' })).statusCode).toBe(201)
    const toOwner = await smtp.next()
    expect((toOwner.to as { text: string }).text).toBe('wlasciciel@example.com')
    expect((await bell(ownerJar)).filter((n) => n.link === `/wiadomosci/${id}`)).toHaveLength(2)
    expect((await t.app.inject({ url: '/api/messages/unread', headers: { cookie: ownerJar.cookie } })).json().unread).toBeGreaterThan(0)
    // Writing to oneself is refused.
    expect((await send(t.app, ownerJar, 'POST', `/api/offers/${listingId}/contact`, { name: 'Olga', email: owner.email, message: 'test' })).statusCode).toBe(403)
  })

  it('profile contact; expired links; 422 for a viewing time; throttles per sender and per recipient', async () => {
    const g = await startSession(t.app)
    const bad = await send(t.app, g, 'POST', `/api/profile/${owner.id}/contact`, { name: 'A', email: 'a@example.com', message: 'Hej', want_to_see: { mode: 'time', date: '2020-01-01', time: '25:00' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ 'want_to_see.date': [MESSAGE_MESSAGES.dateInvalid], 'want_to_see.time': [MESSAGE_MESSAGES.timeInvalid] })
    const ok = await send(t.app, g, 'POST', `/api/profile/${owner.id}-olga/contact`, { name: 'Adam', email: 'adam@example.com', message: 'Dzień dobry, szukam mieszkania.' })
    expect(ok.statusCode).toBe(200)
    const token = tokenFrom((await smtp.next()).text!)
    await t.db.db.update(messages).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(messages.fromEmail, 'adam@example.com'))
    const late = await send(t.app, g, 'POST', '/api/messages/confirm', { token })
    expect(late.statusCode).toBe(400)
    expect(late.json().code).toBe('token_expired')
    expect((await send(t.app, g, 'POST', '/api/messages/confirm', { token: 'x'.repeat(43) })).json().code).toBe('token_invalid')

    // Per sender address (whatever the IP).
    MESSAGE_LIMITS.perSender.max = 2
    for (const ip of ['10.1.0.1', '10.1.0.2']) {
      const r = await t.app.inject({ method: 'POST', url: `/api/profile/${owner.id}/contact`, remoteAddress: ip, headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf }, payload: { name: 'Z', email: 'z@example.com', message: 'Hej' } })
      expect(r.statusCode).toBe(200)
      await smtp.next()
    }
    const over = await t.app.inject({ method: 'POST', url: `/api/profile/${owner.id}/contact`, remoteAddress: '10.1.0.3', headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf }, payload: { name: 'Z', email: 'z@example.com', message: 'Hej' } })
    expect(over.statusCode).toBe(429)
    MESSAGE_LIMITS.perSender.max = 10
    // Per recipient (many unconfirmed guests, many IPs).
    await t.db.db.delete(throttles)
    MESSAGE_LIMITS.perRecipientUnconfirmed.max = 2
    for (const [i, ip] of ['10.2.0.1', '10.2.0.2'].entries()) {
      const r = await t.app.inject({ method: 'POST', url: `/api/profile/${owner.id}/contact`, remoteAddress: ip, headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf }, payload: { name: 'Y', email: `y${i}@example.com`, message: 'Hej' } })
      expect(r.statusCode).toBe(200)
      await smtp.next()
    }
    const flood = await t.app.inject({ method: 'POST', url: `/api/profile/${owner.id}/contact`, remoteAddress: '10.2.0.9', headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf }, payload: { name: 'Y', email: 'y9@example.com', message: 'Hej' } })
    expect(flood.statusCode).toBe(429)
    MESSAGE_LIMITS.perRecipientUnconfirmed.max = 30
    expect((await send(t.app, g, 'POST', '/api/profile/999999/contact', { name: 'Y', email: 'y@example.com', message: 'Hej' })).statusCode).toBe(404)
  })
  it('issue 29 M1/M2: unconfirmed guests cannot put a real buyer or a claimed address at 429 (decision 050)', async () => {
    const buyer = await login(t.app, (await createUser(t.db, { email: 'm2-kupujacy@example.com' })).email)
    const g = await startSession(t.app)
    const guest = (ip: string, email: string) => t.app.inject({
      method: 'POST', url: `/api/offers/${listingId}/contact`, remoteAddress: ip, headers: { cookie: g.cookie, 'x-xsrf-token': g.xsrf },
      payload: { name: 'Gość', email, message: 'Dzień dobry, czy aktualne?' },
    })
    const buyerWrites = () => send(t.app, buyer, 'POST', `/api/offers/${listingId}/contact`, { name: 'Kupujący', email: 'm2-kupujacy@example.com', message: 'Poproszę o kontakt.' })
    // M1: 32 guest messages from 4 addresses, none confirmed: the last two are held back, the advertiser is not.
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push((await guest(`10.9.0.${1 + (i % 4)}`, `gosc${i}@example.com`)).statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(MESSAGE_LIMITS.perRecipientUnconfirmed.max)
    expect(statuses.slice(-2)).toEqual([429, 429])
    expect((await buyerWrites()).statusCode).toBe(204)

    // M2: 10 guest messages claiming a logged-in person's address do not stop that person writing.
    await t.db.db.delete(throttles)
    for (let i = 0; i < 10; i++) expect((await guest(`10.9.1.${i + 1}`, 'm2-kupujacy@example.com')).statusCode).toBe(200)
    expect((await guest('10.9.1.50', 'm2-kupujacy@example.com')).statusCode).toBe(429)
    expect((await buyerWrites()).statusCode).toBe(204)

    // A guest's message counts toward the advertiser's cap of confirmed messages once its link is clicked.
    await t.app.mailer.flush()
    while (smtp.pending()) await smtp.next()
    await t.db.db.delete(throttles)
    MESSAGE_LIMITS.perRecipient.max = 1
    try {
      expect((await guest('10.9.2.1', 'potwierdzony@example.com')).statusCode).toBe(200)
      const token = tokenFrom((await smtp.next()).text!)
      expect((await send(t.app, g, 'POST', '/api/messages/confirm', { token })).statusCode).toBe(200)
      expect((await buyerWrites()).statusCode).toBe(429)
    } finally {
      MESSAGE_LIMITS.perRecipient.max = 30
    }
    await t.app.mailer.flush()
    while (smtp.pending()) await smtp.next()
  }, 60_000)
})
