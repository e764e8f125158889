import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { listingPhotos, listings, messageBlocks, messages, messageThreads, users, type DbHandle, type WantToSee } from '@portal/db'
import { photoUrl } from '@portal/contracts/listing'
import { MESSAGE_MESSAGES, type Thread, type ThreadSummary } from '@portal/contracts/messages'
import { profilePath } from '@portal/contracts/people'
import { scamReasons, type ScamReason } from '@portal/contracts/scam'
import { HttpError, notFound } from '../http/errors.ts'
import type { UserRow } from '../accounts/guard.ts'
import { displayName } from '../people/profile.ts'

/**
 * Conversations between an advertiser (owner) and a sender (counterpart). A thread is one listing (or profile) and
 * one sender address; the first message comes from the contact form, the rest are replies in the app. A guest's
 * message is held until the guest clicks the e-mailed link, then delivered like any other.
 */
export type ThreadRow = typeof messageThreads.$inferSelect
export type MessageRow = typeof messages.$inferSelect
export const VERIFY_TTL_MS = 48 * 3600_000
export const THREADS_PER_PAGE = 20

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

export interface NewMessage {
  owner: UserRow
  listing: { id: number; title: string; slug: string } | null
  sender: UserRow | null
  name: string
  email: string
  phone: string | null
  body: string
  wantToSee: WantToSee | null
  ip: string
}

/** 403 when the owner blocked this address, or the sender writes to themselves. */
export async function assertMayWrite(db: DbHandle, ownerId: number, email: string, senderId: number | null): Promise<void> {
  if (senderId === ownerId) throw new HttpError(403, 'forbidden', MESSAGE_MESSAGES.ownListing)
  const [block] = await db.db.select().from(messageBlocks).where(and(eq(messageBlocks.userId, ownerId), eq(messageBlocks.email, email))).limit(1)
  if (block) throw new HttpError(403, 'blocked', MESSAGE_MESSAGES.blocked)
}

async function threadFor(db: DbHandle, m: NewMessage): Promise<ThreadRow> {
  const listingCond = m.listing ? eq(messageThreads.listingId, m.listing.id) : isNull(messageThreads.listingId)
  const [found] = await db.db.select().from(messageThreads)
    .where(and(eq(messageThreads.ownerId, m.owner.id), eq(messageThreads.counterpartEmail, m.email), listingCond)).limit(1)
  if (found) return found
  const [row] = await db.db.insert(messageThreads).values({
    listingId: m.listing?.id ?? null, ownerId: m.owner.id, counterpartId: m.sender?.id ?? null, counterpartName: m.name,
    counterpartEmail: m.email, counterpartPhone: m.phone, subject: m.listing ? m.listing.title : `Wiadomość do: ${displayName(m.owner)}`,
  }).returning()
  return row!
}

/**
 * Stores the first message of a conversation (or the next one the sender writes from the form). A logged-in sender's
 * message is delivered at once; a guest's waits for the returned token's link.
 */
export async function createMessage(db: DbHandle, m: NewMessage): Promise<{ thread: ThreadRow; message: MessageRow; token: string | null; scam: ScamReason[] }> {
  const thread = await threadFor(db, m)
  const token = m.sender ? null : randomBytes(32).toString('base64url')
  const scam = scamReasons(m.body)
  const [message] = await db.db.insert(messages).values({
    threadId: thread.id, listingId: m.listing?.id ?? null, toUserId: m.owner.id, fromUserId: m.sender?.id ?? null, fromSide: 'counterpart',
    fromName: m.name, fromEmail: m.email, fromPhone: m.phone, body: m.body, wantToSee: m.wantToSee, scam,
    verifyTokenHash: token ? sha256(token) : null, verifiedAt: token ? null : sql`now()`, ip: m.ip,
  }).returning()
  if (!token) await delivered(db, thread.id, 'counterpart', m.sender?.id ?? null, m.phone)
  return { thread, message: message!, token, scam }
}

/** A delivered message raises the other side's unread count, brings the thread back from the archive, dates it. */
async function delivered(db: DbHandle, threadId: number, from: 'owner' | 'counterpart', senderId: number | null, phone?: string | null) {
  await db.db.update(messageThreads).set(from === 'counterpart'
    ? { ownerUnread: sql`${messageThreads.ownerUnread} + 1`, ownerArchivedAt: null, lastMessageAt: sql`now()`,
      ...(senderId ? { counterpartId: senderId } : {}), ...(phone ? { counterpartPhone: phone } : {}) }
    : { counterpartUnread: sql`${messageThreads.counterpartUnread} + 1`, counterpartArchivedAt: null, lastMessageAt: sql`now()` })
    .where(eq(messageThreads.id, threadId))
}

/** The guest clicked the link: the message is delivered once (a second click or an old link: 400). */
export async function confirmMessage(db: DbHandle, token: string): Promise<{ thread: ThreadRow; message: MessageRow }> {
  const [row] = await db.db.select().from(messages).where(eq(messages.verifyTokenHash, sha256(token))).limit(1)
  if (!row || row.verifiedAt || !row.threadId) throw new HttpError(400, 'token_invalid', MESSAGE_MESSAGES.tokenInvalid)
  if (Date.now() - new Date(row.createdAt).getTime() > VERIFY_TTL_MS) throw new HttpError(400, 'token_expired', MESSAGE_MESSAGES.tokenExpired)
  const done = await db.db.update(messages).set({ verifiedAt: sql`now()`, verifyTokenHash: null })
    .where(and(eq(messages.id, row.id), isNull(messages.verifiedAt))).returning()
  if (!done.length) throw new HttpError(400, 'token_invalid', MESSAGE_MESSAGES.tokenInvalid)
  await delivered(db, row.threadId, 'counterpart', null, row.fromPhone)
  const [thread] = await db.db.select().from(messageThreads).where(eq(messageThreads.id, row.threadId))
  return { thread: thread!, message: done[0]! }
}

const mineCond = (userId: number): SQL => or(eq(messageThreads.ownerId, userId), eq(messageThreads.counterpartId, userId))!
/** Threads the user sees: as owner only once a message was delivered (a guest's held message is not there yet). */
const visibleCond = (userId: number): SQL => or(
  and(eq(messageThreads.ownerId, userId), isNotNull(messageThreads.lastMessageAt)),
  eq(messageThreads.counterpartId, userId),
)!

export async function unreadCount(db: DbHandle, userId: number): Promise<number> {
  const [r] = await db.db.select({
    n: sql<number>`coalesce(sum(case when ${messageThreads.ownerId} = ${userId} then ${messageThreads.ownerUnread} else ${messageThreads.counterpartUnread} end), 0)`.mapWith(Number),
  }).from(messageThreads).where(mineCond(userId))
  return r?.n ?? 0
}

/** The thread if the user takes part in it, else 404 (never revealing another's conversation). */
export async function userThread(db: DbHandle, user: UserRow, idParam: string): Promise<{ thread: ThreadRow; role: 'owner' | 'counterpart' }> {
  if (!/^\d{1,15}$/.test(idParam)) throw notFound(MESSAGE_MESSAGES.notFound)
  const [thread] = await db.db.select().from(messageThreads).where(and(eq(messageThreads.id, Number(idParam)), visibleCond(user.id))).limit(1)
  if (!thread) throw notFound(MESSAGE_MESSAGES.notFound)
  return { thread, role: thread.ownerId === user.id ? 'owner' : 'counterpart' }
}

async function summaries(db: DbHandle, user: UserRow, rows: ThreadRow[]): Promise<ThreadSummary[]> {
  if (!rows.length) return []
  const listingIds = [...new Set(rows.map((r) => r.listingId).filter((x): x is number => x !== null))]
  const ls = listingIds.length ? await db.db.select({ id: listings.id, title: listings.title, slug: listings.slug }).from(listings).where(inArray(listings.id, listingIds)) : []
  const photos = listingIds.length ? await db.db.select({ listingId: listingPhotos.listingId, key: listingPhotos.storageKey, position: listingPhotos.position })
    .from(listingPhotos).where(and(inArray(listingPhotos.listingId, listingIds), eq(listingPhotos.kind, 'photo'))).orderBy(asc(listingPhotos.position), asc(listingPhotos.id)) : []
  const photoBy = new Map<number, string>()
  for (const p of photos) if (!photoBy.has(p.listingId)) photoBy.set(p.listingId, photoUrl(p.key, 'sm'))
  const owners = await db.db.select().from(users).where(inArray(users.id, [...new Set(rows.map((r) => r.ownerId))]))
  const ownerBy = new Map(owners.map((o) => [o.id, o]))
  const last = await db.db.execute(sql`select distinct on (thread_id) thread_id, body, scam from messages
    where thread_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)}) and verified_at is not null order by thread_id, created_at desc, id desc`)
  const lastBy = new Map(((last as unknown as { rows: { thread_id: string | number; body: string }[] }).rows).map((r) => [Number(r.thread_id), r.body]))
  const scamRows = await db.db.select({ threadId: messages.threadId }).from(messages)
    .where(and(inArray(messages.threadId, rows.map((r) => r.id)), isNotNull(messages.verifiedAt), sql`cardinality(${messages.scam}) > 0`))
  const scamThreads = new Set(scamRows.map((r) => Number(r.threadId)))
  const blocks = await db.db.select().from(messageBlocks).where(eq(messageBlocks.userId, user.id))
  const blocked = new Set(blocks.map((b) => b.email))
  return rows.map((r) => {
    const role = r.ownerId === user.id ? 'owner' as const : 'counterpart' as const
    const owner = ownerBy.get(r.ownerId)
    const l = r.listingId ? ls.find((x) => x.id === r.listingId) : undefined
    return {
      id: r.id,
      subject: r.subject,
      listing: l ? { id: l.id, title: l.title, slug: l.slug, photo: photoBy.get(l.id) ?? null } : null,
      with: role === 'owner'
        ? { name: r.counterpartName, profile_url: r.counterpartId ? profilePath(r.counterpartId, r.counterpartName) : null }
        : { name: owner ? displayName(owner) : 'Ogłoszeniodawca', profile_url: owner ? profilePath(owner.id, displayName(owner)) : null },
      role,
      last_message: (lastBy.get(r.id) ?? '').slice(0, 160),
      last_message_at: new Date(r.lastMessageAt ?? r.createdAt).toISOString(),
      unread: role === 'owner' ? r.ownerUnread : r.counterpartUnread,
      archived: !!(role === 'owner' ? r.ownerArchivedAt : r.counterpartArchivedAt),
      blocked: role === 'owner' && blocked.has(r.counterpartEmail),
      scam: role === 'owner' ? scamThreads.has(r.id) : false,
    }
  })
}

/** The inbox (or the archive), newest conversation first. */
export async function listThreads(db: DbHandle, user: UserRow, archived: boolean, page: number) {
  const archivedCond = archived
    ? or(and(eq(messageThreads.ownerId, user.id), isNotNull(messageThreads.ownerArchivedAt)), and(eq(messageThreads.counterpartId, user.id), isNotNull(messageThreads.counterpartArchivedAt)))!
    : or(and(eq(messageThreads.ownerId, user.id), isNull(messageThreads.ownerArchivedAt)), and(eq(messageThreads.counterpartId, user.id), isNull(messageThreads.counterpartArchivedAt)))!
  const where = and(visibleCond(user.id), archivedCond)!
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(messageThreads).where(where) as [{ n: number }]
  const rows = await db.db.select().from(messageThreads).where(where)
    .orderBy(desc(sql`coalesce(${messageThreads.lastMessageAt}, ${messageThreads.createdAt})`), desc(messageThreads.id))
    .limit(THREADS_PER_PAGE).offset((page - 1) * THREADS_PER_PAGE)
  return {
    data: await summaries(db, user, rows), total: n, page, per_page: THREADS_PER_PAGE,
    last_page: Math.max(1, Math.ceil(n / THREADS_PER_PAGE)), unread: await unreadCount(db, user.id),
  }
}

/** One conversation with its delivered messages (plus the user's own held ones), oldest first. */
export async function threadView(db: DbHandle, user: UserRow, thread: ThreadRow): Promise<Thread> {
  const [summary] = await summaries(db, user, [thread])
  const rows = await db.db.select().from(messages).where(and(eq(messages.threadId, thread.id), isNotNull(messages.verifiedAt)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
  const senderIds = [...new Set(rows.map((r) => r.fromUserId).filter((x): x is number => x !== null))]
  const verified = senderIds.length
    ? new Set((await db.db.select({ id: users.id }).from(users).where(and(inArray(users.id, senderIds), isNotNull(users.emailVerifiedAt)))).map((u) => u.id))
    : new Set<number>()
  const role = summary!.role
  return {
    ...summary!,
    contact: role === 'owner' ? { email: thread.counterpartEmail, phone: thread.counterpartPhone } : null,
    messages: rows.map((r) => ({
      id: r.id,
      mine: r.fromSide === role,
      from_name: r.fromName,
      body: r.body,
      want_to_see: r.wantToSee ? { mode: r.wantToSee.mode, date: r.wantToSee.date ?? null, time: r.wantToSee.time ?? null } : null,
      // The warning is for the recipient; the sender sees their own text as written.
      scam: r.fromSide !== role ? (r.scam as ScamReason[]) : [],
      links_allowed: r.fromUserId !== null && verified.has(r.fromUserId),
      reported: !!r.reportedAt,
      created_at: new Date(r.createdAt).toISOString(),
    })),
  }
}

export async function markRead(db: DbHandle, thread: ThreadRow, role: 'owner' | 'counterpart') {
  await db.db.update(messageThreads).set(role === 'owner' ? { ownerUnread: 0 } : { counterpartUnread: 0 }).where(eq(messageThreads.id, thread.id))
}

export async function setArchived(db: DbHandle, thread: ThreadRow, role: 'owner' | 'counterpart', value: boolean) {
  const at = value ? sql`now()` : null
  await db.db.update(messageThreads).set(role === 'owner' ? { ownerArchivedAt: at } : { counterpartArchivedAt: at }).where(eq(messageThreads.id, thread.id))
}

/** Only the advertiser blocks: the sender's address can no longer write to them (any listing, any thread). */
export async function setBlocked(db: DbHandle, user: UserRow, thread: ThreadRow, value: boolean) {
  if (value) await db.db.insert(messageBlocks).values({ userId: user.id, email: thread.counterpartEmail }).onConflictDoNothing()
  else await db.db.delete(messageBlocks).where(and(eq(messageBlocks.userId, user.id), eq(messageBlocks.email, thread.counterpartEmail)))
}

/** A reply in the app; returns the stored message and who should hear about it. */
export async function reply(db: DbHandle, user: UserRow, thread: ThreadRow, role: 'owner' | 'counterpart', body: string) {
  if (role === 'counterpart') await assertMayWrite(db, thread.ownerId, thread.counterpartEmail, user.id)
  const [message] = await db.db.insert(messages).values({
    threadId: thread.id, listingId: thread.listingId, toUserId: role === 'owner' ? thread.counterpartId : thread.ownerId, fromUserId: user.id,
    fromSide: role, fromName: role === 'owner' ? displayName(user) : thread.counterpartName, fromEmail: user.email, body,
    scam: scamReasons(body), verifiedAt: sql`now()`,
  }).returning()
  await delivered(db, thread.id, role, null)
  return message!
}

export async function reportMessage(db: DbHandle, thread: ThreadRow, role: 'owner' | 'counterpart', idParam: string, reason: string) {
  if (!/^\d{1,15}$/.test(idParam)) throw notFound(MESSAGE_MESSAGES.notFound)
  const done = await db.db.update(messages).set({ reportedAt: sql`now()`, reportReason: reason })
    .where(and(eq(messages.id, Number(idParam)), eq(messages.threadId, thread.id), sql`${messages.fromSide} <> ${role}`, isNotNull(messages.verifiedAt)))
    .returning({ id: messages.id })
  if (!done.length) throw notFound(MESSAGE_MESSAGES.notFound)
}

/**
 * A note another domain posts into the conversation between an advertiser and a person (a booked visit and its
 * changes, issue 28): the thread of that listing and address is found or opened, and the note is delivered at once
 * from the given side (the other side's unread count goes up). Returns the thread.
 */
export async function postToThread(db: DbHandle, o: {
  owner: UserRow; listing: { id: number; title: string; slug: string }; counterpart: { id: number | null; name: string; email: string; phone: string | null }
  from: 'owner' | 'counterpart'; body: string; wantToSee?: WantToSee | null
}): Promise<ThreadRow> {
  const thread = await threadFor(db, {
    owner: o.owner, listing: o.listing, sender: null, name: o.counterpart.name, email: o.counterpart.email, phone: o.counterpart.phone, body: o.body, wantToSee: null, ip: '',
  })
  const ownerSide = o.from === 'owner'
  await db.db.insert(messages).values({
    threadId: thread.id, listingId: o.listing.id, toUserId: ownerSide ? o.counterpart.id : o.owner.id, fromUserId: ownerSide ? o.owner.id : o.counterpart.id,
    fromSide: o.from, fromName: ownerSide ? displayName(o.owner) : o.counterpart.name, fromEmail: ownerSide ? o.owner.email : o.counterpart.email,
    fromPhone: ownerSide ? null : o.counterpart.phone, body: o.body, wantToSee: o.wantToSee ?? null, scam: [], verifiedAt: sql`now()`,
  })
  await delivered(db, thread.id, o.from, ownerSide ? null : o.counterpart.id, ownerSide ? null : o.counterpart.phone)
  return thread
}
