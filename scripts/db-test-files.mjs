// Which vitest files are database tests, i.e. run a second time on PostgreSQL in `npm test` (step `pg`).
//
// A file is a database test when it, or a module it imports by a relative path (followed transitively), names one
// of the ways a test obtains a database: openTestDb() (@portal/db/testing), createTestApp() (apps/api/src/test/
// helpers.ts) or TEST_DATABASE_URL (a test that opens its own connection, or only runs on PostgreSQL). Every other
// file (pure unit tests, and tests whose database lives in a child process they start, like shutdown.test.ts, which
// always uses PGlite) runs only in step `unit`: on PostgreSQL it would repeat the same work for nothing.
//
// The rule is enforced at run time: in the PGlite run, scripts/vitest-db-guard.ts fails any file that opens a PGlite
// database in the test process without being selected here, so a new way of obtaining one cannot silently skip
// PostgreSQL.
import * as fs from 'node:fs'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** vitest's test files (vitest.config.ts `include`). */
export const TEST_FILES = ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}']

/** The words that mark a database test (see above). */
export const DB_MARKER = /\b(openTestDb|createTestApp|TEST_DATABASE_URL)\b/

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx']

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec)
  for (const ext of EXTENSIONS) {
    const p = base + ext
    if (existsSync(p) && statSync(p).isFile()) return p
  }
  // `./x.js` written for `./x.ts`
  const swapped = base.replace(/\.m?js$/, '.ts')
  return swapped !== base && existsSync(swapped) ? swapped : null
}

const texts = new Map()
const verdicts = new Map()
const read = (file) => {
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'))
  return texts.get(file)
}

/** Whether the file at this absolute path, or any module it imports relatively, names a way to obtain a database. */
export function namesDatabase(file) {
  if (verdicts.has(file)) return verdicts.get(file)
  const seen = new Set([file])
  const queue = [file]
  let verdict = false
  while (queue.length && !verdict) {
    const f = queue.shift()
    const text = read(f)
    if (DB_MARKER.test(text)) verdict = true
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(f, m[1])
      if (target && !target.includes('/node_modules/') && !seen.has(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  verdicts.set(file, verdict)
  return verdict
}

/** Relative paths (from the repository root) of the given test files that are database tests. */
export function databaseTestFiles(files) {
  return files.filter((f) => namesDatabase(resolve(root, f))).map((f) => relative(root, resolve(root, f)))
}

/**
 * Every vitest file and the database tests among them (root-relative paths), or null on a Node without
 * fs.globSync (before 22; `npm test` runs on the Node 24 in node_modules).
 */
export function listTestFiles() {
  if (!fs.globSync) return null
  const all = [...new Set(TEST_FILES.flatMap((p) => fs.globSync(p, { cwd: root })))].sort()
  return { all, database: databaseTestFiles(all) }
}

/** Whether a test file (absolute or root-relative path) is a database test. */
export const isDatabaseTestFile = (file) => namesDatabase(resolve(root, file))
