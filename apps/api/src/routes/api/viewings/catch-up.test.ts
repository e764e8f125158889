import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { listings, viewingBookings } from '@portal/db'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { startSmtpListener } from '../../../mail/test-smtp.ts'
import { createUser } from '../auth/test-support.ts'
import { catchUpReminders, sendReminder } from '../../../lib/viewings/reminders.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const H = 3600_000

describe('viewing reminders caught up after downtime (decision 070)', () => {
  let t: T, smtp: Awaited<ReturnType<typeof startSmtpListener>>, listingId: number, ownerId: number
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.test' })
    ownerId = (await createUser(t.db, { email: 'dom@example.com', name: 'Ola Dom' })).id
    ;[listingId] = await insertListings(t.db, [{ title: 'Kamienica' }]) as [number]
    await t.db.db.update(listings).set({ userId: ownerId }).where(eq(listings.id, listingId))
  })
  afterAll(async () => { await t.close(); await smtp.close() })

  /** A confirmed visit at now + `inH` hours, last changed `changedH` hours ago. */
  async function visit(email: string, inH: number, changedH: number, status: 'confirmed' | 'cancelled' = 'confirmed') {
    const start = new Date(Math.floor((Date.now() + inH * H) / 60_000) * 60_000)
    const changed = new Date(Date.now() - changedH * H)
    const [row] = await t.db.db.insert(viewingBookings).values({
      listingId, ownerId, name: 'Gość', email, startsAt: start, endsAt: new Date(start.getTime() + H), status,
      verifiedAt: changed, createdAt: changed, updatedAt: changed,
    }).returning()
    return row!
  }

  it('sends on start what fell due while down, once; the 2-hour one alone when both are due; none for cancelled, begun or not owed visits', async () => {
    const tenH = await visit('dziesiec@example.com', 10, 72) // the 24-hour reminder fell due 14 h ago
    const oneH = await visit('jedna@example.com', 1, 72) // both fell due: only the 2-hour one
    await visit('odwolana@example.com', 1, 72, 'cancelled')
    await visit('trwa@example.com', -0.2, 72) // already begun
    await visit('pozno@example.com', 5, 1) // booked 5 h ahead: no 24-hour reminder was ever owed
    await visit('daleko@example.com', 30, 72) // nothing due yet

    expect(await catchUpReminders(t.app)).toBe(2)
    const mails: ParsedMail[] = []
    for (let i = 0; i < 4; i++) mails.push(await smtp.next())
    const toOf = (m: ParsedMail) => (m.to as { text: string }).text
    const visitorMails = mails.filter((m) => !toOf(m).includes('dom@example.com'))
    expect(visitorMails.map(toOf).sort()).toEqual(['dziesiec@example.com', 'jedna@example.com'])
    const ten = visitorMails.find((m) => toOf(m).includes('dziesiec'))!, one = visitorMails.find((m) => toOf(m).includes('jedna'))!
    expect(ten.subject).toMatch(/^Przypomnienie: (dziś|jutro) oglądanie – Kamienica$/)
    expect(one.subject).toMatch(/^Przypomnienie: oglądanie dziś o \d\d:\d\d – Kamienica$/)

    // Never twice: a second start, and the late jobs themselves, send nothing more.
    expect(await catchUpReminders(t.app)).toBe(0)
    expect(await sendReminder(t.app, { id: oneH.id, hours: 24, start: oneH.startsAt.toISOString() })).toBe(false)
    expect(await sendReminder(t.app, { id: oneH.id, hours: 2, start: oneH.startsAt.toISOString() })).toBe(false)
    expect(await sendReminder(t.app, { id: tenH.id, hours: 24, start: tenH.startsAt.toISOString() })).toBe(false)
    const [stamped] = await t.db.db.select().from(viewingBookings).where(eq(viewingBookings.id, oneH.id))
    expect(stamped!.reminded2At).not.toBeNull()
    expect(stamped!.reminded24At).not.toBeNull()

    // The visit 10 h ahead still gets its 2-hour reminder when that falls due (its job, or catch-up).
    await t.db.db.update(viewingBookings).set({ startsAt: new Date(Date.now() + 1.5 * H) }).where(eq(viewingBookings.id, tenH.id))
    expect(await catchUpReminders(t.app)).toBe(1)
    await smtp.next(); await smtp.next()
    expect(await catchUpReminders(t.app)).toBe(0)
  })
})
