import { describe, expect, it } from 'vitest'
import { arrayOf } from './client.ts'

describe('arrayOf: an array column of a raw row', () => {
  it('takes what the driver parsed, or reads the literal with quotes, commas, escapes and NULL', () => {
    expect(arrayOf(['a', 'b'])).toEqual(['a', 'b'])
    expect(arrayOf(['1', 2], Number)).toEqual([1, 2])
    expect(arrayOf('{balkon,"ogród, duży","a \\"b\\"",NULL}')).toEqual(['balkon', 'ogród, duży', 'a "b"', null])
    expect(arrayOf('{1.5,2,30}', Number)).toEqual([1.5, 2, 30])
    // An empty array is no element at all (a naive split gave one empty string, or 0 as a number).
    expect(arrayOf('{}', Number)).toEqual([])
    expect(arrayOf(null)).toEqual([])
    expect(arrayOf(undefined, Number)).toEqual([])
  })
})
