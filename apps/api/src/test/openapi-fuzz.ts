import fc from 'fast-check'
import { sitePathTemplates } from './site-routes.ts'

/**
 * Bad-input requests generated from the OpenAPI document (/api/docs/json) with fast-check: every operation, its
 * path, query and JSON body filled from the schema, with any value swapped now and then for a hostile one (NUL,
 * huge, wrong type, odd unicode, broken percent-encoding, injection text). Used by the CI slice
 * (apps/api/src/openapi-fuzz.test.ts) and the full run (bench/fuzz.ts); both fail on any 5xx.
 */
export interface FuzzRequest {
  method: string
  url: string
  /** A JSON value to send, or raw text (malformed body cases). */
  body?: { json: unknown } | { raw: string; type: string }
  /** Sent with the logged-in session (else the guest one). */
  auth: boolean
}

interface Schema {
  type?: string | string[]
  enum?: unknown[]
  pattern?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  nullable?: boolean
}

interface Operation {
  method: string
  path: string
  params: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>
  body?: Schema
  multipart: boolean
}

interface OpenApiDoc {
  paths: Record<string, Record<string, {
    parameters?: Operation['params']
    requestBody?: { content?: Record<string, { schema?: Schema }> }
  }>>
}

/** The operations of the document, without the deliberate test-only failures and the SSR catch-all. */
export function operations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = []
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/__test') || path === '/' || path.startsWith('/{')) continue
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const content = op.requestBody?.content ?? {}
      out.push({
        method: method.toUpperCase(), path, params: op.parameters ?? [],
        body: content['application/json']?.schema, multipart: !!content['multipart/form-data'],
      })
    }
  }
  return out
}

const HUGE = 'ż'.repeat(70_000)
/** Strings an attacker tries: NUL, controls, huge, unicode edge cases, encodings, injections, paths. */
export const NASTY_STRINGS = [
  '\u0000', 'a\u0000b', '%00', '\u0001\u001f\u007f', '\uD800', '\uDFFF\uD800', '😀'.repeat(50), '\u202Eevil', 'e\u0301',
  'Zażółć gęślą jaźń', '\uFEFF', '\u00A0', ' ', '', HUGE, 'x'.repeat(5000), '%', '%ZZ', '%C0%80', '%E0%A4%A',
  '%2e%2e%2f', '../../etc/passwd', '..\\..\\', "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>',
  '{{7*7}}', '${7*7}', 'NaN', 'Infinity', '-0', '1e309', '9007199254740993', '-9999999999999999999', '0x10', '1_000',
  'true', 'null', '[]', '{}', '\n\r\t', 'a'.repeat(300) + '@example.com', 'user@', '@', 'javascript:alert(1)',
  '//evil.example', 'http://169.254.169.254/', '2026-02-30', '9999-12-31T25:61:61Z',
]

const nastyString = fc.constantFrom(...NASTY_STRINGS)
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -1, 0),
  fc.constant([]), fc.constant({}), fc.array(nastyString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { maxKeys: 3 }),
)
/** Any hostile value (JSON-representable). */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) })

function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
}

/** A value shaped by the schema; with probability ~1/6 at every level a hostile one instead. */
export function fromSchema(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const good = wellFormed(s ?? {}, depth)
  return fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: nastyValue })
}

function wellFormed(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null)
  if (s.enum?.length) return fc.constantFrom(...s.enum)
  const alts = s.anyOf ?? s.oneOf
  if (alts?.length) return fc.oneof(...alts.map((a) => wellFormed(a, depth + 1)))
  if (s.allOf?.length) return wellFormed(s.allOf[0]!, depth + 1)
  switch (typeOf(s)) {
    case 'integer': {
      const min = Math.max(s.minimum ?? -1_000_000, -1_000_000_000)
      const max = Math.min(s.maximum ?? 1_000_000, 1_000_000_000)
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }), fc.integer({ min: 0, max: 60 }))
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(wellFormed(s.items ?? {}, depth + 1), { maxLength: Math.min(s.maxItems ?? 5, 5) })
    case 'object': {
      const props = s.properties ?? {}
      const keys = Object.keys(props)
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const k of keys) record[k] = fromSchema(props[k], depth + 1)
      const required = (s.required ?? []).filter((k) => k in record)
      return fc.record(record, { requiredKeys: required })
    }
    case 'string':
    default: {
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, 200))
        } catch {
          // A pattern JavaScript cannot compile: plain strings.
        }
      }
      return fc.oneof(
        fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) }),
        fc.constantFrom('1', '2', '3', 'warszawa', 'mieszkania', 'jan.kowalski@example.pl', 'Demo1234', 'sprzedaz'),
      )
    }
  }
}

/** encodeURIComponent that writes a lone surrogate as its (invalid) 3-byte form instead of throwing. */
function enc(v: string): string {
  try {
    return encodeURIComponent(v)
  } catch {
    return [...v].map((ch) => {
      const code = ch.charCodeAt(0)
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`
      }
      return encodeURIComponent(ch)
    }).join('')
  }
}

/** How a path or query value is written into the URL: encoded, raw (bad characters and all) or double-encoded. */
const encoder = fc.constantFrom<(v: string) => string>(
  enc, enc, enc,
  // Printable ASCII left raw (quotes, brackets, <, >, ...), everything else encoded.
  (v) => v.replace(/[^\x21-\x7e]|[#?/&%]/gu, (c) => enc(c)),
  (v) => enc(enc(v)),
  (v) => `${enc(v)}%`,
)
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')

/** One request for an operation. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path')
  const queryParams = op.params.filter((p) => p.in === 'query')
  const pathArb = fc.tuple(...pathParams.map((p) => fc.tuple(fromSchema(p.schema), encoder)))
  const queryArb = fc.subarray(queryParams).chain((chosen) => fc.tuple(
    ...chosen.map((p) => fc.tuple(fc.constant(p.name), fromSchema(p.schema), encoder, fc.boolean())),
  ))
  const extraQuery = fc.option(fc.tuple(nastyString, nastyString), { freq: 6 })
  const bodyArb: fc.Arbitrary<FuzzRequest['body']> = op.body
    ? fc.oneof(
      { weight: 8, arbitrary: fromSchema(op.body).map((json) => ({ json })) },
      { weight: 1, arbitrary: fc.constantFrom<FuzzRequest['body']>(
        { raw: '{"a":', type: 'application/json' }, { raw: '', type: 'application/json' },
        { raw: 'a=1&b=%00', type: 'application/x-www-form-urlencoded' }, { raw: '\u0000', type: 'text/plain' },
        { raw: JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }), type: 'application/json' },
        { raw: '[' .repeat(5000), type: 'application/json' },
      ) },
    )
    : op.multipart
      ? fc.constantFrom<FuzzRequest['body']>(
        { raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
        { raw: 'not multipart', type: 'multipart/form-data; boundary=x' },
        { raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nGIF89a\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
        { raw: '', type: 'multipart/form-data' },
      )
      : fc.constant(undefined)
  return fc.record({ path: pathArb, query: queryArb, extra: extraQuery, body: bodyArb, auth: fc.boolean() }).map(({ path, query, extra, body, auth }) => {
    let url = op.path
    pathParams.forEach((p, i) => {
      const [value, encode] = path[i]!
      url = url.replace(`{${p.name}}`, encode(asText(value)) || '%20')
    })
    const parts: string[] = []
    for (const [name, value, encode, raw] of query) {
      const values = Array.isArray(value) ? value : [value]
      for (const v of values.slice(0, 3)) parts.push(`${raw ? name : enc(name)}=${encode(asText(v))}`)
    }
    if (extra) parts.push(`${enc(extra[0])}=${enc(extra[1])}`)
    return { method: op.method, url: parts.length ? `${url}?${parts.join('&')}` : url, body, auth }
  })
}

/** Requests over every operation of the document. */
export function requestArbitrary(doc: OpenApiDoc): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations(doc).map(requestFor))
}

/**
 * Site pages (SSR) with hostile path segments and queries: every route of apps/web/app/routes.ts, React Router's data
 * requests (`.data`) and paths no route knows.
 */
const SITE_PATHS = [...sitePathTemplates(), '/{x}/{y}', '/{x}/{y}/{z}', '/{x}.data', '/ogloszenia/{x}.data', '/_root.data']
const SITE_QUERY_KEYS = ['fraza', 'phrase', 'strona', 'page', 'sort', 'cena[min]', 'lokalizacja[lat]', 'lokalizacja[nazwa]',
  'kategoria', 'typ', 'next', 'token', 'slug', 'id', 'index', '_routes', 'mapa', 'obszar', 'promien', 'ogloszeniodawca',
  'dodane', 'cena_m2[max]', 'rok_budowy[min]', 'pietro_od', 'widok', 'dzien', 'tydzien', 'status', 'pokoje', 'miasto']

export function siteRequestArbitrary(): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(fc.constantFrom('warszawa', 'mieszkanie', 'sprzedaz', '1', '17', 'x'), nastyString, fc.string({ maxLength: 20 }))
  return fc.record({
    path: fc.constantFrom(...SITE_PATHS),
    segs: fc.tuple(segment, segment, segment, encoder, encoder, encoder),
    query: fc.array(fc.tuple(fc.constantFrom(...SITE_QUERY_KEYS), fc.oneof(segment, fc.constant('')), encoder), { maxLength: 4 }),
    method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE'),
    auth: fc.boolean(),
  }).map(({ path, segs, query, method, auth }) => {
    const [a, b, c, ea, eb, ec] = segs
    const url = path.replace('{x}', ea(asText(a)) || 'x').replace('{y}', eb(asText(b)) || 'y').replace('{z}', ec(asText(c)) || 'z')
    const qs = query.map(([k, v, e]) => `${enc(k)}=${e(asText(v))}`).join('&')
    return {
      method, auth, url: qs ? `${url}?${qs}` : url,
      body: method === 'POST' || method === 'PUT' ? { raw: 'intent=x&a=%00', type: 'application/x-www-form-urlencoded' } : undefined,
    }
  })
}
