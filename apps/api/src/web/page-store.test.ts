import { describe, expect, it } from 'vitest'
import { PageStore, type PageEntry } from './page-store.ts'

const page = (key: string, size: number, listings: number[] | null = null): Omit<PageEntry, 'bytes'> => ({
  key, status: 200, headers: {}, body: Buffer.alloc(size), variants: {}, storedAt: 0, freshUntil: 1, staleUntil: 1, listings,
})

describe('page store (LRU by bytes, dropped by listing)', () => {
  it('keeps its bytes under the cap, dropping the least recently used first', () => {
    const s = new PageStore(100_000)
    for (let i = 0; i < 10; i++) s.set(page(`/p${i}`, 10_000))
    expect(s.bytes).toBeLessThanOrEqual(100_000)
    expect(s.get('/p0')).toBeUndefined()
    expect(s.get('/p9')).toBeDefined()
    // Reading /p3 makes it recent: the next page pushes out /p4 instead.
    const before = s.size
    s.get('/p3')
    s.set(page('/new', 10_000))
    expect(s.size).toBe(before)
    expect(s.get('/p3')).toBeDefined()
    // A variant made later counts too.
    s.addVariant(s.get('/new')!, 'br', Buffer.alloc(5_000))
    expect(s.bytes).toBeLessThanOrEqual(100_000)
  })

  it('keeps only the br copy once there is one (the plain page is inflated from it)', () => {
    const s = new PageStore(1_000_000)
    const e = s.set(page('/x', 50_000))!
    const before = s.bytes
    s.addVariant(e, 'gzip', Buffer.alloc(9_000))
    expect(s.bytes).toBe(before + 9_000)
    s.addVariant(e, 'br', Buffer.alloc(7_000))
    expect(e.body).toBeUndefined()
    expect(s.bytes).toBe(before + 9_000 + 7_000 - 50_000)
    s.delete('/x')
    expect(s.bytes).toBe(0)
  })

  it('a zstd copy stands in for the body until a br copy replaces it (decision 113)', () => {
    const s = new PageStore(1_000_000)
    const e = s.set(page('/z', 50_000))!
    const before = s.bytes
    s.addVariant(e, 'zstd', Buffer.alloc(8_000))
    expect(e.body).toBeUndefined()
    expect(s.bytes).toBe(before + 8_000 - 50_000)
    s.addVariant(e, 'br', Buffer.alloc(6_000))
    expect(e.variants.zstd).toBeUndefined()
    expect(s.bytes).toBe(before + 6_000 - 50_000)
    s.delete('/z')
    expect(s.bytes).toBe(0)
  })

  it('refuses a page bigger than an eighth of the cap', () => {
    const s = new PageStore(80_000)
    expect(s.set(page('/big', 20_000))).toBeUndefined()
    expect(s.size).toBe(0)
  })

  it('drops the pages that show a changed listing, and tells a render that started before the change', () => {
    const s = new PageStore(1_000_000)
    s.set(page('/a', 100, [1, 2]))
    s.set(page('/b', 100, [3]))
    s.set(page('/', 100))
    const mark = s.mark
    s.changed([2])
    expect(s.get('/a')).toBeUndefined()
    expect(s.get('/b')).toBeDefined()
    expect(s.changedSince(mark, [2, 9])).toBe(true)
    expect(s.changedSince(mark, [3])).toBe(false)
    expect(s.changedSince(s.mark, [2])).toBe(false)
    // A new copy of the index: every listing page goes, time-only pages stay.
    s.changed('all')
    expect(s.get('/b')).toBeUndefined()
    expect(s.get('/')).toBeDefined()
    expect(s.changedSince(mark, [12345])).toBe(true)
  })
})
