import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Repository locations, resolved from this file so the server works from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web')
export const WEB_BUILD_DIR = path.join(WEB_DIR, 'build')
export const WEB_SERVER_ENTRY = path.join(WEB_BUILD_DIR, 'server/index.js')
export const WEB_CLIENT_DIR = path.join(WEB_BUILD_DIR, 'client')
