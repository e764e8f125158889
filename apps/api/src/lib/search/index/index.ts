import type { Db } from '@portal/db'
import type { SearchQuery } from '@portal/contracts/search'
import { runCount, runLatest, runMarkers, runPromoted, runSearch, searchMatcher } from './engine.ts'
import { CHANGES_PER_READ, REREAD_SECONDS, applyListings, loadStore, readChanges } from './sync.ts'
import { CardCache } from './hydrate.ts'
import { AnswerCache } from './answers.ts'
import { sellerActiveCount, similarSlots, type ListingRef } from './listing-page.ts'
import type { Store } from './store.ts'
import { readSnapshot, writeSnapshot, type SnapshotPosition } from './snapshot.ts'

/**
 * The in-memory search index of one API instance (docs/decisions/012-in-memory-search-index.md). PostgreSQL stays
 * the only source of truth: the index loads the searchable listings at the first search (in the background; SQL
 * answers meanwhile), and before each search catches up with the `listing_changes` log, so a search sees every
 * write committed before it started, whichever instance made it.
 */
export interface SearchIndexOptions {
  /** Off: every search goes to SQL (SEARCH_INDEX=off). */
  enabled?: boolean
  log?: { info(msg: string): void; warn(msg: string): void }
  /**
   * A snapshot file (snapshot.ts, decision 028): the first load starts from it when it is still good, and it is
   * written after each full load and at close. Unset: no snapshot.
   */
  snapshotFile?: string
}

/** After this long without catching up, the log may have been pruned past us: reload instead. */
const STALE_AFTER_MS = 6 * 60 * 60_000

/**
 * A search page and, when asked, the currently promoted matches for the slots above it (one catch-up for both);
 * null when SQL must answer.
 */
function pageHit(store: Store, q: SearchQuery, limit: number, offset: number, top?: { q: SearchQuery; limit: number; offset: number }) {
  const hit = runSearch(store, q, limit, offset)
  const promoted = top ? runPromoted(store, top.q, top.limit, top.offset) : null
  return hit && (!top || promoted) ? { ...hit, top: promoted } : null
}

/** Up to this many holes are asked for by number; more, by the range from the lowest. */
const HOLES_BY_NUMBER = 1000

/** The numbers in (floor, last] not in `applied`. */
function unapplied(floor: number, last: number, applied: Map<number, number>): Set<number> {
  const holes = new Set<number>()
  for (let n = floor + 1; n <= last; n++) if (!applied.has(n)) holes.add(n)
  return holes
}

export class SearchIndex {
  private store?: Store
  private lastSeq = 0
  private syncedAt = 0
  /** Sequence numbers applied in the re-read window (see readChanges). */
  private applied = new Map<number, number>()
  /**
   * Numbers between the floor and lastSeq not applied: taken by a transaction that had not committed when the log was
   * read past them (or that rolled back). A catch-up asks for these and for numbers after lastSeq, not for the whole
   * re-read window again: after a burst of writes (an import, the demo seeding) the window held tens of thousands of
   * rows, read again by every request's catch-up for REREAD_SECONDS.
   */
  private holes = new Set<number>()
  /** Change-log rows read by catch-ups (tests: a catch-up reads only what it has not applied). */
  changesRead = 0
  /** The last number read at each catch-up of the last REREAD_SECONDS and a bit (oldest first): gives the floor. */
  private marks: { at: number; seq: number }[] = []
  private loading?: Promise<void>
  private running?: Promise<void>
  private queued?: Promise<void>
  private failedAt = 0
  /** The change log named listing 0: a bulk write bypassed the triggers (seeding), only a full load is right. */
  private reloadWanted = false
  private triedSnapshot = false
  private saving?: Promise<void>
  private saved?: { store: Store; lastSeq: number }
  /** How the index was loaded so far (tests and the start-up log tell a snapshot start from a full read). */
  readonly loads = { full: 0, snapshot: 0 }
  /** Listing cards of recent pages (hydrate.ts), dropped as the change log names their listings. */
  readonly cards = new CardCache()
  /** Recent answers of searches, counts and markers (answers.ts), dropped whenever the index changes. */
  readonly answers = new AnswerCache<Store>()
  private listeners: ((ids: number[] | 'all') => void)[] = []

  constructor(private readonly db: Db, private readonly opts: SearchIndexOptions = {}) {}

  get ready() { return this.store !== undefined }
  get size() { return this.store?.count ?? 0 }
  health(): { state: 'ready' | 'loading' | 'off'; listings: number } {
    return { state: this.opts.enabled === false ? 'off' : this.store ? 'ready' : 'loading', listings: this.size }
  }

  /**
   * Tells `fn` of the listings each catch-up finds in the change log (before it applies them) and, with 'all', of
   * every new copy (a full or snapshot load: what changed before it is not known). The page cache (web/page-cache.ts)
   * drops the pages of those listings.
   */
  onChange(fn: (ids: number[] | 'all') => void) {
    this.listeners.push(fn)
  }

  private tell(ids: number[] | 'all') {
    for (const fn of this.listeners) fn(ids)
  }

  /** For metrics: the last change-log number applied and when this copy last caught up (epoch ms, 0: never). */
  syncState(): { lastSeq: number; syncedAt: number } {
    return { lastSeq: this.lastSeq, syncedAt: this.syncedAt }
  }

  /** Starts loading (once); resolves when loaded. */
  load(): Promise<void> {
    if (this.opts.enabled === false) return Promise.resolve()
    this.loading ??= (async () => {
      if (!this.triedSnapshot && this.opts.snapshotFile) {
        this.triedSnapshot = true
        if (await this.fromSnapshot(this.opts.snapshotFile)) { this.loading = undefined; return }
      }
      const t = performance.now()
      try {
        this.reloadWanted = false
        const { store, lastSeq, seen } = await loadStore(this.db)
        this.lastSeq = lastSeq
        this.applied.clear()
        for (const seq of seen) this.applied.set(seq, Date.now())
        // Numbers of the last few seconds below lastSeq may still commit: read again from below the oldest of them.
        const floor = seen.length ? Math.min(...seen) - 1 : lastSeq
        this.marks = [{ at: Date.now() - REREAD_SECONDS * 1000, seq: Math.min(floor, lastSeq) }]
        this.holes = unapplied(floor, lastSeq, this.applied)
        this.syncedAt = Date.now()
        this.store = store
        this.cards.clear()
        this.answers.changed()
        this.tell('all')
        this.loads.full++
        this.opts.log?.info(`search index: ${store.count} listings loaded in ${Math.round(performance.now() - t)} ms`)
        void this.saveSnapshot()
      } catch (err) {
        this.failedAt = Date.now()
        this.opts.log?.warn(`search index: load failed, searching with SQL (${(err as Error).message})`)
      } finally {
        this.loading = undefined
      }
    })()
    return this.loading
  }

  /**
   * Builds the index from the snapshot file and catches it up from the snapshot's floor through the change log (every
   * listing named after it is read again: idempotent). False, with the reason logged, when the full load must run.
   */
  private async fromSnapshot(file: string): Promise<boolean> {
    const t = performance.now()
    try {
      const snap = await readSnapshot(this.db, file)
      if ('reason' in snap) {
        if (snap.reason !== 'none') this.opts.log?.info(`search index: snapshot not used, ${snap.reason}`)
        return false
      }
      const { store, position } = snap
      const read = Math.round(performance.now() - t)
      this.lastSeq = position.lastSeq
      this.applied.clear()
      this.marks = [{ at: Date.now() - REREAD_SECONDS * 1000, seq: position.floor }]
      this.holes = unapplied(position.floor, position.lastSeq, this.applied)
      this.syncedAt = Date.now()
      this.reloadWanted = false
      this.store = store
      this.cards.clear()
      this.answers.changed()
      this.tell('all')
      await this.fresh()
      if (this.reloadWanted || this.store !== store) throw new Error('the change log asks for a full load')
      this.loads.snapshot++
      this.saved = { store, lastSeq: position.lastSeq }
      this.opts.log?.info(`search index: ${store.count} listings from the snapshot (${Math.round(snap.bytes / 1e6)} MB) in ${read} ms, caught up in ${Math.round(performance.now() - t) - read} ms`)
      return true
    } catch (err) {
      this.store = undefined
      this.opts.log?.warn(`search index: snapshot not used (${(err as Error).message}), loading from the database`)
      return false
    }
  }

  /**
   * Writes the snapshot in the background (after a full load, and at close): a synchronous copy of the live slots and
   * the log position, then the file. Skipped when nothing changed since the last one; a failure is only logged.
   */
  saveSnapshot(): Promise<void> {
    const file = this.opts.snapshotFile
    const store = this.store
    if (!file || !store || this.reloadWanted) return Promise.resolve()
    if (this.saving) return this.saving.then(() => this.saveSnapshot())
    if (this.saved?.store === store && this.saved.lastSeq === this.lastSeq) return Promise.resolve()
    const t = performance.now()
    this.saving = (async () => {
      try {
        let position: SnapshotPosition | undefined
        const { bytes, blockedMs, longestMs } = await writeSnapshot(this.db, file, () => {
          // The floor of the oldest mark: every number that could still commit below lastSeq is read again after a
          // restore (applying a listing twice is harmless).
          const mark = this.marks[0] ?? { at: this.syncedAt, seq: this.lastSeq }
          position = { lastSeq: this.lastSeq, floor: Math.min(mark.seq, this.lastSeq), floorAt: mark.at }
          return { position, store: store.frozen() }
        })
        this.saved = { store, lastSeq: position!.lastSeq }
        this.opts.log?.info(`search index: snapshot of ${store.count} listings written (${Math.round(bytes / 1e6)} MB) in ${Math.round(performance.now() - t)} ms (${Math.round(blockedMs)} ms of it on the event loop, at most ${Math.round(longestMs)} ms at a time)`)
      } catch (err) {
        this.opts.log?.warn(`search index: snapshot not written (${(err as Error).message})`)
      } finally {
        this.saving = undefined
      }
    })()
    return this.saving
  }

  /** At shutdown: the last snapshot (if anything changed since the last one). */
  async close() {
    await this.saveSnapshot()
  }

  /**
   * The index, caught up with every change committed before this call; undefined while it is not loaded (a load is
   * then started, unless one failed in the last minute).
   */
  async current(): Promise<Store | undefined> {
    if (this.opts.enabled === false) return undefined
    if (!this.store) {
      if (!this.loading && Date.now() - this.failedAt > 60_000) void this.load()
      return undefined
    }
    if (this.reloadWanted) {
      if (!this.loading) void this.load()
      return undefined
    }
    if (Date.now() - this.syncedAt > STALE_AFTER_MS) {
      // Idle for hours: the log may have been pruned past us. SQL answers while a fresh copy loads.
      if (!this.loading) void this.load()
      return undefined
    }
    // Many dead slots: a compact copy loads in the background; this one stays correct (kept caught up), only slower.
    if (this.store.fragmented && !this.loading) void this.load()
    try {
      // A reload may swap the copy while we wait: then catch the new one up too.
      for (let i = 0; i < 3; i++) {
        const before: Store | undefined = this.store
        await this.fresh()
        if (this.store === before) break
      }
    } catch (err) {
      this.opts.log?.warn(`search index: catching up failed, searching with SQL (${(err as Error).message})`)
      return undefined
    }
    if (this.reloadWanted) {
      if (!this.loading) void this.load()
      return undefined
    }
    return this.store
  }

  /** Joins a catch-up that starts after this call (concurrent searches share one query of the log). */
  private fresh(): Promise<void> {
    if (!this.running) {
      this.running = this.catchUp().finally(() => { this.running = undefined })
      return this.running
    }
    this.queued ??= this.running.catch(() => {}).then(() => { this.queued = undefined; return this.fresh() })
    return this.queued
  }

  private async catchUp() {
    const store = this.store
    if (!store) return
    const started = Date.now()
    // The newest mark old enough: everything after it is read again (late commits), the rest is long applied.
    while (this.marks.length > 1 && this.marks[1]!.at <= started - REREAD_SECONDS * 1000) this.marks.shift()
    const floor = this.marks[0]?.seq ?? this.lastSeq
    // Numbers at or below the floor are past the re-read window: a transaction holding one that long is not waited for.
    for (const seq of this.holes) if (seq <= floor) this.holes.delete(seq)
    if (this.holes.size > HOLES_BY_NUMBER) {
      // Many (just after a start from a snapshot, which knows only its floor): one range read, as before the holes.
      let from = this.lastSeq
      for (const seq of this.holes) if (seq <= from) from = seq - 1
      const to = this.lastSeq
      while (from < to) {
        const read = (await readChanges(this.db, from)).filter((c) => c.seq <= to)
        if (!(await this.apply(store, read))) return
        if (read.length < CHANGES_PER_READ) break
        from = read[read.length - 1]!.seq
      }
    }
    // The numbers after lastSeq, and the holes below it in the same statement (they sort first, so the first page has them).
    let holes = this.holes.size <= HOLES_BY_NUMBER ? [...this.holes] : []
    for (let after = this.lastSeq; ;) {
      const read = await readChanges(this.db, after, holes)
      holes = []
      if (!(await this.apply(store, read))) return
      if (read.length < CHANGES_PER_READ) break
      after = read[read.length - 1]!.seq
    }
    // A mark per tenth of a second is plenty to find the floor REREAD_SECONDS back.
    const last = this.marks[this.marks.length - 1]
    if (!last || started - last.at >= 100) this.marks.push({ at: started, seq: this.lastSeq })
    else last.seq = Math.max(last.seq, this.lastSeq)
    // Forget applied numbers once they are older than the re-read window.
    // Oldest first (a Map keeps insertion order): stop at the first one still young, instead of walking them all (after
    // a burst, tens of thousands at every catch-up for a minute).
    if (this.applied.size > 1000) {
      const old = Date.now() - 60_000
      for (const [seq, at] of this.applied) {
        if (at > old) break
        this.applied.delete(seq)
      }
    }
    this.syncedAt = Date.now()
  }

  /**
   * Applies the log rows not applied yet (in order of number); false when the catch-up must stop: a reload replaced
   * the copy, or the log asks for a full load.
   */
  private async apply(store: Store, read: { seq: number; listingId: number }[]): Promise<boolean> {
    this.changesRead += read.length
    if (store !== this.store) return false // a reload replaced it meanwhile; the new copy catches up on its own
    const changes = read.filter((c) => !this.applied.has(c.seq))
    if (changes.some((c) => c.listingId === 0)) { this.reloadWanted = true; return false }
    if (!changes.length) return true
    const ids = [...new Set(changes.map((c) => c.listingId))]
    this.cards.drop(ids)
    this.answers.changed()
    this.tell(ids)
    await applyListings(this.db, store, ids)
    // Answers computed while the listings were being read describe the copy before them.
    this.answers.changed()
    if (store !== this.store) return false
    const now = Date.now()
    for (const c of changes) {
      this.applied.set(c.seq, now)
      this.holes.delete(c.seq)
      // Numbers skipped on the way up are taken by transactions not committed yet (or rolled back).
      for (let n = this.lastSeq + 1; n < c.seq; n++) this.holes.add(n)
      if (c.seq > this.lastSeq) this.lastSeq = c.seq
    }
    return true
  }

  /** Runs `answer` on the caught-up index; null when SQL must answer (not loaded, or `answer` cannot). */
  private async answer<T extends object>(answer: (store: Store) => T | null, key?: string): Promise<(T & { store: Store }) | null> {
    const store = await this.current()
    if (!store) return null
    const hit = key === undefined ? answer(store) : this.answers.get(key, store, () => answer(store))
    return hit ? { ...hit, store } : null
  }

  /** A search answered from the index, or null when it must go to SQL (not loaded, or a query it cannot answer). */
  search(q: SearchQuery, limit: number, offset: number) {
    return this.answer((store) => runSearch(store, q, limit, offset), JSON.stringify(['search', q, limit, offset]))
  }

  /**
   * A search page as its finished response body (decision 098): kept with the index's recent answers under `key`
   * (the query, the page and how the body is encoded), so a repeated search costs neither cards, JSON nor
   * compression; `finish` makes it from the engine's hit on a miss. Null when SQL must answer.
   */
  async searchBody<B>(key: string, q: SearchQuery, limit: number, offset: number, top: { q: SearchQuery; limit: number; offset: number } | undefined,
    finish: (hit: NonNullable<ReturnType<typeof pageHit>> & { store: Store }) => Promise<B>): Promise<B | null> {
    const store = await this.current()
    if (!store) return null
    const bodyKey = `body:${key}`
    const kept = this.answers.peek<B>(bodyKey, store)
    if (kept !== undefined) return kept
    const version = this.answers.current
    const hit = this.answers.get(JSON.stringify(['page', q, limit, offset, top]), store, () => pageHit(store, q, limit, offset, top))
    if (!hit) return null
    const body = await finish({ ...hit, store })
    // Cards read meanwhile may describe listings a catch-up has just changed: keep() drops the body then.
    this.answers.keep(bodyKey, store, version, body)
    return body
  }

  /** The number of matches (the panels' live count), or null when SQL must answer. */
  count(q: SearchQuery) {
    return this.answer((store) => runCount(store, q), JSON.stringify(['count', q]))
  }

  /** Markers or clusters over a map box from the index, or null when SQL must answer. */
  markers(q: SearchQuery & { bbox: NonNullable<SearchQuery['bbox']> }, maxMarkers: number, grid: number) {
    return this.answer((store) => runMarkers(store, q, maxMarkers, grid), JSON.stringify(['markers', q, maxMarkers, grid]))
  }

  /** The listing page's seller count and similar listings from the index, or null when SQL must answer. */
  listingPage(l: ListingRef, similarLimit: number) {
    return this.answer((store) => ({ sellerCount: sellerActiveCount(store, l.userId), ...similarSlots(store, l, similarLimit) }))
  }

  /**
   * For saved-search alerts: a function telling which of the given listing ids a search finds, on the index caught up
   * now (one catch-up for any number of searches); it answers null for a query SQL must answer. Undefined while the
   * index is not loaded.
   */
  async matcher(now = Date.now()): Promise<((q: SearchQuery, ids: number[]) => number[] | null) | undefined> {
    const store = await this.current()
    if (!store) return undefined
    return (q, ids) => {
      const test = searchMatcher(store, q, now)
      if (!test) return null
      const out: number[] = []
      for (const id of ids) {
        const x = store.slotById.get(id)
        if (x !== undefined && test(x)) out.push(id)
      }
      return out
    }
  }

  /** The home page's newest (or promoted) listings from the index, or null when SQL must answer. */
  latest(promotedOnly: boolean, limit: number, offset: number) {
    return this.answer((store) => runLatest(store, promotedOnly, limit, offset))
  }
}
