import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// In a child process, so that node:fs/promises' readdir is counted before @fastify/static takes its reference.
const SCRIPT = `
import fsp from 'node:fs/promises'
let listed = 0
const readdir = fsp.readdir
fsp.readdir = (...args) => { listed++; return readdir(...args) }
const { default: Fastify } = await import('fastify')
const { default: uploads } = await import(process.env.UPLOADS_PLUGIN)
const app = Fastify()
app.decorate('env', { DATA_DIR: process.env.DATA_DIR })
await app.register(uploads)
const out = {}
for (const url of JSON.parse(process.env.URLS)) {
  const res = await app.inject(url)
  out[url] = [res.statusCode, res.headers['cache-control'] ?? null, res.headers['content-type'] ?? null]
}
out.listed = listed
console.log(JSON.stringify(out))
await app.close()
`

describe('uploads on the local disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-disk-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('serves a photo without listing any folder on its path (uploads/listings/ holds a folder per listing)', () => {
    const key = path.join(dataDir, 'uploads', 'listings', '12', 'aB3-x_9')
    mkdirSync(key, { recursive: true })
    for (let i = 0; i < 50; i++) mkdirSync(path.join(dataDir, 'uploads', 'listings', String(1000 + i)))
    writeFileSync(path.join(key, 'sm.webp'), Buffer.from('RIFF0000WEBP'))
    writeFileSync(path.join(dataDir, 'uploads', 'listings', '12', '.secret.webp'), 'x')
    const urls = [
      '/uploads/listings/12/aB3-x_9/sm.webp',
      '/uploads/listings/12/aB3-x_9/lg.webp',
      '/uploads/listings/12/.secret.webp',
      '/uploads/listings/12/aB3-x_9/..%2f..%2f..%2f..%2fetc/passwd',
      '/uploads/listings//12/aB3-x_9/sm.webp',
    ]
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
      env: {
        ...process.env, DATA_DIR: dataDir, URLS: JSON.stringify(urls),
        UPLOADS_PLUGIN: pathToFileURL(path.join(import.meta.dirname, 'uploads.ts')).href,
      },
    })
    expect(run.stderr).not.toMatch(/Error/)
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!)
    expect(out.listed, 'readdir calls').toBe(0)
    expect(out[urls[0]]).toEqual([200, 'public, max-age=31536000, immutable', 'image/webp'])
    for (const url of urls.slice(1)) expect(out[url][0], url).toBe(404)
  })
})
