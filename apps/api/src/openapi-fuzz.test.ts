import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, insertListings } from './test/helpers.ts'
import { runFuzz } from './test/fuzz-runner.ts'

/**
 * The CI slice of the bad-input suite (the full run: `npm run test:fuzz`, docs/testing.md): requests generated
 * from the OpenAPI document with hostile values. Any 5xx or uncaught error fails. FUZZ_COUNT / FUZZ_SEED override.
 */
const COUNT = Number(process.env.FUZZ_COUNT ?? 2000)
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)

describe('bad input generated from the OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' }, { rateLimitMax: 1_000_000 })
    await insertListings(t.db, Array.from({ length: 8 }, (_, i) => ({ photos: i % 2 })))
  })
  afterAll(async () => { await t.close() })

  it(`${COUNT} requests (seed ${SEED}) over every operation: no 5xx, nothing uncaught`, async () => {
    const r = await runFuzz(t.app, t.db, { count: COUNT, seed: SEED })
    expect(r.total).toBe(COUNT)
    expect(r.failures).toEqual([])
    expect(r.serverErrors).toBe(0)
    expect(r.uncaught).toBe(0)
    // The generator reaches past validation: some requests succeed.
    expect(Object.keys(r.byStatus).some((s) => Number(s) < 300)).toBe(true)
  }, 180_000)
})
