import { describe, expect, it, vi } from 'vitest'
import type { AppLoadContext } from 'react-router'
import { loader } from './offer'

// The route module preloads its error screens at import (hydrateLater on the server); a test of the loader does not
// need them, and a preload still pending when the file's run ends rejects outside any test.
vi.mock('~/components/hydrate-later', () => ({ hydrateLater: () => () => null }))

/**
 * The listing page asks GET /api/offers/:id/property (other ads of the same property, issue 13) only of a listing the
 * API says is in a property group: for the rest it could only answer 404, one in-process call per uncached render.
 */
function offer(propertyGroup: boolean | undefined) {
  return {
    id: 41, slug: 'mieszkanie-41', offer_type: 'rent', ad_type: 'offer', price: 250_000, category: { slug: 'mieszkania' },
    is_owner: false, similar: [], price_comparison: null, ...(propertyGroup === undefined ? {} : { property_group: propertyGroup }),
  }
}

async function callsFor(propertyGroup: boolean | undefined) {
  const group = { count: 2, first_seen_at: '2026-01-01T00:00:00.000Z', listings: [{ id: 42 }, { id: 41 }], price_history: [] }
  const api = vi.fn(async (path: string) => path.endsWith('/property')
    ? (propertyGroup === false ? Response.json({ message: 'nie' }, { status: 404 }) : Response.json(group))
    : Response.json(offer(propertyGroup)))
  const res = await loader({
    request: new Request('http://x/ogloszenia/mieszkanie-41'), params: { slug: 'mieszkanie-41' }, context: { api } as unknown as AppLoadContext,
  } as never) as unknown as { data: { property: unknown } }
  return { paths: api.mock.calls.map((c) => c[0]), property: res.data.property }
}

describe('listing page loader', () => {
  it('skips the property call for a listing outside any property group', async () => {
    const r = await callsFor(false)
    expect(r.paths).toEqual(['/api/offers/mieszkanie-41'])
    expect(r.property).toBeNull()
  })

  it('asks it for a listing in a group, and when the API does not say (an older answer)', async () => {
    for (const flag of [true, undefined]) {
      const r = await callsFor(flag)
      expect(r.paths).toEqual(['/api/offers/mieszkanie-41', '/api/offers/41/property'])
      expect(r.property).toMatchObject({ count: 2 })
    }
  })
})
