/**
 * npm run test:load -- [--db pglite|postgres|both] [--users 200] [--members 60] [--seconds 60] [--port 3260]
 * 200 concurrent mixed users (home, /szukaj pages, search API, listing pages; a part logged in: favourites and
 * listing writes) for 60 s against the real server on loopback. PGlite runs in ./data/load-pglite (kept between
 * runs, seeded once); PostgreSQL is a throw-away cluster of its own (never the shared server). Prints requests/s,
 * p50/p95/p99 and every error; exit 1 on any error.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createDatabase, ensureWebBuild, prepare, ROOT, runLoad, startCluster, startServer, stopServer, summary, type Target } from './lib.ts'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    users: { type: 'string', default: '200' },
    members: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '60' },
    listings: { type: 'string', default: '3000' },
    port: { type: 'string', default: '3260' },
  },
})
const users = Number(values.users)
const members = Number(values.members)
const seconds = Number(values.seconds)
const port = Number(values.port)
const which = values.db === 'both' ? ['pglite', 'postgres'] : [values.db!]

ensureWebBuild()
let failed = false
for (const kind of which) {
  let cluster: ReturnType<typeof startCluster> | undefined
  const target: Target = { dataDir: path.join(ROOT, 'data', `load-${kind}`) }
  try {
    if (kind === 'postgres') {
      cluster = startCluster(port + 1)
      target.databaseUrl = await createDatabase(cluster.url(), 'portal_load')
    }
    console.log(`[${kind}] preparing (${values.listings} listings, ${members} members) ...`)
    await prepare(target, { listings: Number(values.listings), members, log: (m) => console.log(`[${kind}] ${m}`) })
    const server = await startServer(target, port)
    console.log(`[${kind}] ${users} users (${members} logged in) for ${seconds} s ...`)
    const stats = await runLoad({
      base: server.base, users, members, seconds,
      tick: (t, s) => { if (t % 10 === 0) console.log(`[${kind}] ${t} s: ${s.requests} requests, ${[...s.errors.values()].reduce((a, e) => a + e.n, 0)} errors`) },
    })
    const alive = server.alive()
    await stopServer(server)
    console.log(summary(`[${kind}] load`, stats, seconds))
    if (!alive) console.log(`[${kind}] the server died:\n${server.output.join('').slice(-3000)}`)
    if (stats.errors.size || !alive) failed = true
  } finally {
    cluster?.destroy()
  }
}
process.exit(failed ? 1 : 0)
