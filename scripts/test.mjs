#!/usr/bin/env node
// `npm test`: every test layer in order, failing fast, with a timed summary at the end.
//   1. type check (packages + api, then apps/web with its generated route types) and the import rules
//   2. vitest on embedded PGlite
//   3. vitest's database tests again on real PostgreSQL (TEST_DATABASE_URL, or 127.0.0.1:5432/test, or a throw-away
//      server): the files scripts/db-test-files.mjs selects; the pure unit tests would only repeat step 2
//   4. Playwright e2e against the real app (`node scripts/start.mjs`, see playwright.config.ts)
// Environment: SKIP_PG=1 skips step 3 when no PostgreSQL can be found (never silently); SKIP_E2E=1 skips step 4.
// Arguments: step names to run only those, e.g. `npm test -- types unit`.
import { spawn, spawnSync } from 'node:child_process'
import {
  chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { serverNeedsBuild, webNeedsBuild } from './build-server.mjs'
import { listTestFiles } from './db-test-files.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const isTTY = process.stdout.isTTY
const c = (code, s) => (isTTY ? `\x1b[${code}m${s}\x1b[0m` : s)
const bold = (s) => c(1, s)
const green = (s) => c(32, s)
const red = (s) => c(31, s)
const yellow = (s) => c(33, s)
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`

class StepFailure extends Error {}

/**
 * Runs a command; rejects with StepFailure on a non-zero exit. Its output is inherited, or with `out` (a step running
 * beside others) written to that sink instead.
 */
function run(cmd, args, { env = process.env, cwd = root, quiet = false, out = null } = {}) {
  const shown = (quiet && args.length > 4 ? [cmd, ...args.slice(0, 2)] : [cmd, ...args])
    .map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(' ') + (quiet && args.length > 4 ? ` … (${args.length - 2} more)` : '')
  const line = c(2, `$ ${shown}${cwd !== root ? `   (in ${cwd.startsWith(root) ? cwd.slice(root.length + 1) : cwd})` : ''}`)
  if (out) out.write(`${line}\n`)
  else console.log(line)
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    running.add(child)
    if (out) {
      child.stdout.on('data', (d) => out.write(d))
      child.stderr.on('data', (d) => out.write(d))
    }
    child.on('error', (e) => reject(new StepFailure(`${cmd}: ${e.message}`)))
    child.on('close', (code, signal) => {
      running.delete(child)
      if (code === 0) resolve()
      else reject(new StepFailure(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`))
    })
  })
}
const running = new Set()

/** Output of a step that runs beside others: kept to be printed as one block, and written live to `file`. */
function outputSink(file) {
  mkdirSync(dirname(file), { recursive: true })
  const fd = openSync(file, 'w')
  const chunks = []
  return {
    file,
    write(d) {
      const b = Buffer.isBuffer(d) ? d : Buffer.from(String(d))
      chunks.push(b)
      writeSync(fd, b)
    },
    /** A mark to print from: the output written after it. */
    mark: () => chunks.length,
    text: (from = 0, to = chunks.length) => Buffer.concat(chunks.slice(from, to)).toString('utf8'),
    close: () => closeSync(fd),
  }
}

const bin = (name) => join(root, 'node_modules', '.bin', name)
const envWithout = (...keys) => {
  const env = { ...process.env }
  for (const k of keys) delete env[k]
  return env
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL for step 3

// PG_PROBE_URL only exists to exercise the throw-away path on a machine that has a server on 5432.
const PROBE_URL = process.env.PG_PROBE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function answers(url) {
  const { default: pg } = await import(require.resolve('pg'))
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

function pgBinDir() {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(base, versions[0], 'bin') : null
}

/**
 * A throw-away PostgreSQL server in a temp folder (initdb refuses to run as root, so as root it runs as the
 * `postgres` system user, or `nobody`). Returns { url, stop }.
 */
async function startThrowAwayPg(binDir) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'))
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  let asUser = []
  if (process.getuid?.() === 0) {
    const user = ['postgres', 'nobody'].find((u) => spawnSync('id', ['-u', u]).status === 0)
    if (!user) throw new StepFailure('running as root and neither a postgres nor a nobody user exists to run initdb')
    const uid = Number(spawnSync('id', ['-u', user]).stdout.toString())
    const gid = Number(spawnSync('id', ['-g', user]).stdout.toString())
    chownSync(dir, uid, gid)
    asUser = ['runuser', '-u', user, '--']
  }
  const port = await freePort()
  const argv = (args) => [...asUser, ...args]
  const sh = (args) => {
    const [cmd, ...rest] = argv(args)
    return run(cmd, rest, { cwd: dir })
  }
  writeFileSync(join(dir, 'README'), 'throw-away PostgreSQL started by scripts/test.mjs; safe to delete\n')
  const stop = async () => {
    // Immediate: the data is thrown away anyway.
    const [cmd, ...rest] = argv([join(binDir, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'])
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(cmd, rest, { stdio: 'ignore' })
    rmSync(dir, { recursive: true, force: true })
  }
  stopPg = stop
  try {
    await sh([join(binDir, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'])
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    await sh([join(binDir, 'pg_ctl'), '-D', data, '-l', log, '-w', '-t', '60', '-o', opts, 'start'])
    const { default: pg } = await import(require.resolve('pg'))
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
    await admin.connect()
    await admin.query('CREATE DATABASE test')
    await admin.end()
  } catch (e) {
    if (existsSync(log)) console.error(readFileSync(log, 'utf8'))
    await stop()
    throw e
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/test`, stop }
}
let stopPg = null

async function vitestOnPostgres() {
  let url = process.env.TEST_DATABASE_URL
  let source = 'TEST_DATABASE_URL'
  let server = null
  if (!url) {
    if (await answers(PROBE_URL)) {
      url = PROBE_URL
      source = 'local server on 127.0.0.1:5432'
    } else {
      const binDir = pgBinDir()
      if (!binDir) {
        if (process.env.SKIP_PG === '1') return 'skipped (SKIP_PG=1, no PostgreSQL found)'
        throw new StepFailure(
          `no PostgreSQL: nothing answers on ${PROBE_URL}, TEST_DATABASE_URL is unset and no ` +
            `/usr/lib/postgresql/*/bin/initdb exists.\n  Run .ci/run (installs postgresql), set TEST_DATABASE_URL, ` +
            `or SKIP_PG=1 to skip this step knowingly.`,
        )
      }
      console.log(`no server on 127.0.0.1:5432; starting a throw-away one from ${binDir}`)
      server = await startThrowAwayPg(binDir)
      url = server.url
      source = `throw-away server (${binDir.split('/').at(-2)}) on ${new URL(url).port}`
    }
  }
  console.log(`PostgreSQL: ${source} → ${url.replace(/:[^:@/]*@/, ':***@')}`)
  const listed = listTestFiles()
  const files = listed?.database ?? []
  if (listed && !files.length) throw new StepFailure('no database test files found (scripts/db-test-files.mjs)')
  console.log(listed
    ? `${files.length} of the ${listed.all.length} vitest files are database tests (scripts/db-test-files.mjs); the others run only in step unit`
    : `Node ${process.versions.node} has no fs.globSync: running every vitest file`)
  try {
    await run(bin('vitest'), ['run', ...files], { env: { ...process.env, TEST_DATABASE_URL: url }, quiet: true })
  } finally {
    if (server) {
      await server.stop()
      stopPg = null
    }
  }
  return `on ${source}${listed ? `, ${files.length} database test files` : ''}`
}

// ---------------------------------------------------------------------------------------------------------------

const webDir = join(root, 'apps', 'web')
const steps = [
  {
    name: 'types',
    title: 'type check',
    async run() {
      // The two programs share nothing (apps/web reads the packages' sources, not their output) and each tsc uses one
      // core: they run side by side, with the import rules (.dependency-cruiser.cjs: domain layers, no cycles,
      // web → contracts only) after the first.
      const web = existsSync(join(webDir, 'tsconfig.json'))
      const results = await Promise.allSettled([
        (async () => {
          await run(bin('tsc'), ['-p', 'tsconfig.json'])
          await run(bin('depcruise'), ['apps', 'packages', '--config', '.dependency-cruiser.cjs'])
        })(),
        web && (async () => {
          await run(bin('react-router'), ['typegen'], { cwd: webDir })
          await run(bin('tsc'), ['-p', 'apps/web'])
        })(),
      ])
      const failure = results.find((r) => r.status === 'rejected')
      if (failure) throw failure.reason
      return web ? 'packages + api + web' : 'packages + api (apps/web has no tsconfig.json yet)'
    },
  },
  {
    name: 'unit',
    title: 'vitest on PGlite',
    async run() {
      await run(bin('vitest'), ['run'], { env: envWithout('TEST_DATABASE_URL') })
    },
  },
  { name: 'pg', title: 'vitest on PostgreSQL', run: vitestOnPostgres },
  {
    name: 'e2e',
    title: 'Playwright e2e',
    /** Why the step does not run (a note), or throws when it cannot; undefined when it can. */
    check() {
      if (process.env.SKIP_E2E === '1') return 'skipped (SKIP_E2E=1)'
      const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
      if (!existsSync(chromium)) {
        throw new StepFailure(`no Chromium at ${chromium}: run .ci/run, or apt-get install -y chromium (or set CHROMIUM_PATH)`)
      }
    },
    /** What the app needs before Playwright starts it (scripts/start.mjs would do the same, only later). */
    async build(out) {
      const made = []
      if (webNeedsBuild()) {
        await run('npm', ['run', 'build', '-w', '@portal/web'], { out })
        made.push('web')
      }
      if (serverNeedsBuild()) {
        await run(process.execPath, [join(root, 'scripts', 'build-server.mjs')], { out })
        made.push('server')
      }
      return made.length ? `built ${made.join(' + ')}` : 'builds up to date'
    },
    async run(out) {
      const note = this.check()
      if (note) return note
      await run(bin('playwright'), ['test'], { env: envWithout('TEST_DATABASE_URL'), out })
    },
  },
]

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const unknown = only.filter((n) => !steps.some((s) => s.name === n))
if (unknown.length) {
  console.error(`unknown step(s) ${unknown.join(', ')}; steps: ${steps.map((s) => s.name).join(', ')}`)
  process.exit(2)
}

const onSignal = (sig) => {
  for (const child of running) child.kill(sig)
  stopPg?.()
  process.exit(130)
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

const results = []
const t0 = Date.now()
let failed = false

const selected = steps.filter((s) => !only.length || only.includes(s.name))
const e2e = selected.find((s) => s.name === 'e2e')

/** Runs one step and records it; false when it failed (then no further step starts). */
async function runStep(step, { out = null, beside = '' } = {}) {
  if (failed) {
    results.push({ step, status: 'not run', ms: 0 })
    return false
  }
  const heading = `${bold(`▶ ${step.title}`)} ${c(2, `[${step.name}]`)}`
  if (out) console.log(`\n${heading} ${c(2, `starts beside ${beside}; its output follows when it ends (live: ${out.file.slice(root.length + 1)})`)}`)
  else console.log(`\n${heading}`)
  const start = Date.now()
  const from = out?.mark()
  try {
    const note = await step.run(out)
    const ms = Date.now() - start
    results.push({ step, status: note?.startsWith('skipped') ? 'skipped' : 'ok', note, ms, beside })
    return true
  } catch (e) {
    const ms = Date.now() - start
    // No further step starts; a step running beside this one ends by itself, so its own failures are reported too.
    failed = true
    results.push({ step, status: 'FAILED', ms, beside, note: e instanceof StepFailure ? e.message : (e?.stack ?? String(e)) })
    return false
  } finally {
    const r = results.at(-1)
    const mark = r.status === 'ok' || r.status === 'skipped' ? green('✔') : red('✘')
    const to = out?.mark()
    const report = () => {
      if (out) {
        console.log(`\n${bold(`▶ ${step.title}`)} ${c(2, `[${step.name}] output (ran beside ${beside})`)}`)
        process.stdout.write(out.text(from, to))
      }
      console.log(`${mark} ${step.title} ${c(2, secs(r.ms))}${r.status === 'ok' || r.status === 'skipped' ? '' : ` ${red(r.status)}`}`)
    }
    // A step running beside others waits with its block until the step printing live has ended.
    if (out && liveBusy) pendingReports.push(report)
    else report()
  }
}
let liveBusy = false
const pendingReports = []
const flushReports = () => {
  while (pendingReports.length) pendingReports.shift()()
}

/** Runs a step whose output goes straight to the terminal; blocks of steps beside it are printed after it. */
async function runLive(step) {
  liveBusy = true
  try {
    return await runStep(step)
  } finally {
    liveBusy = false
    flushReports()
  }
}

// Playwright keeps only about half of a 2-core machine busy (its one app process and the browsers wait on each other), so
// with the other steps it runs beside them: the web build beside the type check, the tests beside vitest on
// PostgreSQL and then on PGlite (PGlite last: shutdown.test.ts starts the real server, which reads the web build).
// TEST_SERIAL=1 runs the steps one after another in the order above.
let parallel = !!e2e && selected.length > 1 && process.env.TEST_SERIAL !== '1'
if (parallel) {
  try {
    if (e2e.check()) parallel = false
  } catch {
    parallel = false // reported by the step itself, in order
  }
}

if (!parallel) {
  for (const step of selected) await runStep(step)
} else {
  const others = selected.filter((s) => s !== e2e)
  const out = outputSink(join(root, 'test-results', 'npm-test-e2e.log'))
  const buildStep = { name: 'e2e', title: 'web + server build for e2e', run: (o) => e2e.build(o) }
  const first = others.filter((s) => s.name === 'types')
  const rest = [...others.filter((s) => s.name === 'pg'), ...others.filter((s) => s.name !== 'types' && s.name !== 'pg')]
  const beside = [...first, ...rest].map((s) => s.name).join(', ')
  let built
  const e2eLane = (async () => {
    built = runStep(buildStep, { out, beside: first.length ? 'types' : beside })
    if (await built) await runStep(e2e, { out, beside })
    out.close()
  })()
  for (const step of first) await runLive(step)
  for (const step of rest) {
    // Nothing in vitest may read apps/web/build while it is being written (see above): PGlite waits for the build.
    if (step.name === 'unit') await built
    await runLive(step)
  }
  if (!failed && running.size) console.log(c(2, `\nwaiting for Playwright e2e (live output: ${out.file.slice(root.length + 1)})`))
  await e2eLane
}

console.log(`\n${bold('Summary')}`)
for (const r of results) {
  if (r.beside && r.status === 'ok') r.note = `${r.note ? `${r.note}; ` : ''}beside ${r.beside}`
  const mark = r.status === 'ok' ? green('ok     ') : r.status === 'FAILED' ? red('FAILED ') : yellow(r.status.padEnd(7))
  console.log(`  ${mark} ${r.step.title.padEnd(26)} ${secs(r.ms).padStart(8)}${r.note ? `  ${r.note}` : ''}`)
}
console.log(`  total ${secs(Date.now() - t0)}`)
process.exit(failed ? 1 : 0)
