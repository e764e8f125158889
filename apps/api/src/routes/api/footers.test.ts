import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pages } from '@portal/db'
import { createTestApp } from '../../test/helpers.ts'

describe('GET /api/footers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
    await t.db.db.insert(pages).values([
      { id: 17, title: 'Regulamin', name: 'regulamin', content: '<p>Treść regulaminu</p>', position: 1 },
      { id: 3, title: 'Polityka prywatności', name: 'polityka-prywatnosci', content: '<p>RODO</p>', position: 2 },
      { id: 5, title: 'Ukryta', name: 'ukryta', content: 'x', status: 'in_active', position: 0 },
    ])
  })
  afterAll(async () => { await t.close() })

  it('lists active pages as {id, title} in position order', async () => {
    const res = await t.app.inject('/api/footers')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ id: 17, title: 'Regulamin' }, { id: 3, title: 'Polityka prywatności' }])
  })

  it('returns one page with name and content; HTML typed into the content is escaped in content_html', async () => {
    const res = await t.app.inject('/api/footers/17')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: 17, title: 'Regulamin', name: 'regulamin', content: '<p>Treść regulaminu</p>', content_html: '&lt;p&gt;Treść regulaminu&lt;/p&gt;',
    })
  })

  it.each(['999', '5', 'abc', '99999999999999999999', '-1', '1.5', '%C5%BC'])('answers 404 JSON for /api/footers/%s', async (id) => {
    const res = await t.app.inject(`/api/footers/${id}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String), code: 'not_found' })
  })
})
