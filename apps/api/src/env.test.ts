import { describe, expect, it } from 'vitest'
import path from 'node:path'
import { availableParallelism } from 'node:os'
import { EnvError, parseEnv, localDemo } from './env.ts'

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000, HOST: '0.0.0.0', DATA_DIR: path.resolve('./data'), PUBLIC_URL: 'http://localhost:3000',
      DEMO_DATA: true, CAPTCHA: true, NODE_ENV: 'development', LOG_LEVEL: 'info', TRUST_PROXY: false, E2E: false, SEARCH_INDEX: true,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('reads valid values and derives PUBLIC_URL from PORT', () => {
    const env = parseEnv({
      PORT: '3101', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', SMTP_URL: 'smtps://u:p@mail.example.com:465',
      DEMO_DATA: '0', CAPTCHA: 'off', NODE_ENV: 'production', TRUST_PROXY: '1', LOG_LEVEL: 'warn', SEARCH_INDEX: 'off',
    })
    expect(env).toMatchObject({
      PORT: 3101, PUBLIC_URL: 'http://localhost:3101', DEMO_DATA: false, CAPTCHA: false, TRUST_PROXY: true, LOG_LEVEL: 'warn', SEARCH_INDEX: false,
    })
    expect(parseEnv({ PUBLIC_URL: 'https://dom.example.pl/' }).PUBLIC_URL).toBe('https://dom.example.pl')
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1'])
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined })
  })

  it.each([
    [{ PORT: 'abc' }, 'Invalid environment: PORT: must be a port number 1-65535'],
    [{ PORT: '0' }, 'PORT: must be a port number 1-65535'],
    [{ PORT: '65536' }, 'PORT: must be a port number 1-65535'],
    [{ PORT: '3000.5' }, 'PORT: must be a port number 1-65535'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL:'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL:'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be a SMTP URL'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA: must be 0 or 1'],
    [{ CAPTCHA: 'disabled' }, 'CAPTCHA: must be on or off'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV:'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL:'],
  ])('rejects %o naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })

  it('names every wrong variable at once', () => {
    try {
      parseEnv({ PORT: 'x', CAPTCHA: 'y' })
      expect.unreachable()
    } catch (e) {
      expect((e as EnvError).problems).toHaveLength(2)
      expect((e as Error).message).toMatch(/PORT: .*; CAPTCHA: /)
    }
  })
})

describe('MAP_TILE_URL', () => {
  it('SSR_WORKERS: the machine\'s cores by default, 0 renders on the main thread, anything else is refused', () => {
    expect(parseEnv({}).SSR_WORKERS).toBe(availableParallelism())
    expect(parseEnv({ SSR_WORKERS: '' }).SSR_WORKERS).toBe(availableParallelism())
    expect(parseEnv({ SSR_WORKERS: '0' }).SSR_WORKERS).toBe(0)
    expect(parseEnv({ SSR_WORKERS: '3' }).SSR_WORKERS).toBe(3)
    for (const bad of ['-1', '65', 'two', '1.5']) expect(() => parseEnv({ SSR_WORKERS: bad })).toThrow(/SSR_WORKERS/)
  })

  it('accepts a tile template and rejects anything else', () => {
    expect(parseEnv({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }).MAP_TILE_URL).toContain('{z}')
    expect(() => parseEnv({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(/MAP_TILE_URL/)
    expect(parseEnv({ MAP_TILE_URL: 'off' }).MAP_TILE_URL).toBe('off')
    expect(() => parseEnv({ MAP_TILE_URL: 'javascript:alert(1)/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/)
  })
})

describe('localDemo (issue 29 M5: demo data and demo logins only in the local demo set-up)', () => {
  it('npm start on this machine is the demo; an operator-chosen NODE_ENV=production or a public PUBLIC_URL is not', () => {
    // `npm start` with nothing set: start.mjs picks NODE_ENV=production for React and says so.
    expect(localDemo(parseEnv({ NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1' }))).toBe(true)
    expect(localDemo(parseEnv({ NODE_ENV: 'development' }))).toBe(true)
    expect(localDemo(parseEnv({ NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1', PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBe(true)
    // Production starts.
    expect(localDemo(parseEnv({ NODE_ENV: 'production' }))).toBe(false)
    expect(localDemo(parseEnv({ NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1', PUBLIC_URL: 'https://dazu.pl' }))).toBe(false)
    expect(localDemo(parseEnv({ NODE_ENV: 'development', PUBLIC_URL: 'https://portal.example.org' }))).toBe(false)
    // The e2e server is the demo whatever it sets.
    expect(localDemo(parseEnv({ NODE_ENV: 'production', E2E: '1' }))).toBe(true)
  })
})
