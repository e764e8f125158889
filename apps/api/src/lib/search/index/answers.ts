/**
 * The engine's recent answers (decision 094): the same search asked again while the index has applied no change and
 * within a moment is answered from here. Popular searches (a category's first pages, a city) repeat many times a
 * second; the index's catch-up before each search still runs, so a write committed before the search drops every
 * answer (the version moves) and read-your-writes holds across instances as before. What moves with the clock alone
 * (a promotion or a scheduled listing's dates passing, 'dodane' days) is at most `ttlMs` late.
 */
export class AnswerCache<S extends object> {
  private answers = new Map<string, { store: S; version: number; at: number; value: unknown }>()
  private version = 0
  hits = 0
  misses = 0

  constructor(private readonly max = 2000, private readonly ttlMs = 2000) {}

  /** Something changed in the index (a catch-up applied changes, a new copy): no earlier answer may be served. */
  changed() {
    this.version++
    this.answers.clear()
  }

  /** The version now: a value computed across an await is kept (keep) only if no change came meanwhile. */
  get current() { return this.version }

  /** The value kept for `key` on this copy of the index and version, if still fresh; nothing is computed. */
  peek<T>(key: string, store: S, now = Date.now()): T | undefined {
    const kept = this.answers.get(key)
    if (!kept || kept.store !== store || kept.version !== this.version || now < kept.at || now - kept.at >= this.ttlMs) return undefined
    this.hits++
    return kept.value as T
  }

  /** Keeps a value computed from `store` at `version` (current when the computation began), unless something changed since. */
  keep(key: string, store: S, version: number, value: unknown, now = Date.now()) {
    if (version !== this.version) return
    if (this.answers.has(key)) this.answers.delete(key)
    else if (this.answers.size >= this.max) this.answers.delete(this.answers.keys().next().value!)
    this.answers.set(key, { store, version, at: now, value })
  }

  /** The answer kept for `key` on this copy of the index, else `compute()` (kept unless null). */
  get<T>(key: string, store: S, compute: () => T | null, now = Date.now()): T | null {
    const kept = this.peek<T>(key, store, now)
    if (kept !== undefined) return kept
    this.misses++
    const value = compute()
    if (value !== null) this.keep(key, store, this.version, value, now)
    return value
  }
}
