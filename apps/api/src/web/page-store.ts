/**
 * The memory of the page cache (decision 029): finished anonymous pages by key, least recently used first out once
 * their bytes pass the cap. An entry keeps the page uncompressed plus each compressed variant made for it, so br/gzip
 * run once per page, not once per response. Entries of listing pages carry the ids of the listings they show; the
 * change log (through the search index) drops them by id.
 */
export type Encoding = 'zstd' | 'br' | 'gzip' | 'identity'
export type Variant = Exclude<Encoding, 'identity'>

export interface PageEntry {
  key: string
  status: number
  /** Response headers to repeat (content-type, cache-control, vary, the CSP that matches the body's nonce). */
  headers: Record<string, string>
  /** The page uncompressed, until a br or zstd copy exists: then only that is kept (a sixth of the size; see addVariant). */
  body: Buffer | undefined
  variants: Partial<Record<Variant, Buffer>>
  /**
   * The compact copy is the miss's quick one (page-cache.ts: brotli BR_QUICK, or zstd for a client that takes it): its
   * first hit makes the better br one.
   */
  quickCopy?: boolean
  storedAt: number
  /** Served as it is until then… */
  freshUntil: number
  /** …and while one request renders it again, to the others until then (stale-while-revalidate). */
  staleUntil: number
  /** Listings shown (listing pages): dropped when the change log names one of them; null = time only. */
  listings: number[] | null
  bytes: number
}

/** Headers, key and bookkeeping of an entry, roughly; the bodies dominate. */
const OVERHEAD = 512

export class PageStore {
  private entries = new Map<string, PageEntry>()
  private byListing = new Map<number, Set<string>>()
  private used = 0
  /** Changes seen: a render that started before one of its listings changed must not be stored (see changedSince). */
  private changeCount = 0
  private recent: { n: number; at: number; ids: number[] | 'all' }[] = []
  readonly stats = { hits: 0, stale: 0, shared: 0, misses: 0, bypass: 0, stored: 0, evicted: 0, dropped: 0 }

  constructor(readonly maxBytes: number, private readonly now = () => Date.now()) {}

  get size() { return this.entries.size }
  get bytes() { return this.used }
  /** A mark to pass to `changedSince` after a render. */
  get mark() { return this.changeCount }

  /** The entry (most recently used from now on), or undefined. Expiry is the caller's business (stale is useful). */
  get(key: string): PageEntry | undefined {
    const e = this.entries.get(key)
    if (!e) return undefined
    this.entries.delete(key)
    this.entries.set(key, e)
    return e
  }

  set(entry: Omit<PageEntry, 'bytes'>): PageEntry | undefined {
    const bytes = (entry.body?.length ?? 0) + entry.key.length + OVERHEAD
    // One page bigger than an eighth of the cap would push out many others.
    if (bytes > this.maxBytes / 8) return undefined
    this.delete(entry.key)
    const e: PageEntry = { ...entry, bytes }
    this.entries.set(e.key, e)
    this.used += bytes
    for (const id of e.listings ?? []) {
      let keys = this.byListing.get(id)
      if (!keys) this.byListing.set(id, (keys = new Set()))
      keys.add(e.key)
    }
    this.stats.stored++
    this.trim()
    return e
  }

  /**
   * A compressed variant made after the entry was stored counts against the cap too. Once br or zstd exists the
   * uncompressed body goes: browsers take them, and the rare client without them gets a copy inflated (under a
   * millisecond). A br copy replaces a zstd one (the miss's cheap copy for a zstd client, decision 113): hits get br.
   */
  addVariant(e: PageEntry, enc: Variant, data: Buffer): boolean {
    if (this.entries.get(e.key) !== e || e.variants[enc]) return false
    e.variants[enc] = data
    let delta = data.length
    if (enc !== 'gzip' && e.body) { delta -= e.body.length; e.body = undefined }
    if (enc === 'br' && e.variants.zstd) { delta -= e.variants.zstd.length; delete e.variants.zstd }
    e.bytes += delta
    this.used += delta
    this.trim()
    return true
  }

  /** A better copy of a variant (page-cache.ts: quality 6 brotli after the miss's quick one), if the entry still has `was`. */
  replaceVariant(e: PageEntry, enc: Variant, was: Buffer, data: Buffer) {
    if (this.entries.get(e.key) !== e || e.variants[enc] !== was) return
    e.variants[enc] = data
    const delta = data.length - was.length
    e.bytes += delta
    this.used += delta
    this.trim()
  }

  delete(key: string) {
    const e = this.entries.get(key)
    if (!e) return
    this.entries.delete(key)
    this.used -= e.bytes
    for (const id of e.listings ?? []) {
      const keys = this.byListing.get(id)
      keys?.delete(key)
      if (keys?.size === 0) this.byListing.delete(id)
    }
  }

  /** The change log named these listings ('all': a new copy of the index, anything may have changed). */
  changed(ids: number[] | 'all') {
    this.changeCount++
    const at = this.now()
    this.recent.push({ n: this.changeCount, at, ids })
    // Renders take well under a minute; one older than what is kept is simply not stored (changedSince).
    while (this.recent.length > 10_000 || (this.recent[0] && this.recent[0].at < at - 60_000)) this.recent.shift()
    if (ids === 'all') {
      for (const [key, e] of this.entries) if (e.listings) { this.delete(key); this.stats.dropped++ }
      return
    }
    for (const id of ids) {
      for (const key of [...(this.byListing.get(id) ?? [])]) { this.delete(key); this.stats.dropped++ }
    }
  }

  /** Did any of `ids` change after `mark` was taken (or can that no longer be told)? */
  changedSince(mark: number, ids: number[]): boolean {
    if (mark === this.changeCount) return false
    const first = this.recent[0]
    if (!first || first.n > mark + 1) return true
    const wanted = new Set(ids)
    return this.recent.some((c) => c.n > mark && (c.ids === 'all' || c.ids.some((id) => wanted.has(id))))
  }

  clear() {
    this.entries.clear()
    this.byListing.clear()
    this.used = 0
  }

  private trim() {
    for (const [key] of this.entries) {
      if (this.used <= this.maxBytes) break
      this.delete(key)
      this.stats.evicted++
    }
  }
}
