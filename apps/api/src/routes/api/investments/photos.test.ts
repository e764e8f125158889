import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { investments } from '@portal/db'
import { removeUnusedKeys } from '../../../lib/listings/files.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { INVESTMENT_MESSAGES as M, investmentPhotoId } from '@portal/contracts/investments'
import { createTestApp, form, startSession, upload } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { validInvestment } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
type Photo = { key: string; width: number; height: number; placeholder: string | null }

const jpeg = (color: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background: color } }).jpeg().toBuffer()
const file = (data: Buffer) => form({}, { name: 'foto.jpg', type: 'image/jpeg', data })

describe('/api/investments/{id}/photos', () => {
  let t: T
  let dev: Jar
  let rival: Jar
  let invId: number
  let slug: string
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    dev = await login(t.app, (await createUser(t.db, { email: 'galeria@example.com', type: 'developer', companyName: 'Galeria S.A.', roles: ['user', 'company'] })).email)
    rival = await login(t.app, (await createUser(t.db, { email: 'obcy-dew@example.com', type: 'developer', companyName: 'Obcy', roles: ['user', 'company'] })).email)
    const res = await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Galeria Park' }))
    expect(res.statusCode, res.body).toBe(201)
    ;({ id: invId, slug } = res.json())
  })
  afterAll(async () => { await t.close() })
  const onDisk = (key: string) => path.join(t.app.env.DATA_DIR, 'uploads', key, 'md.webp')

  it('uploads in order, renders WebP sizes, shows them on the public page; reorders; deletes with the files', async () => {
    const keys: string[] = []
    for (const color of ['#c33', '#3c3', '#33c']) {
      const res = await upload(t.app, dev, `/api/investments/${invId}/photos`, file(await jpeg(color)))
      expect(res.statusCode, res.body).toBe(201)
      const photos = res.json().photos as Photo[]
      keys.push(photos.at(-1)!.key)
      expect(photos.map((p) => p.key)).toEqual(keys)
    }
    expect(keys[0]).toMatch(new RegExp(`^investments/${invId}/[\\w-]+$`))
    expect(existsSync(onDisk(keys[0]!))).toBe(true)
    expect((await t.app.inject(`/uploads/${keys[0]}/sm.webp`)).statusCode).toBe(200)
    const page = (await t.app.inject(`/api/investments/${slug}`)).json()
    expect(page.photos.map((p: Photo) => p.key)).toEqual(keys)
    expect(page.photo.key).toBe(keys[0])

    const ids = keys.map(investmentPhotoId)
    const ordered = await send(t.app, dev, 'PATCH', `/api/investments/${invId}/photos/order`, { ids: [ids[2], ids[0], ids[1]] })
    expect(ordered.statusCode, ordered.body).toBe(200)
    expect(ordered.json().photos.map((p: Photo) => p.key)).toEqual([keys[2], keys[0], keys[1]])
    const bad = await send(t.app, dev, 'PATCH', `/api/investments/${invId}/photos/order`, { ids: [ids[0], ids[0], ids[1]] })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.ids).toEqual([M.photoOrder])

    const del = await send(t.app, dev, 'DELETE', `/api/investments/${invId}/photos/${ids[2]}`)
    expect(del.statusCode).toBe(204)
    expect(existsSync(onDisk(keys[2]!))).toBe(false)
    const [row] = await t.db.db.select({ photos: investments.photos }).from(investments).where(eq(investments.id, invId))
    expect(row!.photos.map((p) => p.key)).toEqual([keys[0], keys[1]])
    expect((await send(t.app, dev, 'DELETE', `/api/investments/${invId}/photos/${ids[2]}`)).statusCode).toBe(404)
  })

  it('guards: another company 404, a guest 401, no CSRF 419; a non-image or no file 422', async () => {
    const img = file(await jpeg('#999'))
    expect((await upload(t.app, rival, `/api/investments/${invId}/photos`, img)).statusCode).toBe(404)
    expect((await upload(t.app, await startSession(t.app), `/api/investments/${invId}/photos`, img)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: `/api/investments/${invId}/photos`, headers: { cookie: dev.cookie, ...img.headers }, payload: img.payload })).statusCode).toBe(419)
    const text = await upload(t.app, dev, `/api/investments/${invId}/photos`, form({}, { name: 'a.jpg', type: 'image/jpeg', data: Buffer.from('nie obraz') }))
    expect(text.statusCode).toBe(422)
    const none = await upload(t.app, dev, `/api/investments/${invId}/photos`, form({ x: '1' }))
    expect(none.statusCode).toBe(422)
    expect(none.json().errors.file).toEqual([M.photoRequired])
  })

  it('a listing photo that a gallery also shows (the demo shares them) keeps its files while the gallery does', async () => {
    const shared = 'listings/999/wspolne'
    await storageFor(t.app).put(shared, new Map([['md.webp', await sharp(await jpeg('#777')).webp().toBuffer()]]))
    await t.db.db.update(investments).set({ photos: [{ key: shared, width: 1200, height: 800, placeholder: null }] }).where(eq(investments.id, invId))
    // What deleting the listing's photo does once its row is gone.
    await removeUnusedKeys(t.db, storageFor(t.app), [shared])
    expect(existsSync(onDisk(shared))).toBe(true)
    expect((await send(t.app, dev, 'DELETE', `/api/investments/${invId}/photos/wspolne`)).statusCode).toBe(204)
    expect(existsSync(onDisk(shared))).toBe(false)
  })
})
