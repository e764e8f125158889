import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { investmentGroupsSchema } from '@portal/contracts/investments'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { createUser, login, send } from '../auth/test-support.ts'
import { validInvestment, validUnit } from '../investments/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('GET /api/search/investments', () => {
  let t: T
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const dev = await login(t.app, (await createUser(t.db, { email: 'grupy@example.com', type: 'developer', companyName: 'Grupy S.A.', roles: ['user', 'company'] })).email)
    const make = async (name: string, units: Array<Parameters<typeof validUnit>[0]>) => {
      const inv = await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name }))
      expect(inv.statusCode, inv.body).toBe(201)
      for (const u of units) {
        const res = await send(t.app, dev, 'POST', `/api/investments/${inv.json().id}/units`, validUnit(u))
        expect(res.statusCode, res.body).toBe(201)
      }
    }
    await make('Zielone Tarasy', [
      { unit_number: '1', area: 50, price: 490_000_00 }, { unit_number: '2', area: 60, price: 612_000_00 },
      { unit_number: '3', area: 40, price: 420_000_00, status: 'zarezerwowane' }, { unit_number: '4', area: 80, price: 700_000_00, status: 'sprzedane' },
    ])
    await make('Park Bielany', [{ unit_number: '1', area: 45, price: 540_000_00 }])
    // A listing of the secondary market and one outside any investment: never grouped.
    await insertListings(t.db, [{}, {}])
  })
  afterAll(async () => { await t.close() })

  const groups = async (qs: string) => {
    const res = await t.app.inject(`/api/search/investments?${qs}`)
    expect(res.statusCode, res.body).toBe(200)
    return investmentGroupsSchema.parse(res.json()).data
  }

  it('groups the matching units by investment, most first, with the lowest price per m²; sold units are out', async () => {
    const all = await groups('typ=sprzedaz&rynek=pierwotny')
    expect(all.map((g) => [g.name, g.units, g.flats])).toEqual([['Zielone Tarasy', 3, true], ['Park Bielany', 1, true]])
    // 490 000 zł / 50 m² = 9 800 zł/m², the lowest of the three on sale.
    expect(all[0]).toMatchObject({ min_price: 420_000_00, min_price_per_m2: 980_000 })
    expect(all[0]!.slug).toMatch(/^zielone-tarasy/)
  })

  it('takes the search\'s filters', async () => {
    const cheap = await groups('typ=sprzedaz&rynek=pierwotny&cena[max]=500000')
    expect(cheap.map((g) => [g.name, g.units])).toEqual([['Zielone Tarasy', 2]])
    expect(await groups('typ=wynajem&rynek=pierwotny')).toEqual([])
  })

  it('a malformed parameter is a 422 naming it', async () => {
    const res = await t.app.inject('/api/search/investments?cena[min]=abc')
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors ?? {}).join()).toMatch(/cena/)
  })
})
