import { describe, expect, it } from 'vitest'
import { withViewer } from './offer-viewer'

/** Decision 102: the listing from the shared page with the visitor's part patched in; nothing else changes. */
describe('withViewer', () => {
  const offer = { id: 7, is_owner: false, is_favorite: false, views: 41, title: 'Mieszkanie' }

  it("the owner's view: is_owner, and the views as counted for this visit", () => {
    const mine = withViewer(offer, { id: 7, is_owner: true, is_favorite: false, views: 42 })
    expect(mine).toEqual({ ...offer, is_owner: true, views: 42 })
    expect(offer.is_owner).toBe(false)
  })

  it('the same object when nothing differs, before the answer, or for another listing', () => {
    expect(withViewer(offer, { id: 7, is_owner: false, is_favorite: false, views: 41 })).toBe(offer)
    expect(withViewer(offer, null)).toBe(offer)
    expect(withViewer(offer, { id: 8, is_owner: true, is_favorite: true, views: 1 })).toBe(offer)
  })
})
