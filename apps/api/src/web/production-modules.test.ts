import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const tsx = path.resolve(here, '../../../../node_modules/.bin/tsx')

describe('production builds for server rendering', () => {
  it('resolves react-router to dist/production and loads React in production mode', () => {
    const env = { ...process.env }
    delete env.NODE_ENV
    const out = execFileSync(tsx, [path.join(here, 'production-modules.fixture.ts')], { env, encoding: 'utf8' })
    const r = JSON.parse(out.trim().split('\n').pop()!)
    expect(r.reactRouter).toMatch(/\/react-router\/dist\/production\/index\.mjs$/)
    expect(r.handler).toBe('function')
    expect(r.nodeEnv).toBe('production')
    expect(r.reactDomProd).toBe(true)
  }, 30_000)
})
