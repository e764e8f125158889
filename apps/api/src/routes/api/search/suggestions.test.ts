import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryBySlug } from '@portal/contracts/catalogue'
import { createTestApp } from '../../../test/helpers.ts'

// Subcategories in the smart suggestions (lib/search-suggestions.ts): only when a typed word begins one of their own
// words, after the parent's suggestions, at most 5.
describe('GET /api/search/suggestions with subcategories', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })
  const get = async (q: string) => {
    const res = await t.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`)
    expect(res.statusCode).toBe(200)
    const list = res.json() as { label: string; url: string }[]
    expect(list.length).toBeLessThanOrEqual(5)
    return list
  }

  it('a subcategory name suggests that subcategory, with its landing URL', async () => {
    expect((await get('wolnostoj'))[0]).toEqual({ label: 'Domy wolnostojące na sprzedaż', url: '/nieruchomosci/wolnostojacy/sprzedaz' })
    expect((await get('wolnostojący')).map((s) => s.label)).toContain('Garaże wolnostojące na sprzedaż')
    expect((await get('bliźniaki kraków'))[0]).toEqual({ label: 'Bliźniaki na sprzedaż Kraków', url: '/nieruchomosci/blizniak/sprzedaz/krakow' })
    expect((await get('blizniak krakow'))[0]!.url).toBe('/nieruchomosci/blizniak/sprzedaz/krakow')
    expect((await get('kamienica wynajem'))[0]).toEqual({ label: 'Kamienice na wynajem', url: '/nieruchomosci/kamienica-dom/wynajem' })
  })
  it("the parent's words narrow to its subcategories; prefix and exact words first", async () => {
    expect((await get('działka budowlana'))[0]).toEqual({ label: 'Działki budowlane na sprzedaż', url: '/nieruchomosci/budowlana/sprzedaz' })
    expect((await get('domy woln')).every((s) => s.label.startsWith('Domy wolnostojące'))).toBe(true)
    expect((await get('pokój z łazienką'))[0]).toEqual({ label: 'Pokoje z łazienką na wynajem', url: '/nieruchomosci/z-lazienka/wynajem' })
  })
  it('a word of the parent alone still suggests the parent first', async () => {
    const domy = await get('domy')
    expect(domy[0]).toEqual({ label: 'Domy na sprzedaż', url: '/nieruchomosci/dom/sprzedaz' })
    expect(domy.some((s) => /wolnostojące|Bliźniaki|Szeregowce/.test(s.label))).toBe(false)
    expect((await get('garaże')).slice(0, 4).map((s) => s.label)).toEqual(['Garaże na sprzedaż', 'Garaże na wynajem', 'Garaże do zamiany', 'Garaże do oddania'])
  })
  it('every suggested URL is a category landing page of the catalogue', async () => {
    for (const q of ['wolnostoj', 'bliźn', 'szereg', 'budowl', 'biura', 'sklepy kraków', 'blaszane', 'mieszkania']) {
      for (const s of await get(q)) {
        const [, , cat, offer] = s.url.split('/')
        const c = categoryBySlug(cat!)
        expect(c, s.url).toBeDefined()
        expect(c!.urlSlug).toBe(cat)
        expect(['sprzedaz', 'wynajem', 'zamiana', 'oddam']).toContain(offer)
      }
    }
  })
  it('cities in the genitive are understood too', async () => {
    expect((await get('mieszkania z krakowa'))[0]!.url).toBe('/nieruchomosci/mieszkanie/sprzedaz/krakow')
  })
})
