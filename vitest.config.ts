import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { TEST_FILES } from './scripts/db-test-files.mjs'

export default defineConfig({
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
  },
})
