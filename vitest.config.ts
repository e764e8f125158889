import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { TEST_FILES } from './scripts/db-test-files.mjs'

// The files that take longest, most of it waiting (pg-boss retries and cron slots, seeding, 2,000 fuzzed requests).
// vitest runs the longest first only with durations cached from an earlier run; a fresh clone (CI) has none and
// started these last, by file size, so their waits ended the run with a core idle (~60 s at 35–89 % busy). First,
// they overlap with the other files' work. A file missing from here only runs in vitest's own order.
const SLOW_FIRST = [
  'apps/api/src/lib/jobs/queue.test.ts',
  'packages/db/src/seed/seed.test.ts',
  'apps/api/src/routes/api/content.test.ts',
  'apps/api/src/openapi-fuzz.test.ts',
  'apps/api/src/lib/search/index/snapshot.test.ts',
]

class SlowFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((s) => f.moduleId.endsWith(s))
      return i < 0 ? SLOW_FIRST.length : i
    }
    // Array.prototype.sort is stable: the rest keeps vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  // apps/web's own alias (its vite.config.ts), so tests can import route modules (their loaders).
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL('./apps/web/app/', import.meta.url)) }] },
  test: {
    // Kept in scripts/db-test-files.mjs, which picks the database tests among them for the PostgreSQL step.
    include: TEST_FILES,
    // Migrates once per run (a cached PGlite image, a PostgreSQL template database); openTestDb() copies it.
    globalSetup: ['packages/db/src/vitest-global-setup.ts'],
    // Fails a file that uses PGlite without being counted as a database test (scripts/db-test-files.mjs), which
    // `npm test` runs a second time on PostgreSQL.
    setupFiles: ['scripts/vitest-db-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One module graph per worker, not per file (decision 033): each file imported the whole app again (Fastify,
    // every route, the zod contracts, the Drizzle schema), which was half of the suite's CPU time. Every file still
    // gets its own database and app (createTestApp / openTestDb); module state that outlives a file is keyed by
    // app or database (WeakMaps) or is reset by the file that changes it. Setup files still run before every file.
    isolate: false,
    // vitest's default is one worker less than the cores: a single worker on a 2-core machine. The files spend much
    // of their time waiting (on PostgreSQL, timers, a worker thread), so one per core keeps both cores busy.
    // `--maxWorkers=N` on the command line overrides it.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowFirst },
  },
})
