// vitest setup file (vitest.config.ts): in the PGlite run, fails a test file that uses a PGlite database in the
// test process although scripts/db-test-files.mjs does not count it as a database test — it would otherwise be left
// out of the PostgreSQL run (`npm test`, step `pg`) without anyone noticing.
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { DB_MARKER, isDatabaseTestFile } from './db-test-files.mjs'

const USED = Symbol.for('portal.test.pgliteUsed')
const PATCHED = Symbol.for('portal.test.pglitePatched')
type Flags = { [USED]?: boolean }
const flags = globalThis as Flags

if (!process.env.TEST_DATABASE_URL) {
  const { PGlite } = await import('@electric-sql/pglite')
  const proto = PGlite.prototype as unknown as Record<string | symbol, unknown>
  if (!proto[PATCHED]) {
    proto[PATCHED] = true
    // Every statement, whichever API sent it (query, exec, transaction, sql, drizzle), goes through here.
    const original = proto.execProtocolRaw as (...args: unknown[]) => unknown
    proto.execProtocolRaw = function (this: unknown, ...args: unknown[]) {
      flags[USED] = true
      return original.apply(this, args)
    }
  }

  beforeAll(() => {
    flags[USED] = false
  })

  afterAll(() => {
    const file = expect.getState().testPath
    if (!flags[USED] || !file || isDatabaseTestFile(file)) return
    throw new Error(
      `${path.relative(process.cwd(), file)} uses a PGlite database, but scripts/db-test-files.mjs does not count it ` +
        `as a database test, so \`npm test\` would not run it on PostgreSQL. Obtain the database through openTestDb() ` +
        `or createTestApp() (directly or from a helper imported by a relative path), or name ${DB_MARKER.source
          .replace(/\\b/g, '')} in the file.`,
    )
  })
}
