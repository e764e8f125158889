import { CATEGORIES, CITIES, OFFER_TYPES, cityForms, type Category, type City } from '@portal/contracts/catalogue'
import { foldPolish, type SearchSuggestion } from '@portal/contracts/search'

/**
 * Smart suggestions (spec §9: at most 5, from category × offer type × city): 'mieszk krak' → 'Mieszkania na
 * sprzedaż Kraków'. Every typed word must begin a word of the suggestion (diacritics and case ignored); among
 * those, suggestions that add nothing the visitor did not type come first, then those whose words were typed in
 * full, then the bigger categories, offer types in menu order and cities in the spec's order.
 * Subcategories ('Domy wolnostojące', 'Bliźniaki', 'Działki budowlane') are suggested only when a typed word begins
 * a word of their own, not one they share with their parent: 'domy' suggests 'Domy …', 'domy woln' or 'bliźn'
 * the subcategory.
 */
interface Part { words: string[]; rank: number }
interface Candidate {
  label: string
  url: string
  parts: Part[]
  rank: number
  /** A subcategory's own words: one typed word must begin one of them. */
  own?: string[]
}

const words = (...texts: string[]) => [...new Set(texts.flatMap((t) => foldPolish(t).split(/[\s-]+/)).filter(Boolean))]
const IGNORED = new Set(['w', 'we', 'na', 'do', 'z', 'ze', 'i'])

function buildCandidates(): Candidate[] {
  const parents = CATEGORIES.filter((c) => c.parentId === null && c.slug !== 'uslugi')
    .sort((a, b) => b.demo.share - a.demo.share)
  // Every parent, then the subcategories parent by parent (the parent is the likelier wish); a subcategory is also
  // found by its parent's words ('działka budowlana').
  const cats: { cat: Category; words: string[]; own?: string[] }[] = parents.map((cat) => ({ cat, words: words(cat.plural, cat.name, cat.urlSlug) }))
  for (const parent of parents) {
    const shared = words(parent.plural, parent.name, parent.urlSlug)
    for (const cat of CATEGORIES.filter((c) => c.parentId === parent.id)) {
      const mine = words(cat.plural, cat.name, cat.urlSlug)
      const own = mine.filter((w) => !shared.includes(w) && !IGNORED.has(w))
      if (own.length) cats.push({ cat, words: [...new Set([...mine, ...shared])], own })
    }
  }
  const out: Candidate[] = []
  for (const [ci, { cat, words: catWords, own }] of cats.entries()) {
    const catPart = { words: catWords, rank: ci }
    OFFER_TYPES.filter((t) => cat.offerTypes.includes(t.value)).forEach((t, ti) => {
      const typePart = { words: words(t.phrase, t.label, t.slug), rank: ti }
      const base = `/nieruchomosci/${cat.urlSlug}/${t.slug}`
      out.push({ label: `${cat.plural} ${t.phrase}`, url: base, parts: [catPart, typePart], rank: ci * 1000 + ti * 100, own })
      CITIES.forEach((city: City, xi) => {
        out.push({
          label: `${cat.plural} ${t.phrase} ${city.name}`, url: `${base}/${city.slug}`,
          parts: [catPart, typePart, { words: words(city.name, city.locative, cityForms(city).genitive, city.slug), rank: xi }],
          rank: ci * 1000 + ti * 100 + xi + 1, own,
        })
      })
    })
  }
  return out
}

const CANDIDATES = buildCandidates()
export const MAX_SUGGESTIONS = 5

/**
 * Answers by what was typed, most recently asked kept: the candidates never change while the process runs, and a
 * search box asks the same few prefixes again and again ('k', 'kr', 'kra'); walking all of them costs ~0.3 ms, a kept answer ~3 µs.
 */
const ANSWERS_KEPT = 2000
const answers = new Map<string, readonly SearchSuggestion[]>()

export function searchSuggestions(text: string, limit = MAX_SUGGESTIONS): SearchSuggestion[] {
  const tokens = foldPolish(text).replace(/[^a-z0-9\s-]+/g, ' ').split(/[\s-]+/).filter((t) => t && !IGNORED.has(t)).slice(0, 6)
  if (!tokens.length || foldPolish(text).length < 2) return []
  const key = `${limit} ${tokens.join(' ')}`
  const kept = answers.get(key)
  if (kept) {
    answers.delete(key)
    answers.set(key, kept)
    return kept.map((s) => ({ ...s }))
  }
  const found = suggest(tokens, limit)
  if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!)
  answers.set(key, found)
  return found.map((s) => ({ ...s }))
}

function suggest(tokens: string[], limit: number): SearchSuggestion[] {
  const scored: { c: Candidate; unasked: number; exact: number }[] = []
  for (const c of CANDIDATES) {
    if (c.own && !tokens.some((t) => c.own!.some((w) => w.startsWith(t)))) continue
    const hit = new Set<number>()
    let all = true
    let exact = 0
    for (const t of tokens) {
      const i = c.parts.findIndex((p) => p.words.some((w) => w.startsWith(t)))
      if (i < 0) { all = false; break }
      hit.add(i)
      if (c.parts[i]!.words.includes(t)) exact++
    }
    if (!all) continue
    // Parts nobody typed; the offer type (index 1) is implied by every landing page, so it costs less.
    const unasked = c.parts.reduce((n, _p, i) => n + (hit.has(i) ? 0 : i === 1 ? 1 : 3), 0)
    scored.push({ c, unasked, exact })
  }
  scored.sort((a, b) => a.unasked - b.unasked || b.exact - a.exact || a.c.rank - b.c.rank)
  return scored.slice(0, limit).map(({ c }) => ({ label: c.label, url: c.url }))
}
