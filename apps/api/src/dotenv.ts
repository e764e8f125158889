import { existsSync, readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import path from 'node:path'
import { REPO_ROOT } from './web/paths.ts'

/**
 * Reads `.env` at the repository root into process.env with Node's own parser (`process.loadEnvFile`). A variable
 * that is already set, even to an empty value, wins over the file: `PORT=4000 npm start` beats PORT in .env, and
 * the test runners' explicit settings beat a developer's .env. Returns the file read, or null when there is none.
 */
export function loadDotEnv(file = path.join(REPO_ROOT, '.env')): string | null {
  if (!existsSync(file)) return null
  process.loadEnvFile(file)
  return file
}

/** One variable as the file names it (whatever the environment already holds), or undefined. */
export function dotEnvValue(file: string, key: string): string | undefined {
  return (parseEnv(readFileSync(file, 'utf8')) as Record<string, string | undefined>)[key]?.trim() || undefined
}
