import type { SearchSort } from '@portal/contracts/search'
import type { Store } from './store.ts'

/**
 * The best K matches in the order of a sort, kept in a binary heap whose root is the worst one kept: a match
 * that is not better than the root costs one comparison. Orders are those of the SQL path (search.ts orderBy):
 * the default puts promoted listings first, ties are broken by id in the sort's direction, nulls go last.
 */
export class TopK {
  private slots: Int32Array
  private prom: Uint8Array
  /** Promoted as shown (the default sort also ranks by it). */
  private shown: Uint8Array
  private keys: Float64Array
  private ids: Float64Array
  private n = 0
  /** +1: smaller keys first; -1: larger keys first. */
  private readonly dir: 1 | -1
  /** The sort column, and what a null (NaN) counts as so that nulls go last. */
  readonly column: keyof Pick<Store, 'created' | 'price' | 'ppm2' | 'area'>
  readonly nullKey: number
  private readonly promotedFirst: boolean

  constructor(readonly k: number, sort: SearchSort) {
    this.slots = new Int32Array(k)
    this.prom = new Uint8Array(k)
    this.shown = new Uint8Array(k)
    this.keys = new Float64Array(k)
    this.ids = new Float64Array(k)
    this.promotedFirst = sort === 'newest'
    switch (sort) {
      case 'price_asc': this.dir = 1; this.column = 'price'; break
      case 'price_desc': this.dir = -1; this.column = 'price'; break
      case 'price_m2_asc': this.dir = 1; this.column = 'ppm2'; break
      case 'price_m2_desc': this.dir = -1; this.column = 'ppm2'; break
      case 'area_asc': this.dir = 1; this.column = 'area'; break
      case 'area_desc': this.dir = -1; this.column = 'area'; break
      default: this.dir = -1; this.column = 'created'
    }
    this.nullKey = this.dir * Infinity
  }

  /** a ranks before b */
  private before(pa: number, ka: number, ia: number, pb: number, kb: number, ib: number): boolean {
    if (pa !== pb) return pa > pb
    if (ka !== kb) return this.dir === 1 ? ka < kb : ka > kb
    return this.dir === 1 ? ia < ib : ia > ib
  }

  get full() { return this.n >= this.k }

  /** Whether a match with this rank would be kept (cheap: most matches of a big search are not). */
  accepts(promoted: boolean, key: number, id: number): boolean {
    if (this.n < this.k) return this.k > 0
    return this.before(this.promotedFirst && promoted ? 1 : 0, key, id, this.prom[0]!, this.keys[0]!, this.ids[0]!)
  }

  /** Keeps slot x (call only when accepts() said so); `key` is its sort value with NaN already replaced by nullKey. */
  offer(x: number, promoted: boolean, key: number, id: number) {
    const p = this.promotedFirst && promoted ? 1 : 0
    if (this.n < this.k) {
      // Sift up: the root is the worst, so a parent must rank after its children.
      let i = this.n++
      while (i > 0) {
        const up = (i - 1) >> 1
        if (!this.before(this.prom[up]!, this.keys[up]!, this.ids[up]!, p, key, id)) break
        this.move(up, i)
        i = up
      }
      this.set(i, x, p, key, id, promoted)
      return
    }
    // Replace the root and sift down.
    let i = 0
    for (;;) {
      const l = 2 * i + 1, r = l + 1
      let worst = i
      let wp = p, wk = key, wi = id
      if (l < this.n && this.before(wp, wk, wi, this.prom[l]!, this.keys[l]!, this.ids[l]!)) { worst = l; wp = this.prom[l]!; wk = this.keys[l]!; wi = this.ids[l]! }
      if (r < this.n && this.before(wp, wk, wi, this.prom[r]!, this.keys[r]!, this.ids[r]!)) worst = r
      if (worst === i) break
      this.move(worst, i)
      i = worst
    }
    this.set(i, x, p, key, id, promoted)
  }

  private set(i: number, x: number, p: number, key: number, id: number, promoted: boolean) {
    this.slots[i] = x; this.prom[i] = p; this.keys[i] = key; this.ids[i] = id; this.shown[i] = promoted ? 1 : 0
  }
  private move(from: number, to: number) {
    this.slots[to] = this.slots[from]!; this.prom[to] = this.prom[from]!; this.keys[to] = this.keys[from]!; this.ids[to] = this.ids[from]!; this.shown[to] = this.shown[from]!
  }

  /** The kept matches, best first, with whether each counts as promoted. */
  sorted(): { slots: number[]; promoted: boolean[] } {
    const order = Array.from({ length: this.n }, (_, i) => i)
    order.sort((a, b) => (this.before(this.prom[a]!, this.keys[a]!, this.ids[a]!, this.prom[b]!, this.keys[b]!, this.ids[b]!) ? -1 : 1))
    return { slots: order.map((i) => this.slots[i]!), promoted: order.map((i) => this.shown[i] === 1) }
  }
}
