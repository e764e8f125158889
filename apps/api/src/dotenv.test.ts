import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadDotEnv } from './dotenv.ts'
import { parseEnv } from './env.ts'

describe('loadDotEnv', () => {
  const keys = ['PORT', 'DATA_DIR', 'MAIL_FROM', 'CAPTCHA']
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]))
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-dotenv-'))
  afterEach(() => {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k]
      else process.env[k] = saved[k]
    }
  })

  it('reads .env into the environment: PORT from the file is the port the server takes', () => {
    for (const k of keys) delete process.env[k]
    const file = path.join(dir, '.env')
    writeFileSync(file, '# comment\nPORT=4321\nDATA_DIR=./elsewhere\nMAIL_FROM=Dazu <no-reply@dazu.pl>\n')
    expect(loadDotEnv(file)).toBe(file)
    const env = parseEnv(process.env)
    expect(env.PORT).toBe(4321)
    expect(env.DATA_DIR).toBe(path.resolve('./elsewhere'))
    expect(env.MAIL_FROM).toBe('Dazu <no-reply@dazu.pl>')
  })

  it('leaves variables already set alone, even empty ones', () => {
    const file = path.join(dir, '.env-2')
    writeFileSync(file, 'PORT=4321\nCAPTCHA=off\n')
    process.env.PORT = '5000'
    process.env.CAPTCHA = ''
    loadDotEnv(file)
    expect(process.env.PORT).toBe('5000')
    expect(parseEnv(process.env).CAPTCHA).toBe(true)
  })

  it('is a no-op without a file', () => {
    expect(loadDotEnv(path.join(dir, 'missing.env'))).toBeNull()
    rmSync(dir, { recursive: true, force: true })
  })
})
