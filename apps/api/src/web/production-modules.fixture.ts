// Run by production-modules.test.ts in a child process: prints where react-router and react-dom/server resolve.
import { createRequire } from 'node:module'
import { useProductionBuilds } from './production-modules.ts'

useProductionBuilds()
const rr = await import('react-router')
const { version } = await import('react-dom/server')
const require = createRequire(import.meta.url)
console.log(JSON.stringify({
  reactRouter: import.meta.resolve('react-router'),
  handler: typeof rr.createRequestHandler,
  nodeEnv: process.env.NODE_ENV,
  reactDomServer: version,
  // react-dom/server.node.js requires the production file when NODE_ENV is 'production'.
  reactDomProd: Object.keys(require.cache).some((k) => k.includes('react-dom-server.node.production')),
}))
