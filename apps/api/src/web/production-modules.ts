import { useProductionReactRouter } from './react-router-production.mjs'

/**
 * React Router's production build (react-router-production.mjs) for server rendering. It must be registered before
 * anything imports react-router, and NODE_ENV must be 'production' before React loads, since react and react-dom pick
 * their build from it when first required.
 */
export function useProductionBuilds(): void {
  if (!process.env.NODE_ENV) {
    process.env.NODE_ENV = 'production'
    // Not the operator's choice: still the local demo set-up when PUBLIC_URL is this machine (env.ts localDemo).
    process.env.PORTAL_NODE_ENV_DEFAULTED = '1'
  }
  useProductionReactRouter()
}
