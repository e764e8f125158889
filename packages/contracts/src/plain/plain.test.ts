import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// contracts/plain is what the web imports for its first paint (issue 16): zod (26 KB gzip) must not come back
// through it. .dependency-cruiser.cjs keeps its relative imports inside plain/, the catalogue and formatting; this
// checks the package imports, which the import graph does not see.
const dir = fileURLToPath(new URL('.', import.meta.url))
const deps = ['../catalogue/index.ts', '../catalogue/attributes.ts', '../catalogue/offer-types.ts', '../format.ts', '../offer-video.ts']

describe('contracts/plain', () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    it(`${file} imports no package and nothing with zod`, () => {
      const specifiers = [...readFileSync(`${dir}/${file}`, 'utf8').matchAll(/\bfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2])
      for (const s of specifiers) expect(s.startsWith('./') || deps.includes(s!), `${file} imports ${s}`).toBe(true)
    })
  }
  for (const dep of ['catalogue/index.ts', 'catalogue/attributes.ts', 'catalogue/offer-types.ts', 'catalogue/categories.ts', 'catalogue/cities.ts', 'catalogue/inflection.ts', 'format.ts', 'offer-video.ts']) {
    it(`${dep} (imported by plain/) does not import zod`, () => {
      expect(readFileSync(`${dir}/../${dep}`, 'utf8')).not.toMatch(/from\s+'zod'/)
    })
  }
})
