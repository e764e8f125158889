import { asc } from 'drizzle-orm'
import { blacklistWords, type DbHandle } from '@portal/db'

/**
 * The word blacklist, applied to titles and descriptions when they are saved. Unlike the original censor (which
 * lower-cased the whole text, reference §4) only the letters of a matched word change: the first letter stays, the
 * rest become '*', and every other character keeps its case. Polish inflection is caught by matching a word's stem
 * plus one of the common case/number endings ('oszust' → 'oszusta', 'oszustem', 'oszustów'; 'kurwa' → 'kurwie').
 */
const ENDINGS = [
  'a', 'u', 'owi', 'em', 'ie', 'y', 'i', 'e', 'ę', 'ą', 'o', 'om', 'ami', 'ach', 'ów', 'ego', 'emu', 'ym', 'im', 'ej',
  'ych', 'ich', 'ymi', 'imi', 'ia', 'iu', 'iem', 'iom', 'iami', 'iach', 'ii', 'ek', 'ka', 'ki', 'ce', 'kę', 'ką', 'kiem',
  'kom', 'kami', 'kach', 'ków', 'owie', 'owa', 'owe', 'owy', 'ow', 'ski', 'ska', 'skie',
]
const ENDING_SET = new Set(['', ...ENDINGS])
const BY_LENGTH = [...ENDINGS].sort((a, b) => b.length - a.length)
const MIN_STEM = 3

/** The part of a (lower-case) word its inflected forms share: the word less its longest known ending. */
export function stemOf(word: string): string {
  const w = word.toLocaleLowerCase('pl-PL')
  for (const e of BY_LENGTH) if (w.endsWith(e) && w.length - e.length >= MIN_STEM) return w.slice(0, -e.length)
  return w
}

export interface Matcher { stems: Map<string, string[]>; words: Set<string> }

export function buildMatcher(words: readonly string[]): Matcher {
  const stems = new Map<string, string[]>()
  const set = new Set<string>()
  for (const raw of words) {
    const w = raw.toLocaleLowerCase('pl-PL')
    set.add(w)
    const s = stemOf(w)
    const first = s.slice(0, 2)
    stems.set(first, [...(stems.get(first) ?? []), s])
  }
  return { stems, words: set }
}

function matches(token: string, m: Matcher): boolean {
  const t = token.toLocaleLowerCase('pl-PL')
  if (m.words.has(t)) return true
  for (const s of m.stems.get(t.slice(0, 2)) ?? []) {
    if (t.startsWith(s) && ENDING_SET.has(t.slice(s.length))) return true
  }
  return false
}

/** Masks every blacklisted word (and its inflected forms) in `text`; everything else is returned unchanged. */
export function maskText(text: string, m: Matcher): string {
  if (m.words.size === 0) return text
  return text.replace(/\p{L}+/gu, (token) => {
    if (!matches(token, m)) return token
    const chars = [...token]
    return chars[0] + '*'.repeat(chars.length - 1)
  })
}

/** The list is read at most every 30 s per instance (and at once after a change made through this instance). */
const TTL_MS = 30_000
let cache: { at: number; matcher: Matcher; db: DbHandle } | null = null

export function invalidateBlacklist(): void {
  cache = null
}

export async function blacklistMatcher(db: DbHandle): Promise<Matcher> {
  if (cache && cache.db === db && Date.now() - cache.at < TTL_MS) return cache.matcher
  const rows = await db.db.select({ word: blacklistWords.word }).from(blacklistWords).orderBy(asc(blacklistWords.word))
  cache = { at: Date.now(), matcher: buildMatcher(rows.map((r) => r.word)), db }
  return cache.matcher
}

/** The form's title and description with blacklisted words masked (called on create and update). */
export async function maskListingText<T extends { title: string; description: string }>(db: DbHandle, body: T): Promise<T> {
  const m = await blacklistMatcher(db)
  if (m.words.size === 0) return body
  return { ...body, title: maskText(body.title, m), description: maskText(body.description, m) }
}
