import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    // Migrates once per run (a cached PGlite image, a PostgreSQL template database); openTestDb() copies it.
    globalSetup: ['packages/db/src/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default is one worker less than the cores: a single worker on a 2-core machine. The files spend much
    // of their time waiting (on PostgreSQL, timers, a worker thread), so one per core keeps both cores busy.
    // `--maxWorkers=N` on the command line overrides it.
    maxWorkers: Math.max(2, availableParallelism()),
  },
})
