import { describe, expect, it } from 'vitest'
import { onPersonalise, whilePersonalising } from '~/lib/auth-revalidate'
import * as offer from './offer'
import * as investment from './investment'
import * as home from './home'

/**
 * Decision 102: after a page from the shared cache (decision 099) a signed-in browser reloads root (user, favourites)
 * and, of a listing page, only its per-visitor part (GET /api/offers/:id/viewer, lib/offer-viewer.ts), not the whole
 * listing with its similar listings, property group and mortgage rate. The investment page answers everybody alike.
 */
const args = (defaultShouldRevalidate: boolean) => ({ defaultShouldRevalidate }) as Parameters<NonNullable<typeof offer.shouldRevalidate>>[0]

describe('the personal reload of a shared page', () => {
  for (const [name, route] of [['listing', offer], ['investment', investment], ['home', home]] as const) {
    it(`the ${name} page's loader is not run again for it, and is on any other revalidation`, async () => {
      expect(route.shouldRevalidate).toBeTypeOf('function')
      let during: boolean | undefined
      await whilePersonalising(() => { during = route.shouldRevalidate!(args(true)) })
      expect(during).toBe(false)
      expect(route.shouldRevalidate!(args(true))).toBe(true)
      expect(route.shouldRevalidate!(args(false))).toBe(false)
    })
  }

  it("a mounted page's own personal load runs when the reload starts, before it; removed, it does not", async () => {
    const seen: string[] = []
    const remove = onPersonalise(() => seen.push('viewer'))
    await whilePersonalising(() => { seen.push('root') })
    remove()
    await whilePersonalising(() => { seen.push('root') })
    expect(seen).toEqual(['viewer', 'root', 'root'])
  })
})
