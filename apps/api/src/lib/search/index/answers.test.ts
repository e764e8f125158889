import { describe, expect, it } from 'vitest'
import { AnswerCache } from './answers.ts'

describe('AnswerCache', () => {
  const store = {}
  const counter = () => { let n = 0; return () => ({ n: ++n }) }

  it('answers a repeated key from memory on the same copy, version and moment', () => {
    const c = new AnswerCache<object>(10, 1000)
    const compute = counter()
    expect(c.get('a', store, compute, 5000)).toEqual({ n: 1 })
    expect(c.get('a', store, compute, 5999)).toEqual({ n: 1 })
    expect(c.get('b', store, compute, 5999)).toEqual({ n: 2 })
    expect([c.hits, c.misses]).toEqual([1, 2])
  })

  it('computes again after a change, on another copy of the index, after ttl, or when the clock went back', () => {
    const c = new AnswerCache<object>(10, 1000)
    const compute = counter()
    c.get('a', store, compute, 5000)
    c.changed()
    expect(c.get('a', store, compute, 5001)).toEqual({ n: 2 })
    expect(c.get('a', {}, compute, 5002)).toEqual({ n: 3 })
    const other = {}
    expect(c.get('x', other, compute, 6000)).toEqual({ n: 4 })
    expect(c.get('x', other, compute, 7000)).toEqual({ n: 5 })
    expect(c.get('x', other, compute, 6999)).toEqual({ n: 6 })
  })

  it('keeps no null answer (SQL answers those) and at most max answers, oldest out first', () => {
    const c = new AnswerCache<object>(2, 1000)
    let calls = 0
    expect(c.get('n', store, () => { calls++; return null }, 1)).toBeNull()
    expect(c.get('n', store, () => { calls++; return null }, 2)).toBeNull()
    expect(calls).toBe(2)
    const compute = counter()
    c.get('a', store, compute, 10)
    c.get('b', store, compute, 10)
    c.get('c', store, compute, 10)
    expect(c.get('b', store, compute, 11)).toEqual({ n: 2 })
    expect(c.get('a', store, compute, 11)).toEqual({ n: 4 })
  })

  it('keep() drops a value computed across a change; peek() answers only fresh values of the same copy', () => {
    const c = new AnswerCache<object>(10, 1000)
    const v0 = c.current
    c.keep('body', store, v0, 'first', 100)
    expect(c.peek('body', store, 500)).toBe('first')
    expect(c.peek('body', {}, 500)).toBeUndefined()
    expect(c.peek('body', store, 1100)).toBeUndefined()
    const v1 = c.current
    c.changed()
    c.keep('late', store, v1, 'stale', 600)
    expect(c.peek('late', store, 601)).toBeUndefined()
    expect(c.peek('body', store, 601)).toBeUndefined()
  })
})
