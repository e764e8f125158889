import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import writeXlsxFile from 'write-excel-file/node'
import { investmentUnits, listingPriceHistory, listings } from '@portal/db'
import { investmentDetailSchema, packUnit, unpackUnit } from '@portal/contracts/investments'
import { createTestApp, form, startSession, upload } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { cp1250, csvText, HEADER, utf16leBom, validInvestment, validUnit } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('/api/investments', () => {
  let t: T
  let dev: Jar
  let rival: Jar
  let person: Jar
  let devId: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const d = await createUser(t.db, { email: 'dewel@example.com', name: 'Anna Deweloper', type: 'developer', companyName: 'Budomex S.A.', roles: ['user', 'company'] })
    devId = d.id
    dev = await login(t.app, d.email)
    rival = await login(t.app, (await createUser(t.db, { email: 'rywal@example.com', type: 'developer', companyName: 'Rywal', roles: ['user', 'company'] })).email)
    person = await login(t.app, (await createUser(t.db, { email: 'osoba@example.com' })).email)
  })
  afterAll(async () => { await t.close() })

  const create = async (j: Jar, over = {}) => {
    const res = await send(t.app, j, 'POST', '/api/investments', validInvestment(over))
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; slug: string }
  }
  const history = async (listingId: number) => (await t.db.db.select().from(listingPriceHistory)
    .where(eq(listingPriceHistory.listingId, listingId))).map((h) => Number(h.price))

  it('guards: 401 guest, 403 private person, 419 without CSRF; another company\'s investment is 404', async () => {
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'POST', '/api/investments', validInvestment())).statusCode).toBe(401)
    expect((await send(t.app, person, 'POST', '/api/investments', validInvestment())).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: '/api/investments', headers: { cookie: dev.cookie }, payload: validInvestment() })).statusCode).toBe(419)
    const inv = await create(dev)
    expect((await send(t.app, rival, 'PUT', `/api/investments/${inv.id}`, validInvestment({ name: 'Przejęte' }))).statusCode).toBe(404)
    expect((await send(t.app, rival, 'POST', `/api/investments/${inv.id}/units`, validUnit())).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/user/investments/${inv.id}`, headers: { cookie: rival.cookie } })).statusCode).toBe(404)
  })

  it('422 with Polish field messages for a bad investment and negative or absurd prices and areas', async () => {
    const bad = await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: '', status: 'zbudowane' as never, completion_date: '30.06.2027' }))
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({ name: ['Podaj nazwę inwestycji (2–120 znaków).'], status: ['Wybierz status: w przygotowaniu, w budowie albo gotowe.'], completion_date: ['Podaj datę zakończenia budowy w formacie RRRR-MM-DD.'] })
    const inv = await create(dev, { name: 'Osiedle Walidacja' })
    const neg = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ price: -100, area: 5000, rooms: 0 }))
    expect(neg.statusCode).toBe(422)
    expect(neg.json().errors).toMatchObject({
      price: ['Cena musi być liczbą od 10 000 zł do 200 000 000 zł.'], area: ['Powierzchnia musi być liczbą od 10 do 2000 m².'],
      rooms: ['Liczba pokoi musi być liczbą całkowitą od 1 do 20.'],
    })
    const absurd = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ price: 900_000_000_000, area: -3 }))
    expect(Object.keys(absurd.json().errors).sort()).toEqual(['area', 'price'])
    const building = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ building: 'Z' }))
    expect(building.json().errors).toEqual({ building: ['Budynek musi być jednym z budynków inwestycji.'] })
  })

  it('a unit number is unique per building (the database refuses a second one), the same number in another building is fine', async () => {
    const inv = await create(dev, { name: 'Osiedle Numery' })
    expect((await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '7' }))).statusCode).toBe(201)
    const dup = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '7' }))
    expect(dup.statusCode).toBe(422)
    expect(dup.json().errors).toEqual({ unit_number: ['Lokal o tym numerze jest już w tym budynku.'] })
    expect((await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '7', building: 'B' }))).statusCode).toBe(201)
    await expect(t.db.db.insert(investmentUnits).values({ listingId: (await t.db.db.select().from(listings).limit(1))[0]!.id, investmentId: inv.id, building: 'A', unitNumber: '7' }))
      .rejects.toThrow()
  })

  it('every price change is recorded and never rewritten; a sold unit leaves search and stays on the public page with its history', async () => {
    const inv = await create(dev, { name: 'Osiedle Historia' })
    const unit = (await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit())).json()
    expect(unit).toMatchObject({ listed: true, price: 612_000_00, price_per_m2: Math.round(612_000_00 / 54.2), rooms: 3, status: 'dostepne' })
    const put = (over = {}) => send(t.app, dev, 'PUT', `/api/investments/${inv.id}/units/${unit.id}`, validUnit(over))
    expect((await put({ price: 599_000_00 })).json().price_history.map((h: { price: number }) => h.price)).toEqual([612_000_00, 599_000_00])
    await put({ price: 599_000_00 })
    await put({ price: 615_000_00 })
    expect(await history(unit.id)).toEqual([612_000_00, 599_000_00, 615_000_00])
    const [live] = await t.db.db.select().from(listings).where(eq(listings.id, unit.id))
    expect(live).toMatchObject({ status: 'active', expiresAt: null, market: 'pierwotny', rooms: 3, floor: '2' })
    const inSearch = async () => (await t.app.inject({ url: '/api/offers?limit=48' })).json().data.some((l: { id: number }) => l.id === unit.id)
    expect(await inSearch()).toBe(true)
    const sold = (await put({ price: 615_000_00, status: 'sprzedane' })).json()
    expect(sold).toMatchObject({ status: 'sprzedane', listed: false })
    expect(await inSearch()).toBe(false)
    const page = (await t.app.inject({ url: `/api/investments/${inv.slug}` })).json()
    expect(page.units).toHaveLength(1)
    expect(page.units[0]).toMatchObject({ status: 'sprzedane', listed: false })
    expect(page.units[0].price_history.map((h: { price: number }) => h.price)).toEqual([612_000_00, 599_000_00, 615_000_00])
    expect(page).toMatchObject({ units_available: 0, units_total: 1, developer: { id: devId, name: 'Budomex S.A.' } })
    // The page's 'Historia cen' reads one unit's history (decision 082): the same prices and dates as the page's answer.
    const one = await t.app.inject({ url: `/api/investments/${inv.slug}/units/${unit.id}/history` })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual({ price_history: page.units[0].price_history })
    const other = await create(dev, { name: 'Osiedle Obok' })
    expect((await t.app.inject({ url: `/api/investments/${other.slug}/units/${unit.id}/history` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/investments/${inv.slug}/units/999999999/history` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/investments/${inv.slug}/units/abc/history` })).statusCode).toBe(422)
    // The public page's answer (decision 087): the same investment and units, their histories not read.
    const lean = (await t.app.inject({ url: `/api/investments/${inv.slug}?historie=0` })).json()
    expect(lean.units[0].price_history).toEqual([])
    expect(lean).toEqual({ ...page, units: page.units.map((u: object) => ({ ...u, price_history: [] })) })
    const bad = await t.app.inject({ url: `/api/investments/${inv.slug}?historie=tak` })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.historie[0]).toMatch(/^Pole historie/)
    // Back on sale: the listing runs again.
    expect((await put({ price: 615_000_00, status: 'zarezerwowane' })).json().listed).toBe(true)
  })

  it("the public page's rows (wiersze=1) are the units of the lean answer, in its order, and the same investment", async () => {
    const inv = await create(dev, { name: 'Osiedle Wiersze', buildings: ['A', 'B'] })
    const add = (over: Parameters<typeof validUnit>[0]) => send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit(over))
    await add({ building: 'B', unit_number: '10', floor: 0, area: 41.25, outdoor: [], extras: [] })
    await add({ building: 'A', unit_number: '2', outdoor: ['taras', 'balkon'], extras: [
      { kind: 'storage', label: 'Komórka „Ż”', price: 12_000_00 }, { kind: 'other', label: '', price: 0 }, { kind: 'parking', label: 'Miejsce', price: 35_000_00 }] })
    const sold = (await add({ building: 'A', unit_number: '10', status: 'zarezerwowane' })).json()
    await send(t.app, dev, 'PUT', `/api/investments/${inv.id}/units/${sold.id}`, validUnit({ building: 'A', unit_number: '10', status: 'sprzedane' }))
    const lean = (await t.app.inject({ url: `/api/investments/${inv.slug}?historie=0` })).json()
    const res = await t.app.inject({ url: `/api/investments/${inv.slug}?wiersze=1` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const rows = investmentDetailSchema.parse(res.json())
    const { unit_rows: unitRows, ...rest } = rows
    expect(rest).toEqual({ ...lean, units: [] })
    expect(unitRows!.map(unpackUnit)).toEqual(lean.units)
    expect(lean.units.map((u: { building: string; unit_number: string }) => `${u.building}/${u.unit_number}`)).toEqual(['A/2', 'A/10', 'B/10'])
    expect(unitRows!.map(unpackUnit).map(packUnit)).toEqual(unitRows)
    expect((await t.app.inject({ url: '/api/investments/nie-ma-takiej?wiersze=1' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/investments/${inv.slug}?wiersze=tak` })).statusCode).toBe(422)
  })

  it('the public list filters by city, status, completion, price and rooms', async () => {
    const a = await create(dev, { name: 'Filtr Kraków', location: { lat: 50.0647, lon: 19.945, name: 'Kraków' }, status: 'gotowe', completion_date: '2025-12-31' })
    await send(t.app, dev, 'POST', `/api/investments/${a.id}/units`, validUnit({ rooms: 2, price: 480_000_00 }))
    const names = async (q: string) => (await t.app.inject({ url: `/api/investments?${q}` })).json().data.map((i: { name: string }) => i.name)
    expect(await names('miasto=krakow')).toEqual(['Filtr Kraków'])
    expect(await names('miasto=krakow&status=w-budowie')).toEqual([])
    expect(await names('miasto=krakow&ukonczenie=2025&pokoje=2&cena_do=500000')).toEqual(['Filtr Kraków'])
    expect(await names('miasto=krakow&cena_do=400000')).toEqual([])
    expect(await names('miasto=krakow&pokoje=3')).toEqual([])
    expect((await t.app.inject({ url: '/api/investments?cena_do=abc' })).statusCode).toBe(422)
    expect((await t.app.inject({ url: '/api/investments/nie-ma-takiej' })).statusCode).toBe(404)
  })

  describe('import', () => {
    let inv: { id: number; slug: string }
    beforeAll(async () => { inv = await create(dev, { name: 'Osiedle Import', buildings: [] }) })
    const post = (data: Buffer, name = 'lokale.csv', dry = false) =>
      upload(t.app, dev, `/api/investments/${inv.id}/import${dry ? '?dry_run=1' : ''}`, form({}, { name, type: 'text/csv', data }))
    const count = async () => (await t.db.db.select().from(investmentUnits).where(eq(investmentUnits.investmentId, inv.id))).length
    const GOOD = [
      ['A', '1', 'parter', '54,20', '3', '612 000', 'dostępne', 'nie', 'tak', 'nie', '35 000', '', '', ''],
      ['A', '2', '1', '38.5', '2', '455000,00', 'Zarezerwowane', 'tak', '', '', '', '12 000', 'Opłata za zmiany lokatorskie', '5 000'],
      ['B', '1', '4', '72', '4', '899 000 zł', 'sprzedane', 'x', '', 'tak', '', '', '', ''],
    ]

    it('the template downloads as CSV (UTF-8 with BOM) and XLSX, and imports as it is', async () => {
      const csv = await t.app.inject({ url: '/api/investments/import-template' })
      expect(csv.headers['content-type']).toContain('text/csv')
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
      expect(csv.body).toContain(HEADER.join(';'))
      const xlsx = await t.app.inject({ url: '/api/investments/import-template?format=xlsx' })
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK')
      const dry = (await post(xlsx.rawPayload, 'szablon.xlsx', true)).json()
      expect(dry).toMatchObject({ ok: true, dry_run: true, rows: 2, created: 2, errors: [] })
    })

    it('a dry run reports and writes nothing; the real run writes every row; a second run updates and records new prices', async () => {
      const dry = (await post(Buffer.from(csvText(GOOD)), 'lokale.csv', true)).json()
      expect(dry).toMatchObject({ dry_run: true, ok: true, rows: 3, created: 3, updated: 0, errors: [] })
      expect(await count()).toBe(0)
      const run = (await post(Buffer.from(csvText(GOOD)))).json()
      expect(run).toMatchObject({ dry_run: false, ok: true, created: 3 })
      const page = (await t.app.inject({ url: `/api/investments/${inv.slug}` })).json()
      // The answer is written without the schema's check (plain JSON): it must be exactly what the schema allows.
      expect(investmentDetailSchema.parse(page)).toEqual(page)
      expect(page.buildings).toEqual(['A', 'B'])
      const a2 = page.units.find((u: { building: string; unit_number: string }) => u.building === 'A' && u.unit_number === '2')
      expect(a2).toMatchObject({ floor: 1, area: 38.5, rooms: 2, price: 455_000_00, status: 'zarezerwowane', outdoor: ['balkon'] })
      expect(a2.extras).toMatchObject([{ kind: 'storage', price: 12_000_00 }, { kind: 'other', label: 'Opłata za zmiany lokatorskie', price: 5_000_00 }])
      expect(page.units.find((u: { building: string }) => u.building === 'B')).toMatchObject({ status: 'sprzedane', listed: false, outdoor: ['balkon', 'taras'] })
      const again = [...GOOD]
      again[0] = ['A', '1', 'parter', '54,20', '3', '599 000', 'dostępne', 'nie', 'tak', 'nie', '35 000', '', '', '']
      const second = (await post(Buffer.from(csvText(again)))).json()
      expect(second).toMatchObject({ ok: true, created: 0, updated: 1, unchanged: 2 })
      const a1 = (await t.app.inject({ url: `/api/investments/${inv.slug}` })).json().units.find((u: { unit_number: string; building: string }) => u.building === 'A' && u.unit_number === '1')
      expect(a1.price_history.map((h: { price: number }) => h.price)).toEqual([612_000_00, 599_000_00])
    })

    it('bad rows and duplicates: each reported in Polish by row, nothing written', async () => {
      const before = await count()
      const bad = [
        ['C', '1', '2', '-40', '3', '500 000', '', '', '', '', '', '', '', ''],
        ['C', '2', 'wysoko', '50', '3', '5', 'kupione', '', '', '', '', '', '', ''],
        ['C', '3', '1', '50', '2', '450 000', '', '', '', '', '', '', '', ''],
        ['C', '3', '1', '51', '2', '460 000', '', '', '', '', '', '', '', ''],
      ]
      const r = (await post(Buffer.from(csvText(bad)))).json()
      expect(r.ok).toBe(false)
      expect(r.errors).toEqual(expect.arrayContaining([
        { row: 2, field: 'Powierzchnia (m²)', message: 'Powierzchnia musi być liczbą od 10 do 2000 m².' },
        { row: 3, field: 'Status', message: 'Wybierz status: dostępne, zarezerwowane albo sprzedane.' },
        { row: 3, field: 'Piętro', message: 'Piętro musi być liczbą całkowitą od -3 do 100.' },
        { row: 3, field: 'Cena (zł)', message: 'Cena musi być liczbą od 10 000 zł do 200 000 000 zł.' },
        { row: 5, field: 'Numer lokalu', message: 'Lokal 3 w budynku C powtarza się (wiersz 4).' },
      ]))
      expect(r.errors.some((e: { row: number }) => e.row === 4)).toBe(false)
      expect(await count()).toBe(before)
      const missing = (await post(Buffer.from('Numer lokalu;Cena\r\n1;500000\r\n'))).json()
      expect(missing.errors).toEqual([{ row: 1, field: null, message: 'Brakuje kolumn: Piętro, Powierzchnia (m²), Pokoje.' }])
    })

    it('reads Polish characters from CSV in UTF-8, windows-1250 and UTF-16LE with BOM, and from XLSX', async () => {
      const rows = [['Żółty', '1', '2', '50', '2', '500 000', 'Dostępne', '', '', '', '', '', 'Opłata łącząca', '1 000']]
      for (const [name, data] of [
        ['utf8.csv', Buffer.from(csvText(rows))], ['cp1250.csv', cp1250(csvText(rows))], ['utf16.csv', utf16leBom(csvText(rows).replace(/;/g, '\t'))],
      ] as const) {
        const r = (await post(data, name, true)).json()
        expect(r, name).toMatchObject({ ok: true, created: 1, errors: [] })
      }
      const sheet = [HEADER.map((value) => ({ value })), rows[0]!.map((value) => ({ value }))]
      sheet[1]![3] = { value: 50 as unknown as string }
      const xlsx = await writeXlsxFile(sheet as never).toBuffer()
      expect((await post(xlsx, 'lokale.xlsx', true)).json()).toMatchObject({ ok: true, created: 1 })
      await post(cp1250(csvText(rows)), 'cp1250.csv')
      const page = (await t.app.inject({ url: `/api/investments/${inv.slug}` })).json()
      const unit = page.units.find((u: { building: string }) => u.building === 'Żółty')
      expect(unit.extras).toEqual([expect.objectContaining({ label: 'Opłata łącząca', price: 1_000_00 })])
    })
  })
})
