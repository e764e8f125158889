import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { feedListings, feedSources, listingPhotos, listings, mailOutbox, notifications, type DbHandle } from '@portal/db'
import { claimDueSources } from '../../../lib/feeds/runs.ts'
import { createTestApp, form, upload } from '../../../test/helpers.ts'
import { photo } from '../../../test/photo-fixtures.ts'
import { zip } from '../../../test/zip.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const fixture = (name: string) => readFileSync(new URL(`../../../lib/feeds/fixtures/${name}`, import.meta.url))
/** The full Oferty.net file re-encoded after an edit (it is ISO-8859-2). */
const editFull = (edit: (xml: string) => string) => iconv.encode(edit(iconv.decode(fixture('ofertynet-full.xml'), 'iso-8859-2')), 'iso-8859-2')

describe('/api/feeds: importing feed files through the job queue', () => {
  let t: T
  let jar: Jar
  let agencyId: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off', PUBLIC_URL: 'https://portal.test' })
    const agency = await createUser(t.db, { email: 'crm@example.com', name: 'Jan Szef', companyName: 'Biuro Testowe', type: 'agency', roles: ['company'] })
    agencyId = agency.id
    jar = await login(t.app, agency.email)
  }, 60_000)
  afterAll(async () => { await t.close() })

  /** Uploads a file and waits for its run to finish (the job queue runs it). */
  async function importFile(name: string, data: Buffer) {
    const res = await upload(t.app, jar, '/api/feeds/upload', form({}, { name, type: 'application/octet-stream', data }))
    expect(res.statusCode, res.body).toBe(202)
    const id = res.json().id as number
    for (let i = 0; i < 300; i++) {
      const run = (await t.app.inject({ url: `/api/feeds/runs/${id}`, headers: { cookie: jar.cookie } })).json()
      if (!['queued', 'running'].includes(run.status)) return run
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error('the run did not finish')
  }
  const feedRows = (db: DbHandle) => db.db.select({ externalId: feedListings.externalId, listing: listings }).from(feedListings)
    .innerJoin(listings, eq(listings.id, feedListings.listingId)).where(eq(feedListings.userId, agencyId)).orderBy(asc(feedListings.externalId))
  const byId = async () => new Map((await feedRows(t.db)).map((r) => [r.externalId, r.listing]))
  const photosOf = async (listingId: number) => t.db.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId)).orderBy(asc(listingPhotos.position))

  it('is for every logged-in user, a private one too (spec §2, decision 052); guests 401', async () => {
    const user = await login(t.app, (await createUser(t.db, { email: 'prywatny@example.com' })).email)
    expect((await t.app.inject({ url: '/api/feeds', headers: { cookie: user.cookie } })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/feeds' })).statusCode).toBe(401)
    const file = await upload(t.app, user, '/api/feeds/upload', form({}, { name: 'a.xml', type: 'text/xml', data: Buffer.from('<plik/>') }))
    expect(file.statusCode).toBeLessThan(300)
  })

  it('refuses a file that is neither XML nor ZIP (422) and leaves no run', async () => {
    const res = await upload(t.app, jar, '/api/feeds/upload', form({}, { name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 …') }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.file).toEqual(['Plik musi być plikiem XML albo archiwum ZIP z plikiem XML i zdjęciami'])
    expect((await t.app.inject({ url: '/api/feeds', headers: { cookie: jar.cookie } })).json().runs).toEqual([])
  })

  it('a ZIP with a full ISO-8859-2 file and its photos: created, rejected with the reason, photos through the pipeline', async () => {
    const run = await importFile('oferty.zip', zip([
      ['oferty.xml', fixture('ofertynet-full.xml')],
      ['zdjecia/kr-101-1.jpg', photo('coffee')], ['zdjecia/kr-101-2.jpg', photo('rocket')], ['zdjecia/kr-102-1.jpg', photo('camera')],
    ]))
    expect(run).toMatchObject({
      status: 'done', format: 'ofertynet', mode: 'full', total: 4, processed: 4, created: 3, updated: 0, ended: 0, rejected: 1, unchanged: 0,
      rejections: [{ external_id: 'KR-301', reason: 'Nieznana kategoria „jachty” (dzial tab)' }],
    })
    const rows = await byId()
    expect([...rows.keys()]).toEqual(['KR-101', 'KR-102', 'KR-201'])
    const a = rows.get('KR-101')!
    expect(a).toMatchObject({ status: 'active', userId: agencyId, title: 'Słoneczne mieszkanie z balkonem, Kazimierz', price: 64_900_000, city: 'Kraków', rooms: 3 })
    const photos = await photosOf(a.id)
    expect(photos.map((p) => [p.kind, p.position])).toEqual([['photo', 0], ['photo', 1]])
    expect(photos[0]!.width).toBeGreaterThan(0)
    // The report is the notice: no bell notification per imported listing.
    expect(await t.db.db.select().from(notifications).where(eq(notifications.userId, agencyId))).toEqual([])
    // Searchable: the public search finds it.
    const search = (await t.app.inject('/api/search?typ=sprzedaz&kategoria=mieszkanie&phrase=Kazimierz')).json()
    expect(JSON.stringify(search)).toContain(a.slug)
  })

  it('the same file again is skipped and changes nothing', async () => {
    const before = await byId()
    const run = await importFile('oferty.zip', zip([
      ['oferty.xml', fixture('ofertynet-full.xml')],
      ['zdjecia/kr-101-1.jpg', photo('coffee')], ['zdjecia/kr-101-2.jpg', photo('rocket')], ['zdjecia/kr-102-1.jpg', photo('camera')],
    ]))
    expect(run).toMatchObject({ status: 'skipped', error: 'Ten sam plik został już zaimportowany; nic nie zmieniono', created: 0, updated: 0 })
    const after = await byId()
    for (const [id, l] of before) expect(after.get(id)!.updatedAt).toEqual(l.updatedAt)
  })

  it('a change file after the full one: touches only what it names (an update, a deletion = ended)', async () => {
    const before = await byId()
    const photoBefore = (await photosOf(before.get('KR-102')!.id)).map((p) => p.id)
    const run = await importFile('roznica.zip', zip([['roznica.xml', fixture('ofertynet-diff.xml')], ['kr-102-1.jpg', photo('camera')]]))
    expect(run).toMatchObject({ status: 'done', mode: 'diff', updated: 1, ended: 1, created: 0, rejected: 0 })
    const after = await byId()
    expect(after.get('KR-102')).toMatchObject({ status: 'active', price: 46_500_000 })
    expect(after.get('KR-201')!.status).toBe('ended') // ended, not deleted
    expect(after.get('KR-101')!.updatedAt).toEqual(before.get('KR-101')!.updatedAt)
    // The same photo (same entry, same CRC) is not read and rendered again.
    expect((await photosOf(before.get('KR-102')!.id)).map((p) => p.id)).toEqual(photoBefore)
  })

  it('a file older than the last applied one is skipped', async () => {
    const run = await importFile('stary.xml', editFull((x) => x.replace('2026-11-20 10:00:00', '2026-11-01 10:00:00')))
    expect(run).toMatchObject({ status: 'skipped', created: 0, updated: 0, ended: 0 })
    expect(run.error).toMatch(/jest starszy niż ostatnio zastosowany/)
  })

  it('a later full file without one offer ends it; an unchanged offer stays untouched; an ended one named again runs again', async () => {
    const before = await byId()
    const xml = editFull((x) => x.replace('2026-11-20 10:00:00', '2026-11-22 10:00:00')
      .replace(/<oferta>\s*<id>KR-102<\/id>[\s\S]*?<\/oferta>/, ''))
    const run = await importFile('calosc.zip', zip([
      ['oferty.xml', xml], ['zdjecia/kr-101-1.jpg', photo('coffee')], ['zdjecia/kr-101-2.jpg', photo('rocket')],
    ]))
    expect(run).toMatchObject({ status: 'done', mode: 'full', unchanged: 1, ended: 1, updated: 1, rejected: 1 })
    const after = await byId()
    expect(after.get('KR-102')!.status).toBe('ended')
    expect(after.get('KR-101')!.updatedAt).toEqual(before.get('KR-101')!.updatedAt)
    expect(after.get('KR-201')!.status).toBe('active')
    // Ending never deletes: the listing rows are all still there.
    expect((await t.db.db.select({ id: listings.id }).from(listings).where(inArray(listings.id, [...before.values()].map((l) => l.id)))).length).toBe(3)
  })

  it('malformed XML: the run fails with a clear message, nothing changes, the company is mailed', async () => {
    const before = await byId()
    const broken = editFull((x) => x.replace('2026-11-20 10:00:00', '2026-11-23 10:00:00').replace('</lista_ofert>', ''))
    const run = await importFile('zepsuty.xml', broken)
    expect(run.status).toBe('failed')
    expect(run.error).toMatch(/^Plik XML jest uszkodzony/)
    expect(run).toMatchObject({ created: 0, updated: 0, ended: 0 })
    const after = await byId()
    for (const [id, l] of before) expect(after.get(id)).toEqual(l)
    let mails: Array<{ subject: string; text: string }> = []
    for (let i = 0; i < 50 && !mails.length; i++) {
      mails = await t.db.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'crm@example.com'), eq(mailOutbox.subject, 'Import ofert nie powiódł się')))
      if (!mails.length) await new Promise((r) => setTimeout(r, 100))
    }
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('zepsuty.xml')
    expect(mails[0]!.text).toContain('Plik XML jest uszkodzony')
    // The bell's notice is written after the mail: waited for, not read at once.
    const bell = async () => (await t.db.db.select().from(notifications).where(eq(notifications.userId, agencyId))).map((n) => [n.type, n.link])
    await expect.poll(bell, { timeout: 15_000 }).toEqual([['warning', '/integracje']])
  })

  it('a feed URL: polled through the job queue when due (15 min … 24 h), never from an internal address (SSRF)', async () => {
    const bad = await send(t.app, jar, 'POST', '/api/feeds/sources', { url: 'ftp://x', interval_minutes: 5 })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ url: [expect.stringContaining('http')], interval_minutes: [expect.stringContaining('15 minut')] })
    const res = await send(t.app, jar, 'POST', '/api/feeds/sources', { url: 'http://127.0.0.1:9/oferty.xml', interval_minutes: 15 })
    expect(res.statusCode).toBe(201)
    const sourceId = res.json().id as number
    // Its first run was queued at once; it fails without connecting anywhere.
    let run: { status: string; error: string | null } | undefined
    for (let i = 0; i < 150; i++) {
      run = (await t.app.inject({ url: '/api/feeds', headers: { cookie: jar.cookie } })).json().runs.find((r: { source_id: number }) => r.source_id === sourceId)
      if (run && !['queued', 'running'].includes(run.status)) break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(run).toMatchObject({ status: 'failed', error: 'Adres 127.0.0.1 prowadzi do sieci wewnętrznej; pobieranie odrzucone' })
    // Not due yet: nothing claimed; 15 minutes later it is, once (a second claim finds its run waiting).
    expect((await claimDueSources(t.db)).map((r) => r.sourceId)).not.toContain(sourceId)
    await t.db.db.update(feedSources).set({ lastPolledAt: new Date(Date.now() - 16 * 60_000) }).where(eq(feedSources.id, sourceId))
    expect((await claimDueSources(t.db)).map((r) => r.sourceId)).toEqual([sourceId])
    await t.db.db.update(feedSources).set({ lastPolledAt: new Date(Date.now() - 16 * 60_000) }).where(eq(feedSources.id, sourceId))
    expect(await claimDueSources(t.db)).toEqual([])
    expect((await send(t.app, jar, 'DELETE', `/api/feeds/sources/${sourceId}`)).statusCode).toBe(204)
  })

  it('the portal format XSD is public', async () => {
    const res = await t.app.inject('/api/feeds/portal.xsd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/xml/)
    expect(res.body).toContain('<xs:element name="portal-feed">')
  })
})
