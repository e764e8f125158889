/**
 * npm run test:fuzz -- [--requests 10000] [--seed N] [--database-url URL]
 * The full bad-input run: requests generated from the OpenAPI document (apps/api/src/test/openapi-fuzz.ts) plus
 * site pages with hostile paths and queries, sent in-process to the whole app (API, and the SSR when apps/web/build
 * exists) on a fresh database: in-memory PGlite, or a throw-away database on --database-url's server (dropped
 * afterwards). Exit 1 on any 5xx or uncaught error. The CI slice: apps/api/src/openapi-fuzz.test.ts.
 */
import os from 'node:os'
import path from 'node:path'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { ServerBuild } from 'react-router'
import { openTestDb } from '@portal/db/testing'
import { buildApp } from '../../apps/api/src/app.ts'
import { parseEnv } from '../../apps/api/src/env.ts'
import { insertListings } from '../../apps/api/src/test/helpers.ts'
import { runFuzz } from '../../apps/api/src/test/fuzz-runner.ts'
import { mountWeb } from '../../apps/api/src/web/ssr.ts'
import { WEB_CLIENT_DIR, WEB_SERVER_ENTRY } from '../../apps/api/src/web/paths.ts'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
  },
})
const count = Number(values.requests)
const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31))
if (values['database-url']) process.env.TEST_DATABASE_URL = values['database-url']

const db = await openTestDb()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-fuzz-'))
const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off' })
const app = await buildApp({ db, env, logger: false, rateLimitMax: 1_000_000 })
const site = existsSync(WEB_SERVER_ENTRY)
if (site) {
  const build = (await import(pathToFileURL(WEB_SERVER_ENTRY).href)) as ServerBuild
  await mountWeb(app, { getBuild: async () => build, mode: 'production', clientDir: WEB_CLIENT_DIR })
}
await app.ready()
await app.searchIndex.load()
await insertListings(db, Array.from({ length: 20 }, (_, i) => ({ photos: i % 3 })))
console.log(`fuzz: ${count} requests, seed ${seed}, ${db.driver}, ${site ? 'API + site pages' : 'API only (no apps/web/build)'}`)
const r = await runFuzz(app, db, {
  count, seed, site,
  progress: (done) => { if (done % 1000 === 0) console.log(`  ${done} requests`) },
})
const statuses = Object.entries(r.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ')
console.log(`fuzz: ${r.total} requests in ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.total / (r.ms / 1000))}/s)`)
console.log(`fuzz: statuses ${statuses}`)
console.log(`fuzz: most time in ${r.slowest.map(([k, ms]) => `${k} ${ms} ms`).join('; ')}`)
console.log(`fuzz: 5xx ${r.serverErrors}, uncaught errors ${r.uncaught}`)
for (const f of r.failures) {
  console.log(`  ${f.status} ${f.method} ${f.url}${f.body ? ` body ${f.body.slice(0, 120)}` : ''}\n     → ${f.response.slice(0, 200)}`)
}
await app.close()
await db.close()
rmSync(dataDir, { recursive: true, force: true })
process.exit(r.serverErrors || r.uncaught ? 1 : 0)
