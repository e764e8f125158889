import http from 'node:http'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { buildApp } from './app.ts'
import { boot } from './boot.ts'
import { mountWeb } from './web/ssr.ts'
import { WEB_DIR } from './web/paths.ts'
import { installCrashGuard, installShutdown } from './shutdown.ts'
import { isDbUnavailable } from './lib/http/db-outage.ts'
import { announce, startInfo } from './banner.ts'

/**
 * `npm run dev`: the same API plus the web app through Vite in middleware mode on one port, with hot reload.
 * Requests go to Vite first (its client, modules, CSS, HMR websocket on the same server); whatever Vite does not
 * serve falls through to Fastify: /api, /uploads and the SSR catch-all, which loads the server build through Vite
 * on each request so route changes apply without a restart.
 */
process.env.NODE_ENV ??= 'development'
const { env, logger, db, logins } = await boot()

// The Vite React Router's own CLI uses (resolved from @react-router/dev), so dev and build agree.
const requireFromRR = createRequire(createRequire(import.meta.url).resolve('@react-router/dev/package.json'))
const vitePkgPath = requireFromRR.resolve('vite/package.json')
const vitePkg = JSON.parse(readFileSync(vitePkgPath, 'utf8')) as { exports: Record<string, unknown> }
const viteEntryRel = (() => {
  const e = vitePkg.exports['.']
  if (typeof e === 'string') return e
  const o = e as { import?: string | { default: string } }
  return typeof o.import === 'string' ? o.import : o.import!.default
})()
const vite: typeof import('vite') = await import(pathToFileURL(path.join(path.dirname(vitePkgPath), viteEntryRel)).href)

const httpServer = http.createServer()
const viteServer = await vite.createServer({
  root: WEB_DIR,
  configFile: path.join(WEB_DIR, 'vite.config.ts'),
  appType: 'custom',
  // The HMR websocket shares our port; Vite 8 moved the option from server.hmr to server.ws.
  server: Number(vite.version.split('.')[0]) >= 8
    ? { middlewareMode: true, ws: { server: httpServer } }
    : ({ middlewareMode: true, hmr: { server: httpServer } } as never),
  logLevel: 'info',
})

// React Router's plugin starts a child Vite compiler (not in middleware mode) which hooks SIGTERM and stdin's
// end to exit at once; we own this process and close Vite ourselves in the graceful shutdown below.
for (const l of process.listeners('SIGTERM')) process.off('SIGTERM', l)
for (const l of process.stdin.listeners('end')) process.stdin.off('end', l as () => void)

const app = await buildApp({
  db, env, logger,
  // Vite's dev client is an inline module script plus a websocket: the production CSP would block it.
  csp: false,
  serverFactory: (handler) => {
    httpServer.on('request', (req, res) => {
      const url = req.url ?? '/'
      // The API and photos never go through Vite.
      if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/')) return handler(req, res)
      viteServer.middlewares(req, res, () => handler(req, res))
    })
    return httpServer
  },
})

await mountWeb(app, {
  mode: 'development',
  getBuild: () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
})

app.addHook('onClose', async () => { await viteServer.close() })
installShutdown(app, db, logger)
installCrashGuard(logger, isDbUnavailable)
await app.listen({ port: env.PORT, host: env.HOST })
announce(logger, 'Dev server ready (hot reload on)', startInfo(env, logins))
