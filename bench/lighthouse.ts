/**
 * Lighthouse (mobile, the default emulation and throttling) for the home page, /szukaj and a listing page of a running
 * server, with Debian's Chromium. Lighthouse is fetched by npx from the npm registry at a pinned version (12.8.2, the
 * last that runs on Node 20), so it is not a dependency of the project.
 *   npx tsx bench/lighthouse.ts --base http://127.0.0.1:3113 [--runs 3] [/ /szukaj …]
 * Prints performance score, LCP, TBT, CLS and FCP per page (the median of the runs); JSON reports go to
 * bench/results/lighthouse-*.json (git-ignored).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  options: { base: { type: 'string', default: 'http://127.0.0.1:3000' }, runs: { type: 'string', default: '3' } },
  allowPositionals: true,
})
const base = values.base!.replace(/\/$/, '')
const runs = Number(values.runs)
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results')
mkdirSync(outDir, { recursive: true })

async function pages(): Promise<string[]> {
  if (positionals.length) return positionals
  const offers = await (await fetch(`${base}/api/offers?limit=1`)).json() as { data: { slug: string }[] }
  return ['/', '/szukaj', `/ogloszenia/${offers.data[0]!.slug}`]
}

interface Lhr { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> }
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]! }

const rows: Record<string, unknown>[] = []
for (const p of await pages()) {
  const got: Lhr[] = []
  for (let i = 0; i < runs; i++) {
    const file = path.join(outDir, `lighthouse-${p.replace(/[^a-z0-9]+/gi, '_')}-${i}.json`)
    // A loaded host now and then loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated, at most twice.
    for (let attempt = 1; ; attempt++) {
      try {
        execFileSync('npx', ['--yes', 'lighthouse@12.8.2', `${base}${p}`, '--quiet', '--only-categories=performance',
          '--output=json', `--output-path=${file}`,
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-sync'],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } })
        break
      } catch (error) {
        if (attempt >= 3) throw error
        console.error(`${p}: run ${i + 1} failed, repeating it`)
      }
    }
    got.push(JSON.parse(readFileSync(file, 'utf8')) as Lhr)
  }
  const m = (audit: string) => median(got.map((r) => r.audits[audit]!.numericValue))
  rows.push({
    page: p.length > 40 ? `${p.slice(0, 37)}…` : p,
    score: median(got.map((r) => Math.round(r.categories.performance.score * 100))),
    'LCP s': Math.round(m('largest-contentful-paint') / 100) / 10,
    'FCP s': Math.round(m('first-contentful-paint') / 100) / 10,
    'TBT ms': Math.round(m('total-blocking-time')),
    CLS: Math.round(m('cumulative-layout-shift') * 1000) / 1000,
    scores: got.map((r) => Math.round(r.categories.performance.score * 100)).join('/'),
  })
}
console.table(rows)
