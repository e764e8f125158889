import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
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
  /**
   * Raster tile URL template for the maps ({z}/{x}/{y}, optional {s}); unset → OpenStreetMap's tiles; 'off' → only the
   * offline base map (Poland, voivodeships, cities) drawn from data in the repo. The CSP allows the tile host.
   */
  MAP_TILE_URL: z.string().trim().optional().refine(
    (v) => !v || v === 'off' || (/^https?:\/\/[^/\s]+\//.test(v) && v.includes('{z}') && v.includes('{x}') && v.includes('{y}')),
    "must be 'off' or an http(s) URL template containing {z}, {x} and {y}",
  ),
  /** Secret for HMAC signatures (captcha challenges); unset → generated once and kept in DATA_DIR/app-key. */
  APP_KEY: z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  /** Sender of the portal's e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('Dazu <no-reply@dazu.pl>'),
  /** The portal's mailbox: /kontakt form messages are mailed here. */
  CONTACT_EMAIL: z.string().trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address').default('kontakt@dazu.pl'),
  DEMO_DATA: flag(['0', '1'], '1').transform((v) => v === '1'),
  CAPTCHA: flag(['on', 'off'], 'on').transform((v) => v === 'on'),
  /** The in-memory search index (decision 012); off sends every search to SQL. */
  SEARCH_INDEX: flag(['on', 'off'], 'on').transform((v) => v === 'on'),
  /** A snapshot of that index in DATA_DIR/search-index (decision 028): a restart starts from it instead of reading every listing. */
  SEARCH_INDEX_SNAPSHOT: flag(['on', 'off'], 'on').transform((v) => v === 'on'),
  /**
   * Megabytes of finished anonymous pages (HTML, with their br/gzip copies) each instance keeps (decision 029); 0 turns
   * the page cache off.
   */
  /**
   * Worker threads that render pages (decision 081): the main thread keeps HTTP, the API and the database; React
   * renders on the others, so every core works. Default: the machine's cores; 0 renders on the main thread.
   */
  SSR_WORKERS: z.string().trim().optional().refine((v) => v === undefined || v === '' || (/^\d{1,2}$/.test(v) && Number(v) <= 64), 'must be a number of worker threads 0-64 (0 = render on the main thread)')
    .transform((v) => (v === undefined || v === '' ? availableParallelism() : Number(v))),
  PAGE_CACHE_MB: z.string().trim().default('64').refine((v) => /^\d{1,5}$/.test(v) && Number(v) <= 16384, 'must be a number of megabytes 0-16384 (0 = off)')
    .transform(Number),
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
  /**
   * Photos and avatars in an S3-compatible bucket (several instances behind a load balancer):
   * s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=… (https) or s3+http://… ; unset → DATA_DIR/uploads.
   */
  STORAGE_URL: urlWithProtocols(['s3:', 's3+http:'], 'S3').optional(),
  /** Prometheus metrics at /metrics for `Authorization: Bearer <METRICS_TOKEN>`; unset → /metrics is 404. */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 24)').optional(),
  /** Payment gateway (decision 023): the local simulator (default), Przelewy24 REST or PayU REST 2.1. */
  PAYMENTS: z.enum(['simulator', 'przelewy24', 'payu'], { error: 'must be simulator, przelewy24 or payu' }).default('simulator'),
  /** Minutes an unfinished payment waits before it expires (the gateway's own limit is set to the same). */
  PAYMENT_TTL_MINUTES: z.string().trim().default('30').refine((v) => /^\d{1,4}$/.test(v) && Number(v) >= 5, 'must be 5 or more minutes').transform(Number),
  P24_URL: urlWithProtocols(['https:', 'http:'], 'http(s)').default('https://sandbox.przelewy24.pl'),
  P24_MERCHANT_ID: z.string().trim().regex(/^\d+$/, 'must be a number').optional(),
  P24_POS_ID: z.string().trim().regex(/^\d+$/, 'must be a number').optional(),
  P24_CRC: z.string().trim().min(8, 'must be the CRC key from the Przelewy24 panel').optional(),
  P24_API_KEY: z.string().trim().min(8, 'must be the REST API key from the Przelewy24 panel').optional(),
  PAYU_URL: urlWithProtocols(['https:', 'http:'], 'http(s)').default('https://secure.snd.payu.com'),
  PAYU_POS_ID: z.string().trim().regex(/^\d+$/, 'must be a number').optional(),
  PAYU_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYU_CLIENT_SECRET: z.string().trim().min(8, 'must be the OAuth client secret').optional(),
  PAYU_SECOND_KEY: z.string().trim().min(8, 'must be the second key (MD5) from the PayU panel').optional(),
  /** The seller printed on invoices (VAT act art. 106e ust. 1 pkt 3 and 5). */
  SELLER_NAME: z.string().trim().min(2).default('Dazu sp. z o.o.'),
  SELLER_NIP: z.string().trim().regex(/^\d{10}$/, 'must be 10 digits').default('5252248481'),
  SELLER_STREET: z.string().trim().min(2).default('ul. Marszałkowska 10'),
  SELLER_ZIP: z.string().trim().regex(/^\d{2}-\d{3}$/, 'must look like 00-000').default('00-590'),
  SELLER_CITY: z.string().trim().min(2).default('Warszawa'),
  SELLER_BANK_ACCOUNT: z.string().trim().optional(),
  /** Sending FA(3) invoices to KSeF: off (default) keeps the XML with the invoice; on needs KSEF_URL and KSEF_TOKEN. */
  KSEF: flag(['on', 'off'], 'off').transform((v) => v === 'on'),
  KSEF_URL: urlWithProtocols(['https:', 'http:'], 'http(s)').default('https://ksef-test.mf.gov.pl/api/v2'),
  KSEF_TOKEN: z.string().trim().min(8).optional(),
  /**
   * Listing feeds (decision 025): hosts (names or IPs, comma-separated) that feed and photo downloads may reach even
   * though they resolve to a private or loopback address. Empty (the default and what production wants): none.
   * The feeds benchmark serves its photos from 127.0.0.1 and sets it.
   */
  FEEDS_PRIVATE_HOSTS: z.string().trim().default('').transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Enables the /api/__test routes outside NODE_ENV=test (the browser tests run a production-like server). */
  E2E: flag(['0', '1'], '0').transform((v) => v === '1'),
  /**
   * Set by `npm start` (scripts/start.mjs) and the server when they chose NODE_ENV=production only because it was
   * unset: React needs it, but the operator did not ask for a production start (see `localDemo`). Not for people.
   */
  PORTAL_NODE_ENV_DEFAULTED: flag(['0', '1'], '0').transform((v) => v === '1'),
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
  // A chosen gateway or KSeF needs its credentials: better a stopped start than a 500 at the first payment.
  const needs: Record<string, (keyof typeof e)[]> = {
    przelewy24: ['P24_MERCHANT_ID', 'P24_POS_ID', 'P24_CRC', 'P24_API_KEY'],
    payu: ['PAYU_POS_ID', 'PAYU_CLIENT_ID', 'PAYU_CLIENT_SECRET', 'PAYU_SECOND_KEY'],
  }
  const missing = [...(needs[e.PAYMENTS] ?? []), ...(e.KSEF ? ['KSEF_TOKEN' as const] : [])].filter((k) => !e[k])
  if (missing.length) throw new EnvError(missing.map((k) => `${k}: required with PAYMENTS=${e.PAYMENTS}${e.KSEF ? ' / KSEF=on' : ''}`))
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

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * The local demo set-up (issue 29 M5): demo data and the demo logins with their known password exist only here.
 * A production start is NODE_ENV=production set by the operator (not the default `npm start` picks) or a
 * PUBLIC_URL on another host than this machine; the e2e server (E2E=1) is a demo set-up whatever it sets.
 */
export function localDemo(env: Pick<Env, 'NODE_ENV' | 'E2E' | 'PUBLIC_URL' | 'PORTAL_NODE_ENV_DEFAULTED'>): boolean {
  if (env.E2E) return true
  let host = ''
  try { host = new URL(env.PUBLIC_URL).hostname } catch { return false }
  if (!LOOPBACK.has(host)) return false
  return env.NODE_ENV !== 'production' || env.PORTAL_NODE_ENV_DEFAULTED
}

/**
 * /dev/mail (the outbox in the browser): never with SMTP_URL (mail really goes out, the outbox would only leak
 * other people's links) and never in a real deployment (PUBLIC_URL on a host other than localhost). Otherwise in
 * development, test runs and the demo set-up (`npm start` with DEMO_DATA=1).
 */
export function devMailVisible(env: Pick<Env, 'NODE_ENV' | 'E2E' | 'SMTP_URL' | 'DEMO_DATA' | 'PUBLIC_URL' | 'PORTAL_NODE_ENV_DEFAULTED'>): boolean {
  if (env.SMTP_URL) return false
  let host = ''
  try { host = new URL(env.PUBLIC_URL).hostname } catch { return false }
  if (!LOOPBACK.has(host)) return false
  return env.NODE_ENV !== 'production' || env.E2E || (env.DEMO_DATA && env.PORTAL_NODE_ENV_DEFAULTED)
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
