import type { Locator } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

// Issue 29's walk at 1280 px: the sort select read 'Sortuj: najnowsze, najpierw' (cut), the wizard's step row dropped
// 'Podgląd' off its right edge, the location field's placeholder was cut beside the radius.

/** Whether a form control's shown text (a select's chosen option, or an input's placeholder) fits inside it. */
async function textFits(control: Locator): Promise<{ text: string; need: number; room: number }> {
  return control.evaluate((el: HTMLSelectElement | HTMLInputElement) => {
    const text = el instanceof HTMLSelectElement ? el.options[el.selectedIndex]!.text : el.placeholder
    const style = getComputedStyle(el)
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return { text, need: Math.ceil(ctx.measureText(text).width), room }
  })
}

test('at 1280 px the sort select and the location field show their whole text', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/szukaj?typ=sprzedaz')
  await hydrated(page)
  for (const control of [page.getByLabel('Sortuj'), page.getByRole('combobox', { name: 'Lokalizacja' }).first()]) {
    const { text, need, room } = await textFits(control)
    expect(need, `'${text}' needs ${need} px, has ${room}`).toBeLessThanOrEqual(room)
  }
})

for (const width of [390, 1280]) {
  test(`the add-listing wizard shows all seven steps at ${width} px (named from md up)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/dodaj-ogloszenie')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Kroki formularza' })
    const steps = nav.getByRole('listitem')
    await expect(steps).toHaveCount(7)
    if (width < 768) {
      await expect(nav.getByRole('button', { name: /Kategoria i typ/ })).toBeVisible()
      return
    }
    const box = (await nav.boundingBox())!
    for (const name of ['Kategoria i typ', 'Szczegóły', 'Lokalizacja', 'Opis, cena i filmy', 'Zdjęcia', 'Pakiet', 'Podgląd']) {
      const label = nav.getByText(name, { exact: true })
      await expect(label).toBeVisible()
      const b = (await label.boundingBox())!
      expect(b.x, name).toBeGreaterThanOrEqual(box.x)
      expect(b.x + b.width, name).toBeLessThanOrEqual(box.x + box.width + 0.5)
    }
  })
}
