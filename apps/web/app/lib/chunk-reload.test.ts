import { describe, expect, it } from 'vitest'
import { shouldReloadAfterChunkError } from './chunk-reload'

describe('chunk reload guard', () => {
  it('reloads the first time and then at most once per 60 s', () => {
    expect(shouldReloadAfterChunkError(null, 1_000_000)).toBe(true)
    expect(shouldReloadAfterChunkError(1_000_000, 1_030_000)).toBe(false)
    expect(shouldReloadAfterChunkError(1_000_000, 1_060_000)).toBe(true)
  })
})
