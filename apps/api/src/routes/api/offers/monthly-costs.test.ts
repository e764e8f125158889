import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFER_MESSAGES } from '@portal/contracts/offer'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer, validOffer } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/** Czynsz (37, sale and rent) and media (38, rent only): whole złote a month, decision 072. */
describe('listings API: monthly cost attributes', () => {
  let t: T
  let jar: Jar
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const u = await createUser(t.db, { email: 'koszty@example.com' })
    jar = await login(t.app, u.email)
  })
  afterAll(async () => { await t.close() })

  const rentAttrs = (extra: { id: number; value: string }[]) => [{ id: 4, value: '48' }, { id: 11, value: '2' }, ...extra]

  it('422 with Polish messages out of range, on a sale, or not whole złote', async () => {
    const rent = await send(t.app, jar, 'POST', '/api/offers', validOffer({
      offer_type: 'rent', price: 320_000, attributes: rentAttrs([{ id: 37, value: '50001' }, { id: 38, value: '-5' }]),
    }))
    expect(rent.statusCode).toBe(422)
    expect(rent.json().errors).toEqual({
      'attributes.2.value': ['Wartość musi być od 0 do 50000'],
      'attributes.3.value': ['Wartość musi być od 0 do 20000'],
    })
    const sale = await send(t.app, jar, 'POST', '/api/offers', validOffer({
      attributes: [{ id: 4, value: '62.5' }, { id: 37, value: '612,50' }, { id: 38, value: '300' }],
    }))
    expect(sale.statusCode).toBe(422)
    expect(sale.json().errors).toEqual({
      'attributes.1.value': [OFFER_MESSAGES.attributeNumber],
      'attributes.2.value': [OFFER_MESSAGES.attributeNotApplicable],
    })
    // Garages carry neither.
    const garage = await send(t.app, jar, 'POST', '/api/offers', validOffer({ category_id: 41, attributes: [{ id: 37, value: '100' }] }))
    expect(garage.json().errors).toEqual({ 'attributes.0.value': [OFFER_MESSAGES.attributeNotApplicable] })
  })

  it('stores them and the listing shows them in złote; the edit form gets them back', async () => {
    const rent = await createOffer(t.app, jar, {
      offer_type: 'rent', price: 320_000, attributes: rentAttrs([{ id: 37, value: '450' }, { id: 38, value: ' 1250 ' }]),
    })
    const pub = await t.app.inject({ url: `/api/offers/${rent.id}` })
    expect(pub.statusCode).toBe(200)
    const attrs = pub.json().attributes as { id: number; name: string; label: string; value: string }[]
    expect(attrs.filter((a) => a.id >= 37).map(({ id, name, label, value }) => ({ id, name, label, value }))).toEqual([
      { id: 37, name: 'Czynsz administracyjny', label: '450 zł', value: '450' },
      { id: 38, name: 'Opłaty za media', label: '1250 zł', value: '1250' },
    ])
    const edit = await t.app.inject({ url: `/api/offers/${rent.id}/edit`, headers: { cookie: jar.cookie } })
    expect(edit.json().attributes).toEqual(expect.arrayContaining([{ id: 37, value: '450' }, { id: 38, value: '1250' }]))

    const sale = await createOffer(t.app, jar, { attributes: [{ id: 4, value: '62.5' }, { id: 37, value: '0' }] })
    const saleAttrs = (await t.app.inject({ url: `/api/offers/${sale.id}` })).json().attributes as { id: number; label: string }[]
    expect(saleAttrs.find((a) => a.id === 37)?.label).toBe('0 zł')
  })
})
