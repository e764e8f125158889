#!/usr/bin/env node
// `npm start`: builds the web app and the compiled server when missing or older than their sources, then runs the
// server (apps/api/build/server.mjs, plain JavaScript, decision 018) in this very process: SIGTERM and SIGINT reach
// its graceful shutdown directly and no child is left behind.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildServer, SERVER_BUNDLE, serverNeedsBuild, webNeedsBuild } from './build-server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (process.env.SKIP_WEB_BUILD !== '1' && webNeedsBuild()) {
  console.log('[start] building the web app (apps/web) ...')
  const r = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error('[start] web build failed; starting anyway (pages will answer 503 until the build works)')
  }
}

if (serverNeedsBuild()) {
  const ms = await buildServer()
  console.log(`[start] server compiled to ${path.relative(root, SERVER_BUNDLE)} in ${ms} ms`)
}

// npm scripts run on the Node in node_modules/.bin (the node-linux-* packages, decision 018); without it, this host's.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) console.warn(`[start] running on Node ${process.versions.node}; the target is Node 24 (npm install brings it on Linux)`)

// React needs NODE_ENV; chosen here it does not make this a production start (env.ts localDemo: demo data and logins).
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = 'production'
  process.env.PORTAL_NODE_ENV_DEFAULTED = '1'
}
process.setSourceMapsEnabled(true)
await import(pathToFileURL(SERVER_BUNDLE).href)
