import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * Process configuration, validated once at start so a typo stops the server with a message naming the variable
 * instead of surfacing later as a confusing runtime error. Every variable is documented in /.env.example.
 */
const urlWithProtocols = (protocols: string[], what: string) =>
  z.string().trim().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol)
    } catch {
      return false
    }
  }, `must be a ${what} URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`)

const flag = (values: [string, string], def: string) =>
  z.string().trim().toLowerCase().default(def).refine((v) => values.includes(v), `must be ${values.join(' or ')}`)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.string().trim().default('3000')
    .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, 'must be a port number 1-65535')
    .transform(Number),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL').optional(),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP').optional(),
  /** A Nominatim server for /api/locations; unset → the embedded gazetteer. */
  NOMINATIM_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  /** Leaflet tile URL template for the maps ({z}/{x}/{y}); unset → maps draw a plain background, no third-party host. */
  MAP_TILE_URL: z.string().trim().optional().refine(
    (v) => !v || (/^https?:\/\//.test(v) && v.includes('{z}') && v.includes('{x}') && v.includes('{y}')),
    'must be an http(s) URL template containing {z}, {x} and {y}',
  ),
  /** Secret for HMAC signatures (captcha challenges); unset → generated once and kept in DATA_DIR/app-key. */
  APP_KEY: z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  /** Sender of the portal's e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('Dazu <no-reply@dazu.pl>'),
  DEMO_DATA: flag(['0', '1'], '1').transform((v) => v === '1'),
  CAPTCHA: flag(['on', 'off'], 'on').transform((v) => v === 'on'),
  /** The in-memory search index (decision 012); off sends every search to SQL. */
  SEARCH_INDEX: flag(['on', 'off'], 'on').transform((v) => v === 'on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }).optional(),
  /** Fastify's trustProxy: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
  TRUST_PROXY: z.string().trim().default('false').transform((v): boolean | number | string[] => {
    if (v === 'true' || v === '1') return true
    if (v === 'false' || v === '0' || v === '') return false
    if (/^\d+$/.test(v)) return Number(v)
    return v.split(',').map((s) => s.trim()).filter(Boolean)
  }),
  /** Enables the /api/__test routes outside NODE_ENV=test (the browser tests run a production-like server). */
  E2E: flag(['0', '1'], '0').transform((v) => v === '1'),
})

export type Env = Omit<z.output<typeof envSchema>, 'PUBLIC_URL' | 'LOG_LEVEL'> & {
  PUBLIC_URL: string
  LOG_LEVEL: NonNullable<z.output<typeof envSchema>['LOG_LEVEL']>
  /** DATA_DIR made absolute. */
  DATA_DIR: string
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment: ${problems.join('; ')}`)
    this.name = 'EnvError'
  }
}

/** Parses a process.env-like object; throws EnvError whose message names every wrong variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (`FOO=` in a .env file) means "not set".
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, source[k] === undefined || source[k]!.trim() === '' ? undefined : source[k]]),
  )
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${String(i.path[0] ?? '?')}: ${i.message}`))
  }
  const e = parsed.data
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  }
}

/** Test-route switch: only in test runs or the e2e server. */
export function testRoutesEnabled(env: Pick<Env, 'NODE_ENV' | 'E2E'>): boolean {
  return env.NODE_ENV === 'test' || env.E2E
}

/**
 * The application secret: APP_KEY, else DATA_DIR/app-key (created with 48 random bytes on first start, mode 600),
 * so signatures survive restarts and are shared by instances on the same data directory.
 */
export function resolveAppKey(env: Pick<Env, 'APP_KEY' | 'DATA_DIR'>): string {
  if (env.APP_KEY) return env.APP_KEY
  const file = path.join(env.DATA_DIR, 'app-key')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  mkdirSync(env.DATA_DIR, { recursive: true })
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 })
  } catch (err) {
    // Another instance created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  return readFileSync(file, 'utf8').trim()
}
