#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server
// (apps/api/src/server.ts through tsx) in a child process, forwarding SIGINT/SIGTERM so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const web = path.join(root, 'apps/web')
const serverEntry = path.join(web, 'build/server/index.js')

/** Newest mtime under the given paths (skipping node_modules and build output). */
function newest(paths) {
  let max = 0
  const walk = (p) => {
    if (!existsSync(p)) return
    const st = statSync(p)
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'build' || name === '.react-router' || name.startsWith('.')) continue
        walk(path.join(p, name))
      }
    } else if (st.mtimeMs > max) max = st.mtimeMs
  }
  paths.forEach(walk)
  return max
}

function needsBuild() {
  if (!existsSync(path.join(web, 'package.json')) || !existsSync(path.join(web, 'app'))) return false
  if (!existsSync(serverEntry)) return true
  const sources = [
    path.join(web, 'app'), path.join(web, 'public'), path.join(web, 'vite.config.ts'),
    path.join(web, 'react-router.config.ts'), path.join(web, 'package.json'), path.join(root, 'packages/contracts/src'),
  ]
  return newest(sources) > statSync(serverEntry).mtimeMs
}

if (process.env.SKIP_WEB_BUILD !== '1' && needsBuild()) {
  console.log('[start] building the web app (apps/web) ...')
  const r = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error('[start] web build failed; starting anyway (pages will answer 503 until the build works)')
  }
}

const tsx = path.join(root, 'node_modules/.bin/tsx')
const child = spawn(existsSync(tsx) ? tsx : 'npx', [...(existsSync(tsx) ? [] : ['tsx']), 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => { if (child.exitCode === null) child.kill(sig) })
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
