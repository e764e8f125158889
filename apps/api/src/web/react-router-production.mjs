// React Router's package exports send every Node import to `dist/development` (there is no `production` condition):
// this resolve hook swaps those files for their `dist/production` twins (same API, `ENABLE_DEV_WARNINGS = false`).
// Plain JavaScript, so the render workers (render-worker.mjs) load the same file; hooks hold per thread.
// `registerHooks` runs in the importing thread: `register()`'s off-thread hooks answered every import of the start
// across threads (~3 s of the main thread's start and ~6 s of each render worker's, decision 111).
import { registerHooks } from 'node:module'

const DEVELOPMENT = '/node_modules/react-router/dist/development/'

export function useProductionReactRouter() {
  registerHooks({
    resolve(specifier, context, next) {
      const r = next(specifier, context)
      return r.url?.includes(DEVELOPMENT) ? { ...r, url: r.url.replace('/dist/development/', '/dist/production/') } : r
    },
  })
}
