import { register } from 'node:module'

/**
 * React Router's package exports send every Node import to `dist/development` (there is no `production`
 * condition), so server rendering ran the build with the development warnings compiled in. This resolve hook
 * swaps those files for their `dist/production` twins (same API, `ENABLE_DEV_WARNINGS = false`). It must be
 * registered before anything imports react-router, and NODE_ENV must be 'production' before React loads, since
 * react and react-dom pick their build from it when first required.
 */
const HOOK = `
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context)
  if (r.url && r.url.includes('/node_modules/react-router/dist/development/')) {
    return { ...r, url: r.url.replace('/dist/development/', '/dist/production/') }
  }
  return r
}`

export const PRODUCTION_HOOK_URL = `data:text/javascript,${encodeURIComponent(HOOK)}`

export function useProductionBuilds(): void {
  if (!process.env.NODE_ENV) {
    process.env.NODE_ENV = 'production'
    // Not the operator's choice: still the local demo set-up when PUBLIC_URL is this machine (env.ts localDemo).
    process.env.PORTAL_NODE_ENV_DEFAULTED = '1'
  }
  register(PRODUCTION_HOOK_URL)
}
