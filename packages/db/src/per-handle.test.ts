import { describe, expect, it } from 'vitest'
import { perHandle, type Db } from './client.ts'

describe('perHandle', () => {
  it('makes the value once per drizzle instance and gives the same one after', () => {
    let made = 0
    const of = perHandle((db) => ({ db, n: ++made }))
    const a = {} as Db
    const b = {} as Db
    expect(of(a)).toBe(of(a))
    expect(of(b)).not.toBe(of(a))
    expect(of(b).db).toBe(b)
    expect(made).toBe(2)
  })
})
