import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

// Issue 26 item 5: a rent listing shows its monthly total (rent + czynsz + media), server-rendered; the sum itself is
// unit-tested in apps/web/app/lib/monthly-cost.test.ts, the attributes' validation in the API test.

type Attr = { id: number; value: string | string[] }
const zl = (n: number) => `${new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 }).format(n)} zł`

/** The first demo rent flat (newest first) matching `want`, with its price and attributes. */
async function rentFlat(request: APIRequestContext, want: (a: Attr[]) => boolean) {
  for (let page = 1; page <= 3; page++) {
    const list = (await (await request.get(`/api/search?per_page=48&sortuj=newest_plain&typ=wynajem&kategoria=mieszkanie&page=${page}`)).json()) as { data: { id: number; slug: string }[] }
    for (const l of list.data) {
      const o = (await (await request.get(`/api/offers/${l.id}`)).json()) as { price: number; attributes: Attr[]; ad_type: string }
      if (o.ad_type === 'offer' && want(o.attributes)) return { slug: l.slug, price: o.price, attributes: o.attributes }
    }
  }
  throw new Error('no such rent flat among the newest demo listings')
}
const has = (a: Attr[], id: number) => a.some((x) => x.id === id)
const num = (a: Attr[], id: number) => Number(a.find((x) => x.id === id)!.value)

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test("a rent flat's 'Koszt miesięczny': rent + czynsz + media; with bills included it says so", async ({ page, request }) => {
      const flat = await rentFlat(request, (a) => has(a, 37) && has(a, 38) && !has(a, 7))
      await page.goto(`/ogloszenia/${flat.slug}`)
      const block = page.getByTestId('monthly-cost')
      await expect(block.getByRole('heading', { name: 'Koszt miesięczny' })).toBeVisible()
      const rent = flat.price / 100
      const czynsz = num(flat.attributes, 37)
      const media = num(flat.attributes, 38)
      await expect(block.locator('dt')).toHaveText(['Najem', '+ Czynsz administracyjny', '+ Opłaty za media', 'Razem miesięcznie'])
      await expect(block.locator('dd')).toHaveText([zl(rent), zl(czynsz), zl(media), zl(rent + czynsz + media)])
      const box = (await block.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      // The parameters table lists both figures too.
      const params = page.locator('section[aria-labelledby="parametry"]')
      await expect(params.locator('dl > div', { has: page.getByText('Czynsz administracyjny', { exact: true }) }).locator('dd')).toHaveText(zl(czynsz))

      const bills = await rentFlat(request, (a) => has(a, 7))
      await page.goto(`/ogloszenia/${bills.slug}`)
      await expect(page.getByTestId('monthly-cost')).toContainText('Rachunki wliczone w cenę najmu')
      await expect(page.getByTestId('monthly-cost-total')).toHaveText(zl(bills.price / 100))
    })
  })
}
