import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../../..')

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo
    s.close(() => resolve(port))
  })
})

async function waitForHealth(base: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not start')
}

async function until(done: () => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('graceful shutdown of the real server process', () => {
  it('SIGTERM to `npm start` lets an in-flight request finish, refuses new work, closes and exits 0', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'))
    // The way people and process managers run it: npm → scripts/start.mjs → the compiled server (built here when
    // stale; the web build is not needed for this). Its own process group, so nothing it starts can outlive the test.
    const child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', E2E: '1', DEMO_DATA: '0', NODE_ENV: 'production',
        LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: '', SKIP_WEB_BUILD: '1', MALLOC_ARENA_MAX: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => { output += d })
    child.stderr.on('data', (d) => { output += d })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      await waitForHealth(base, Date.now() + 150_000)
      // npm start caps glibc's malloc arenas (decision 043): the server process (npm's child, its shell exec'd into
      // node) starts with MALLOC_ARENA_MAX=2 unless the environment names another value.
      if (process.platform === 'linux') {
        const server = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)
          .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.mjs'))
        expect(server, 'the server process under npm').toBeDefined()
        expect(readFileSync(`/proc/${server}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2')
      }
      // Each step waits for what the server logged, not for a time: on a slow machine the request can take longer
      // than a fixed pause to arrive, and the signal longer to be handled.
      const slow = fetch(`${base}/api/__test/slow?ms=3000`).then(async (r) => ({ status: r.status, body: await r.json() }))
      await until(() => output.split('\n').some((l) => l.includes('incoming request') && l.includes('/api/__test/slow')), 'the slow request to arrive')
      child.kill('SIGTERM')
      await until(() => output.includes('SIGTERM: closing'), 'the server to start closing')
      // New connections are no longer accepted while the slow one finishes.
      const during = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.status, () => 'refused')
      expect(['refused', 503]).toContain(during)
      expect(await slow).toEqual({ status: 200, body: { slept: 3000 } })
      const code = await exited
      if (code !== 0) console.log(output.slice(-3000))
      expect(code).toBe(0)
      expect(output).toContain('SIGTERM: closing')
      expect(output).toContain('closed cleanly')
      // npm exited because the server did, not leaving it behind: nothing answers on the port any more.
      expect(await fetch(`${base}/api/health`).then((r) => r.status, () => 'refused')).toBe('refused')
    } finally {
      try { process.kill(-child.pid!, 'SIGKILL') } catch { /* the group is gone */ }
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 200_000)
})
