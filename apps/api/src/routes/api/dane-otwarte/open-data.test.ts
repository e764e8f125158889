import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { validInvestment, validUnit } from '../investments/test-support.ts'
import { DISCLOSURE_COLUMNS } from '../../../lib/investments/disclosure-columns.ts'
import { DISCLOSURE_JOB, writeDisclosure } from '../../../lib/investments/disclosure.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex')

describe('price open-data files (art. 19b, decision 058)', () => {
  let t: T
  let dev: Jar
  let devId: number
  let inv: { id: number; slug: string }
  let unitId: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const d = await createUser(t.db, { email: 'jawnosc@example.com', type: 'developer', companyName: 'Łąkowe Osiedla sp. z o.o.', nip: '5252248481', roles: ['user', 'company'] })
    devId = d.id
    dev = await login(t.app, d.email)
    inv = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Źródlana Polana' }))).json()
    unitId = (await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({
      extras: [{ kind: 'parking', label: 'MP 12', price: 35_000_00 }, { kind: 'storage', label: 'K 3', price: 12_000_00 }, { kind: 'other', label: 'Zmiany lokatorskie', price: 5_000_00 }],
    }))).json().id
    await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '2', status: 'sprzedane' }))
    await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: '3', extras: [] }))
  })
  afterAll(async () => { await t.close() })

  const file = (name: string) => t.app.inject({ url: `/api/dane-otwarte/${devId}/${name}` })

  it('the account lists the addresses to register and what is missing; nothing is served before the first file', async () => {
    expect((await file('ceny.csv')).statusCode).toBe(404)
    const s = (await t.app.inject({ url: '/api/user/price-disclosure', headers: { cookie: dev.cookie } })).json()
    expect(s.urls.xml).toMatch(new RegExp(`/api/dane-otwarte/${devId}/ceny\\.xml$`))
    expect(s.last_generated_at).toBeNull()
    expect(s.developer_missing).toContain('Forma prawna dewelopera')
    expect(s.developer_missing).toContain('Nr REGON')
    expect(s.units_missing).toEqual([])
    const noZip = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Bez adresu', address: undefined }))).json()
    await send(t.app, dev, 'POST', `/api/investments/${noZip.id}/units`, validUnit({ building: 'A', unit_number: '9' }))
    const s2 = (await t.app.inject({ url: '/api/user/price-disclosure', headers: { cookie: dev.cookie } })).json()
    expect(s2.units_missing).toEqual([expect.objectContaining({ investment: 'Bez adresu', unit: 'A/9', fields: expect.arrayContaining(['kod pocztowy inwestycji', 'ulica inwestycji']) })])
    expect((await send(t.app, dev, 'PUT', '/api/user/price-disclosure', { regon: '12' })).json().errors).toEqual({ regon: ['Nr REGON ma 9 albo 14 cyfr.'] })
    const saved = (await send(t.app, dev, 'PUT', '/api/user/price-disclosure', {
      legal_form: 'spółka z ograniczoną odpowiedzialnością', krs: '0000123456', regon: '123456789', contact_method: 'telefon, e-mail, biuro sprzedaży',
      head_office: { voivodeship: 'mazowieckie', county: 'Warszawa', commune: 'Warszawa', city: 'Warszawa', street: 'Prosta', number: '1', zip: '00-001' },
      sales_office: { voivodeship: 'mazowieckie', county: 'Warszawa', commune: 'Warszawa', city: 'Warszawa', street: 'Zielona', number: '5', zip: '01-234' },
    })).json()
    expect(saved.developer_missing).toEqual([])
  })

  it('the job writes the CSV in the template\'s columns, UTF-8, units on offer only, with an MD5 that matches; the XML lists it', async () => {
    await t.app.jobs.enqueue(DISCLOSURE_JOB, {})
    await t.app.jobs.drain([DISCLOSURE_JOB])
    const csv = await file('ceny.csv')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.rawPayload.includes(Buffer.from('Łąkowe Osiedla sp. z o.o.', 'utf8'))).toBe(true)
    expect((await file('ceny.csv.md5')).body).toBe(md5(csv.rawPayload))
    const [header, ...rows] = parse(csv.body) as string[][]
    expect(header).toEqual([...DISCLOSURE_COLUMNS])
    expect(header).toHaveLength(57)
    const col = (row: string[], name: string) => row[DISCLOSURE_COLUMNS.findIndex((c) => c.startsWith(name))]
    const mine = rows.filter((r) => col(r, 'Miejscowość lokalizacji') === 'Warszawa' && col(r, 'Ulica lokalizacji') === 'Zielona')
    expect(mine.map((r) => col(r, 'Nr lokalu lub domu'))).toEqual(['A/1', 'A/3'])
    const a1 = mine[0]!
    expect(col(a1, 'Nazwa dewelopera')).toBe('Łąkowe Osiedla sp. z o.o.')
    expect(col(a1, 'Nr KRS')).toBe('0000123456')
    expect(col(a1, 'Nr wpisu do CEiDG')).toBe('X')
    expect(col(a1, 'Cena lokalu mieszkalnego lub domu jednorodzinnego będących')).toBe('612000.00')
    expect(col(a1, 'Cena m 2')).toBe((Math.round(612_000_00 / 54.2) / 100).toFixed(2))
    expect(col(a1, 'Cena lokalu mieszkalnego lub domu jednorodzinnego uwzględniająca')).toBe('664000.00')
    expect(col(a1, 'Oznaczenie części')).toBe('MP 12')
    expect(col(a1, 'Cena części')).toBe('35000.00')
    expect(col(a1, 'Oznaczenie pomieszczeń')).toBe('K 3')
    expect(col(a1, 'Wyszczególnienie rodzajów innych')).toBe('Zmiany lokatorskie')
    expect(col(mine[1]!, 'Rodzaj części')).toBe('X')
    const today = col(a1, 'Data od której cena obowiązuje')
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const xml = await file('ceny.xml')
    expect(xml.body).toContain('urn:otwarte-dane:harvester:1.13')
    expect(xml.body).toContain(`/api/dane-otwarte/${devId}/ceny-${today}.csv</url>`)
    expect((await file('ceny.xml.md5')).body).toBe(md5(xml.rawPayload))
    expect((await file(`ceny-${today}.csv`)).body).toBe(csv.body)
    expect((await file('ceny-2020-01-01.csv')).statusCode).toBe(404)
    expect((await file('inny.txt')).statusCode).toBe(404)
  })

  it('a price change reaches the next file; a day with no change still gets its file; the XML names every day', async () => {
    await send(t.app, dev, 'PUT', `/api/investments/${inv.id}/units/${unitId}`, validUnit({ price: 599_000_00, extras: [] }))
    await writeDisclosure(t.db, 'https://portal.test', devId, '2099-01-01')
    await writeDisclosure(t.db, 'https://portal.test', devId, '2099-01-02')
    const d1 = (await file('ceny-2099-01-01.csv')).body
    const d2 = (await file('ceny-2099-01-02.csv')).body
    expect(d1).toContain('599000.00')
    expect(d2).toBe(d1)
    const xml = (await file('ceny.xml')).body
    expect(xml).toContain('https://portal.test/api/dane-otwarte/')
    expect(xml.match(/<resource /g)).toHaveLength(3)
    const s = (await t.app.inject({ url: '/api/user/price-disclosure', headers: { cookie: dev.cookie } })).json()
    expect(s).toMatchObject({ last_day: '2099-01-02' })
    expect((await t.app.inject({ url: `/api/investments/${inv.slug}` })).json().open_data_url).toBe(`/api/dane-otwarte/${devId}/ceny.csv`)
  })
})
