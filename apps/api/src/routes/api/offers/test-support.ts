import type { CreateOfferInput } from '@portal/contracts/offer'
import type { TestApp } from '../../../test/helpers.ts'
import { send, type Jar } from '../auth/test-support.ts'

export { form, upload } from '../../../test/helpers.ts'

/** Test helpers for the listings API. */
export const validOffer = (over: Partial<CreateOfferInput> = {}): CreateOfferInput => ({
  title: 'Przestronne 3-pokojowe mieszkanie na Mokotowie',
  category_id: 1,
  offer_type: 'sell',
  price: 85_000_000,
  description: 'Słoneczne mieszkanie z balkonem.\n\nBlisko metra i parku.',
  location: { lat: 52.1935, lon: 21.0346, name: 'Mokotów, Warszawa' },
  links: { video: 'https://youtu.be/dQw4w9WgXcQ', video_2: 'https://vimeo.com/123456789', walk_video: null },
  attributes: [
    { id: 4, value: '62.5' }, { id: 11, value: '3' }, { id: 16, value: ['balkon', 'winda'] }, { id: 6, value: 'true' },
    { id: 30, value: 'blok' }, { id: 19, value: 'wtorny' }, { id: 34, value: '85' }, { id: 17, value: ['park'] },
  ],
  ...over,
})

export async function createOffer(app: TestApp, jar: Jar, over: Partial<CreateOfferInput> = {}) {
  const res = await send(app, jar, 'POST', '/api/offers', validOffer(over))
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: number; slug: string; status: string; pending_activation: boolean }
}

