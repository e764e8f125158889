import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { bombPng } from '../../../test/image-fixtures.ts'
import { eq } from 'drizzle-orm'
import { listingPhotos } from '@portal/db'
import { OFFER_MESSAGES } from '@portal/contracts/offer'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer, form, upload } from './test-support.ts'
import { heicClaimingSize, heicPhoto, heicWithRotation } from '../../../test/heic-fixtures.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

async function jpeg(w = 1200, h = 800, color = '#36c') {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer()
}

describe('listing photos, plans, energy certificate', () => {
  let t: T
  let jar: Jar
  let other: Jar
  let dataDir: string
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    dataDir = t.app.env.DATA_DIR
    const u = await createUser(t.db, { email: 'zdjecia@example.com' })
    jar = await login(t.app, u.email)
    other = await login(t.app, (await createUser(t.db, { email: 'obcy@example.com' })).email)
  })
  afterAll(async () => { await t.close() })

  const file = (data: Buffer, name = 'foto.jpg', type = 'image/jpeg') => form({}, { name, type, data })
  const fileOnDisk = (url: string) => path.join(dataDir, url.replace(/^\//, ''))

  it('upload: 201 photo with WebP sm/md/lg + placeholder; EXIF/GPS stripped and auto-rotated; served with long cache', async () => {
    const { id } = await createOffer(t.app, jar)
    const withExif = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c33' } })
      .withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1' } }).jpeg().toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeTruthy()
    const res = await upload(t.app, jar, `/api/offers/${id}/photos`, file(withExif))
    expect(res.statusCode).toBe(201)
    const p = res.json()
    expect(p).toMatchObject({ position: 0, width: 1600, height: 2400 }) // 2400×1600 turned upright by orientation 6
    expect(p.url).toMatch(/^\/uploads\/listings\/\d+\/[\w-]+\/md\.webp$/)
    expect(p.srcset).toContain('sm.webp 480w')
    expect(p.placeholder).toMatch(/^data:image\/webp;base64,/)
    for (const size of ['sm', 'md', 'lg']) {
      const f = fileOnDisk(p.url.replace('md.webp', `${size}.webp`))
      const meta = await sharp(f).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.exif).toBeUndefined()
      expect(meta.width).toBe({ sm: 480, md: 960, lg: 1600 }[size])
      expect(meta.height).toBe({ sm: 720, md: 1440, lg: 2400 }[size])
    }
    const served = await t.app.inject(p.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false)
    // Plan by query; shows in the edit shape and on the public page.
    const plan = await upload(t.app, jar, `/api/offers/${id}/photos?kind=plan`, file(await jpeg(800, 600)))
    expect(plan.statusCode).toBe(201)
    const edit = (await t.app.inject({ url: `/api/offers/${id}/edit`, headers: { cookie: jar.cookie } })).json()
    expect(edit.photos.map((x: { id: number }) => x.id)).toEqual([p.id])
    expect(edit.project_plan_photos.map((x: { id: number }) => x.id)).toEqual([plan.json().id])
    const list = (await t.app.inject('/api/offers?limit=48')).json().data.find((d: { id: number }) => d.id === id)
    expect(list.photo.url).toBe(p.url)
    expect(list.photos_count).toBe(1)
  })

  it('rejections: text named .jpg (422), too big (413), pixel bomb (422), fake HEIC (422), bad kind, no file; other user 403', async () => {
    const { id } = await createOffer(t.app, jar)
    const url = `/api/offers/${id}/photos`
    const text = await upload(t.app, jar, url, file(Buffer.from('to nie jest zdjęcie, tylko tekst\n'.repeat(50))))
    expect(text.statusCode).toBe(422)
    expect(text.json().errors).toEqual({ file: [OFFER_MESSAGES.photoNotImage] })
    // A GIF is an image, but not one we take.
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f0' } }).gif().toBuffer()
    expect((await upload(t.app, jar, url, file(gif, 'a.gif', 'image/gif'))).json().errors.file).toEqual([OFFER_MESSAGES.photoNotImage])
    const big = Buffer.concat([await jpeg(100, 100), Buffer.alloc(15 * 1024 * 1024 + 1, 1)])
    const tooBig = await upload(t.app, jar, url, file(big))
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({ error: OFFER_MESSAGES.photoTooLarge, message: OFFER_MESSAGES.photoTooLarge, code: 'file_too_large' })
    const bomb = await upload(t.app, jar, url, file(await bombPng(), 'bomba.png', 'image/png'))
    expect(bomb.statusCode).toBe(422)
    expect(bomb.json().errors).toEqual({ file: [OFFER_MESSAGES.tooManyPixels] })
    // Something that only starts like a HEIC is not an image.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200, 7)])
    const h = await upload(t.app, jar, url, file(heic, 'IMG_0001.HEIC', 'image/heic'))
    expect(h.statusCode).toBe(422)
    expect(h.json().errors).toEqual({ file: [OFFER_MESSAGES.photoNotImage] })
    expect((await upload(t.app, jar, `${url}?kind=selfie`, file(await jpeg()))).json().errors).toEqual({ kind: [OFFER_MESSAGES.kindInvalid] })
    expect((await upload(t.app, jar, url, form({ kind: 'photo' }))).json().errors).toEqual({ file: [OFFER_MESSAGES.fileRequired] })
    expect((await upload(t.app, other, url, file(await jpeg()))).statusCode).toBe(403)
    const csrf = file(await jpeg())
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: jar.cookie, ...csrf.headers }, payload: csrf.payload })).statusCode).toBe(419)
    const rows = await t.db.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id))
    expect(rows).toHaveLength(0)
    expect(existsSync(path.join(dataDir, 'uploads', 'listings', String(id)))).toBe(false)
  })

  it('HEIC (iPhone, HEVC): 201 with three WebP sizes, upright, EXIF/GPS dropped; a header claiming 400 Mpx or a truncated file → 422', async () => {
    const { id } = await createOffer(t.app, jar)
    const url = `/api/offers/${id}/photos`
    const heic = heicPhoto()
    // The fixture is what sharp's prebuilt libheif cannot decode: HEVC inside, EXIF with GPS.
    expect(await sharp(heic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: 320, height: 240 })
    await expect(sharp(heic).toBuffer()).rejects.toThrow()
    expect(heic.includes(Buffer.from('SecretCam'))).toBe(true)

    const res = await upload(t.app, jar, url, file(heic, 'IMG_0001.HEIC', 'image/heic'))
    expect(res.statusCode).toBe(201)
    const p = res.json()
    expect(p).toMatchObject({ position: 0, width: 320, height: 240 })
    expect(p.placeholder).toMatch(/^data:image\/webp;base64,/)
    for (const size of ['sm', 'md', 'lg']) {
      const served = await t.app.inject(p.url.replace('md.webp', `${size}.webp`))
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false)
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240, hasAlpha: false }) // never enlarged
      expect(meta.exif).toBeUndefined()
      // The pixels are the photo's (red left half, blue right half), not a grey failure.
      const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true })
      expect(data[(120 * 320 + 40) * 3]).toBeGreaterThan(150)
      expect(data[(120 * 320 + 280) * 3 + 2]).toBeGreaterThan(150)
    }
    // A portrait iPhone photo: stored sideways with an irot box → comes out upright.
    const portrait = await upload(t.app, jar, url, file(heicWithRotation(heic, 1), 'IMG_0002.HEIC', 'image/heic'))
    expect(portrait.statusCode).toBe(201)
    expect(portrait.json()).toMatchObject({ position: 1, width: 240, height: 320 })

    const bomb = await upload(t.app, jar, url, file(heicClaimingSize(heic, 20_000, 20_000), 'IMG_0003.HEIC', 'image/heic'))
    expect(bomb.statusCode).toBe(422)
    expect(bomb.json().errors).toEqual({ file: [OFFER_MESSAGES.tooManyPixels] })
    const truncated = await upload(t.app, jar, url, file(heic.subarray(0, 712), 'IMG_0004.HEIC', 'image/heic'))
    expect(truncated.statusCode).toBe(422)
    expect(truncated.json().errors).toEqual({ file: [OFFER_MESSAGES.photoNotImage] })
    const rows = await t.db.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id))
    expect(rows).toHaveLength(2)
  })

  it('AVIF stays with sharp: 201', async () => {
    const { id } = await createOffer(t.app, jar)
    const avif = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } }).avif().toBuffer()
    const res = await upload(t.app, jar, `/api/offers/${id}/photos`, file(avif, 'a.avif', 'image/avif'))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ width: 640, height: 480 })
  })

  it('too many: 40 photos / 10 plans per listing → 422', async () => {
    const { id } = await createOffer(t.app, jar)
    await t.db.db.insert(listingPhotos).values(Array.from({ length: 40 }, (_, i) => ({
      listingId: id, kind: 'photo' as const, position: i, storageKey: `listings/${id}/seed${i}`, width: 10, height: 10,
    })))
    await t.db.db.insert(listingPhotos).values(Array.from({ length: 10 }, (_, i) => ({
      listingId: id, kind: 'plan' as const, position: i, storageKey: `listings/${id}/plan${i}`, width: 10, height: 10,
    })))
    const photo = await upload(t.app, jar, `/api/offers/${id}/photos`, file(await jpeg()))
    expect(photo.statusCode).toBe(422)
    expect(photo.json().errors).toEqual({ file: [OFFER_MESSAGES.tooManyPhotos] })
    const plan = await upload(t.app, jar, `/api/offers/${id}/photos`, form({ kind: 'plan' }, { name: 'p.jpg', type: 'image/jpeg', data: await jpeg() }))
    expect(plan.json().errors).toEqual({ file: [OFFER_MESSAGES.tooManyPlans] })
  })

  it('reorder, delete (files removed), listing delete removes every file', async () => {
    const { id } = await createOffer(t.app, jar)
    const ids: number[] = []
    const urls: string[] = []
    for (const c of ['#f00', '#0f0', '#00f']) {
      const r = (await upload(t.app, jar, `/api/offers/${id}/photos`, file(await jpeg(600, 400, c)))).json()
      ids.push(r.id)
      urls.push(r.url)
    }
    expect(urls.every((u) => existsSync(fileOnDisk(u)))).toBe(true)
    const order = await send(t.app, jar, 'PATCH', `/api/offers/${id}/photos/order`, { ids: [ids[2], ids[0], ids[1]] })
    expect(order.statusCode).toBe(200)
    expect(order.json().photos.map((p: { id: number; position: number }) => [p.id, p.position])).toEqual([[ids[2], 0], [ids[0], 1], [ids[1], 2]])
    const partial = await send(t.app, jar, 'PATCH', `/api/offers/${id}/photos/order`, { ids: [ids[0], ids[1]] })
    expect(partial.statusCode).toBe(422)
    expect(partial.json().errors).toEqual({ ids: [OFFER_MESSAGES.orderInvalid] })
    expect((await send(t.app, other, 'PATCH', `/api/offers/${id}/photos/order`, { ids })).statusCode).toBe(403)
    // The cover is now the blue one.
    const list = (await t.app.inject('/api/offers?limit=48')).json().data.find((d: { id: number }) => d.id === id)
    expect(list.photo.url).toBe(urls[2])

    expect((await send(t.app, other, 'DELETE', `/api/offers/${id}/photos/${ids[0]}`)).statusCode).toBe(403)
    const del = await send(t.app, jar, 'DELETE', `/api/offers/${id}/photos/${ids[0]}`)
    expect(del.statusCode).toBe(204)
    expect(existsSync(fileOnDisk(urls[0]!))).toBe(false)
    expect(existsSync(fileOnDisk(urls[1]!))).toBe(true)
    expect((await send(t.app, jar, 'DELETE', `/api/offers/${id}/photos/${ids[0]}`)).statusCode).toBe(404)

    const cert = await upload(t.app, jar, `/api/offers/${id}/ecertificate`, form({}, { name: 'swiadectwo.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%…\n1 0 obj\n<<>>\nendobj\ntrailer<<>>\n%%EOF\n') }))
    expect(cert.statusCode).toBe(201)
    expect(cert.json()).toMatchObject({ file: { type: 'pdf', name: 'swiadectwo.pdf' }, ep: 85, co2: null, oze: null })
    const certFile = fileOnDisk(cert.json().file.url)
    expect(existsSync(certFile)).toBe(true)
    // A PDF carrying HTML and script is accepted as sent, but served as a sandboxed download (issue 29 L8).
    const hostile = await upload(t.app, jar, `/api/offers/${id}/ecertificate`, form({}, { name: 'swiadectwo.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n') }))
    expect(hostile.statusCode).toBe(201)
    const served = await t.app.inject({ url: hostile.json().file.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-disposition']).toBe('attachment; filename="swiadectwo.pdf"')
    expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'; frame-ancestors 'none'")
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.body).toContain('<script>')
    const hostileFile = fileOnDisk(hostile.json().file.url)
    const notPdf = await upload(t.app, jar, `/api/offers/${id}/ecertificate`, form({}, { name: 'cert.pdf', type: 'application/pdf', data: Buffer.from('hello world, no pdf') }))
    expect(notPdf.json().errors).toEqual({ file: [OFFER_MESSAGES.ecertificateInvalid] })

    expect((await send(t.app, jar, 'DELETE', `/api/offers/${id}`)).statusCode).toBe(204)
    expect(existsSync(fileOnDisk(urls[1]!))).toBe(false)
    expect(existsSync(fileOnDisk(urls[2]!))).toBe(false)
    expect(existsSync(certFile)).toBe(false)
    expect(existsSync(hostileFile)).toBe(false)
    expect(readdirSync(path.join(dataDir, 'uploads', 'listings', String(id)))).toEqual([])
  })
})
