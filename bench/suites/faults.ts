/**
 * npm run test:faults -- [--users 100] [--seconds 60] [--port 3264]
 * 1. A throw-away PostgreSQL cluster (started here from /usr/lib/postgresql/*\/bin on its own port; never the
 *    shared server) under mixed load with append-only writes: restarted (`pg_ctl restart -m fast`) at 15 s, stopped
 *    (`-m fast`) for 5 s at 35 s. The server must stay up, answer 503 while the database is away, recover by itself,
 *    and every acknowledged write (listing created, favourite added) must be in the database afterwards.
 * 2. The embedded default (PGlite): `kill -9` of the server under writes, then a restart on the same directory: it
 *    must open intact (migrations, health) with every acknowledged write.
 * 3. Clients that hang up (issue 29): `--hangups` requests (default 1,500) over every page route and API operation,
 *    guest and logged in, identity/gzip/br, each cut at a random moment (mid-request, before the headers, mid-body,
 *    while not reading) against the real server: it must stay up and healthy, log nothing at error level, and its
 *    heap must come back to its level (bench/suites/hang-ups.ts).
 * `--only pg|kill|hangup` runs one part.
 */
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import {
  createDatabase, ensureWebBuild, openTarget, prepare, runLoad, sleep, startCluster, startServer, stopServer, summary,
  type Ack, type Target,
} from './lib.ts'
import { hangUpSuite } from './hang-ups.ts'

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    members: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '60' },
    port: { type: 'string', default: '3264' },
    only: { type: 'string' },
    hangups: { type: 'string', default: '1500' },
  },
})
const users = Number(values.users)
const members = Number(values.members)
const seconds = Number(values.seconds)
const port = Number(values.port)

/** Acknowledged writes missing from the database. */
async function lost(target: Target, ack: Ack): Promise<{ offers: number; favorites: number; checked: number }> {
  const db = await openTarget(target)
  try {
    const rows = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows
    const offers = new Map(rows(await db.db.execute(sql`select id, title from listings where title like 'Obciążenie %'`))
      .map((r) => [Number(r.id), String(r.title)]))
    const favs = new Set(rows(await db.db.execute(sql`select u.email, f.listing_id from favorites f join users u on u.id = f.user_id where u.email like 'load-%'`))
      .map((r) => `${r.email}|${r.listing_id}`))
    return {
      offers: ack.offers.filter((o) => offers.get(o.id) !== o.title).length,
      favorites: ack.favorites.filter((f) => !favs.has(`${f.email}|${f.offerId}`)).length,
      checked: ack.offers.length + ack.favorites.length,
    }
  } finally {
    await db.close()
  }
}

ensureWebBuild()
let failed = false
const log = (m: string) => console.log(`[faults] ${m}`)

if (!values.only || values.only === 'pg') {
  const cluster = startCluster(port + 1)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'))
  try {
    const target: Target = { dataDir, databaseUrl: await createDatabase(cluster.url(), 'portal_faults') }
    await prepare(target, { listings: 300, members, log })
    const server = await startServer(target, port)
    let outage = false
    const events: string[] = []
    const schedule = (async () => {
      await sleep(15_000)
      outage = true
      let t = Date.now()
      cluster.restartFast()
      events.push(`restart -m fast took ${Date.now() - t} ms`)
      await sleep(3_000)
      outage = false
      await sleep(17_000)
      outage = true
      t = Date.now()
      cluster.stopFast()
      await sleep(5_000)
      cluster.start()
      events.push(`stopped for ${Date.now() - t} ms`)
      // The pool reconnects on the next request; a few seconds' grace for requests already waiting.
      await sleep(3_000)
      outage = false
    })()
    log(`${users} users (${members} writing) for ${seconds} s; restart at 15 s, stop for 5 s at 35 s`)
    const stats = await runLoad({
      base: server.base, users, members, seconds, appendOnly: true, outage: () => outage,
      tick: (t, s) => { if (t % 10 === 0) log(`${t} s: ${s.requests} requests, ${s.unavailable} during faults, alive ${server.alive()}`) },
    })
    await schedule
    const alive = server.alive()
    let healthy = false
    for (let i = 0; i < 30 && !healthy; i++) {
      healthy = await fetch(`${server.base}/api/health`).then((r) => r.ok, () => false)
      if (!healthy) await sleep(1000)
    }
    await stopServer(server)
    const missing = await lost(target, stats.ack)
    console.log(summary('[faults] PostgreSQL restart + stop', stats, seconds))
    log(events.join('; '))
    log(`process survived: ${alive}; healthy afterwards: ${healthy}`)
    log(`acknowledged writes: ${stats.ack.offers.length} listings, ${stats.ack.favorites.length} favourites; lost: ${missing.offers + missing.favorites}`)
    if (!alive) log(`server output:\n${server.output.join('').slice(-4000)}`)
    if (!alive || !healthy || missing.offers || missing.favorites || stats.errors.size) failed = true
  } finally {
    cluster.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (!values.only || values.only === 'kill') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-kill9-'))
  try {
    const target: Target = { dataDir }
    await prepare(target, { listings: 200, members: 20, log })
    const server = await startServer(target, port)
    log('PGlite: 40 users (20 writing), kill -9 of the server after 12 s')
    const killAt = Date.now() + 12_000
    const killer = (async () => { await sleep(killAt - Date.now()); server.child.kill('SIGKILL') })()
    const stats = await runLoad({
      base: server.base, users: 40, members: 20, seconds: 15, appendOnly: true, outage: () => Date.now() >= killAt,
    })
    await killer
    log(`killed (signal ${server.child.signalCode}); ${stats.ack.offers.length} listings and ${stats.ack.favorites.length} favourites acknowledged before`)
    const again = await startServer(target, port)
    const health = await (await fetch(`${again.base}/api/health`)).json()
    await stopServer(again)
    const missing = await lost(target, stats.ack)
    log(`restarted on the same directory: health ${JSON.stringify(health)}`)
    log(`acknowledged writes lost: ${missing.offers + missing.favorites} of ${missing.checked}`)
    if (missing.offers || missing.favorites) failed = true
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
if (!values.only || values.only === 'hangup') {
  if (!(await hangUpSuite({ port, count: Number(values.hangups), log }))) failed = true
}
process.exit(failed ? 1 : 0)
