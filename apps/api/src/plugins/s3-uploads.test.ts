import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { createTestApp } from '../test/helpers.ts'
import { startS3 } from '../test/s3-server.ts'
import { parseStorageUrl, S3Storage } from '../lib/media/s3-storage.ts'
import { createUser, login, type Jar } from '../routes/api/auth/test-support.ts'
import { createOffer, form, upload } from '../routes/api/offers/test-support.ts'

/** Photos and avatars in an S3-compatible bucket (STORAGE_URL), tested against s3rver. */
describe('S3 storage (STORAGE_URL)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>
  let t: Awaited<ReturnType<typeof createTestApp>>
  let jar: Jar
  beforeAll(async () => {
    s3 = await startS3()
    t = await createTestApp({ STORAGE_URL: s3.storageUrl, CAPTCHA: 'off' })
    jar = await login(t.app, (await createUser(t.db, { email: 's3@example.com' })).email)
  })
  afterAll(async () => { await t.close(); await s3.close() })

  it('parses s3:// and s3+http:// URLs', () => {
    const a = parseStorageUrl('s3://AK:S%2Fx@s3.eu-central-1.amazonaws.com/bucket/portal/prod?region=eu-central-1')
    expect(a).toMatchObject({ bucket: 'bucket', prefix: 'portal/prod/' })
    expect(a.config).toMatchObject({ endpoint: 'https://s3.eu-central-1.amazonaws.com', region: 'eu-central-1', forcePathStyle: true })
    expect(parseStorageUrl('s3+http://k:s@127.0.0.1:9000/b').config.endpoint).toBe('http://127.0.0.1:9000')
    expect(() => parseStorageUrl('s3://k:s@host')).toThrow(/bucket/)
  })

  it('put, get and remove a key with all its files', async () => {
    const store = new S3Storage(parseStorageUrl(s3.storageUrl))
    await store.put('listings/1/abc', new Map([['sm.webp', Buffer.from('small')], ['lg.webp', Buffer.from('large')]]))
    const got = await store.get('listings/1/abc/sm.webp')
    expect(got).toMatchObject({ contentType: 'image/webp', length: 5 })
    await store.remove('listings/1/abc')
    expect(await store.get('listings/1/abc/sm.webp')).toBeNull()
    expect(await store.get('listings/1/abc/lg.webp')).toBeNull()
  })

  it('a listing photo goes to the bucket (not the disk) and is served at /uploads with the same cache headers', async () => {
    const { id } = await createOffer(t.app, jar)
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } }).jpeg().toBuffer()
    const res = await upload(t.app, jar, `/api/offers/${id}/photos`, form({}, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }))
    expect(res.statusCode).toBe(201)
    const url = res.json().url as string
    expect(existsSync(path.join(t.app.env.DATA_DIR, url))).toBe(false)
    const served = await t.app.inject(url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(served.rawPayload).metadata()).width).toBe(960)
    const etag = served.headers.etag as string
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
    expect((await t.app.inject(url.replace('md.webp', 'xx.webp'))).statusCode).toBe(404)
    expect((await t.app.inject('/uploads/../app-key')).statusCode).toBe(404)
  })

  it('avatars too: stored, served, and removed from the bucket', async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#3c3' } }).png().toBuffer()
    const res = await upload(t.app, jar, '/api/user/avatar', form({ avatar_type: 'avatar' }, { name: 'a.png', type: 'image/png', data: png }))
    expect(res.statusCode).toBe(200)
    const avatar = res.json().avatar as string
    expect((await t.app.inject(avatar)).statusCode).toBe(200)
    const del = await t.app.inject({ method: 'DELETE', url: '/api/user/avatar?avatar_type=avatar', headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf } })
    expect(del.statusCode).toBe(200)
    expect((await t.app.inject(avatar)).statusCode).toBe(404)
  })
})
