import { describe, expect, it } from 'vitest'
import { Words } from './store.ts'

/** The slots whose text has the word, the slow way: every token of every slot (as SQL's LIKE '%word%'). */
function expected(texts: string[], word: string): number[] {
  const out: number[] = []
  texts.forEach((t, x) => { if (t.split(/[^a-z0-9-]+/).some((tok) => tok.includes(word))) out.push(x) })
  return out
}
const bitsOf = (bits: Uint32Array, size: number) => Array.from({ length: size }, (_, x) => x).filter((x) => (bits[x >>> 5]! >>> (x & 31)) & 1)

describe('Words: the slots of a free-text word (issue 30)', () => {
  it('keeps each word\'s slots and bits, brought up to date as slots are added, and forgets them on clustering', () => {
    const vocab = ['balkon', 'balkonem', 'ogrod', 'ogrodem', 'krakow', 'mokotow', 'dom', 'domek', 'kawalerka', 'loggia-balkon']
    let seed = 7
    const r = () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 2 ** 32 }
    const w = new Words()
    const texts: string[] = []
    const add = (n: number) => {
      for (let i = 0; i < n; i++) {
        const text = Array.from({ length: 1 + Math.floor(r() * 4) }, () => vocab[Math.floor(r() * vocab.length)]).join(' ')
        w.add(texts.length, text)
        texts.push(text)
      }
    }
    const check = (word: string) => {
      const hit = w.slotsWith(word, texts.length)
      const want = expected(texts, word)
      expect(hit.count).toBe(want.length)
      expect([...hit.slots.subarray(0, hit.count)]).toEqual(want)
      expect(bitsOf(hit.bits, texts.length)).toEqual(want)
      expect([...w.slotList(hit).items.subarray(0, want.length)]).toEqual(want)
    }
    add(500)
    for (const word of ['balkon', 'ogrod', 'dom', 'ow', 'nic']) check(word)
    // New slots (and a new token) after the first look: the kept sets grow by them.
    add(700)
    w.add(texts.length, 'balkonik zupelnie-nowy')
    texts.push('balkonik zupelnie-nowy')
    for (const word of ['balkon', 'ogrod', 'dom', 'ow', 'nic', 'nowy']) check(word)
    // A search may ask with a size below what the postings hold (a slot appended meanwhile is not seen yet).
    const early = w.slotsWith('kawalerka', 300)
    expect([...early.slots.subarray(0, early.count)]).toEqual(expected(texts.slice(0, 300), 'kawalerka'))
    check('kawalerka')
    // Clustering renumbers: reversed order here.
    const moved = new Int32Array(texts.length).map((_, i) => texts.length - 1 - i)
    w.remap(moved)
    texts.reverse()
    for (const word of ['balkon', 'ogrod', 'kawalerka', 'nowy']) check(word)
  })
})
