import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { bombPng } from '../../../test/image-fixtures.ts'
import { count, eq } from 'drizzle-orm'
import { listings, mailOutbox, sessions, users } from '@portal/db'
import { USER_MESSAGES } from '@portal/contracts/user'
import { createTestApp, form, insertListings, startSession, upload } from '../../../test/helpers.ts'
import { createUser, login, PASSWORD, send, type Jar } from '../auth/test-support.ts'
import { heicClaimingSize, heicPhoto } from '../../../test/heic-fixtures.ts'

type T = Awaited<ReturnType<typeof createTestApp>>


const uploadAvatar = (t: T, jar: Jar, body: ReturnType<typeof form>) => upload(t.app, jar, '/api/user/avatar', body)


describe('user API: profile, avatars, account, public profile', () => {
  let t: T
  let user: Awaited<ReturnType<typeof createUser>>
  let jar: Jar
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    user = await createUser(t.db, { email: 'profil@example.com', name: 'Ewa Profil' })
    jar = await login(t.app, user.email)
  })
  afterAll(async () => { await t.close() })

  it('GET /api/user: 200 for the owner, 401 for guests', async () => {
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: jar.cookie } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ id: user.id, email: 'profil@example.com', avatar: null, default_avatar: null })
    const guest = await t.app.inject({ url: '/api/user' })
    expect(guest.statusCode).toBe(401)
    expect(guest.json()).toEqual({ error: 'Zaloguj się, aby mieć dostęp do tej strony', message: 'Zaloguj się, aby mieć dostęp do tej strony', code: 'unauthenticated' })
  })

  it('PUT /api/user/profile: NIP checksum, zip, lengths, per-field 422; 200 profile; omitted fields kept', async () => {
    const bad = await send(t.app, jar, 'PUT', '/api/user/profile', {
      name: '', phone: 'abc', nip: '1234567890', address: { zip_code: '12345', city: 'x'.repeat(101) },
      company_name: 'y'.repeat(151), description: 'z'.repeat(5001),
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({
      name: [USER_MESSAGES.nameRequired],
      phone: [USER_MESSAGES.phoneInvalid],
      nip: [USER_MESSAGES.nipInvalid],
      'address.zip_code': [USER_MESSAGES.zipInvalid],
      'address.city': [USER_MESSAGES.cityTooLong],
      company_name: [USER_MESSAGES.companyNameTooLong],
      description: [USER_MESSAGES.descriptionTooLong],
    })
    expect(bad.json().errors.nip).toEqual(['Niepoprawny numer NIP'])
    expect(bad.json().errors['address.zip_code']).toEqual(['Niepoprawny kod pocztowy'])
    const ok = await send(t.app, jar, 'PUT', '/api/user/profile', {
      name: '  Ewa Nowa ', phone: '+48 601 222 333', nip: '526-000-12-46', address: { city: 'Kraków', street: 'ul. Długa 1', zip_code: '31-147', country: 'Polska' },
      company_name: 'Ewa Sp. z o.o.', description: 'Opis <b>firmy</b>',
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      name: 'Ewa Nowa', phone: '+48 601 222 333', nip: '5260001246', company_name: 'Ewa Sp. z o.o.', description: 'Opis <b>firmy</b>',
      address: { city: 'Kraków', street: 'ul. Długa 1', zip_code: '31-147', country: 'Polska' },
    })
    const partial = await send(t.app, jar, 'PUT', '/api/user/profile', { name: 'Ewa', address: { street: '' }, nip: null })
    expect(partial.json()).toMatchObject({ name: 'Ewa', phone: '+48 601 222 333', nip: null,
      address: { city: 'Kraków', street: null, zip_code: '31-147', country: 'Polska' } })
  })

  it('PATCH /api/user/profile/newsletter: toggles without a value, sets with one', async () => {
    const a = await send(t.app, jar, 'PATCH', '/api/user/profile/newsletter', {})
    expect(a.json()).toEqual({ newsletter: true })
    const b = await send(t.app, jar, 'PATCH', '/api/user/profile/newsletter')
    expect(b.json()).toEqual({ newsletter: false })
    const c = await send(t.app, jar, 'PATCH', '/api/user/profile/newsletter', { newsletter: true })
    expect(c.json()).toEqual({ newsletter: true })
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: jar.cookie } })).json().newsletter).toBe(true)
  })

  it('services, languages, commission: company only (403 for others), validated, 200 profile', async () => {
    const denied = await send(t.app, jar, 'POST', '/api/user/profile/updateServices', { services: ['Wycena'] })
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toEqual({ error: USER_MESSAGES.companyOnly, message: USER_MESSAGES.companyOnly, code: 'forbidden' })
    const company = await createUser(t.db, { email: 'firma@example.com', type: 'agency', roles: ['company'] })
    const cj = await login(t.app, company.email)
    const s = await send(t.app, cj, 'POST', '/api/user/profile/updateServices', { services: ['Wycena', ' Home staging ', 'wycena'] })
    expect(s.statusCode).toBe(200)
    expect(s.json().services).toEqual(['Wycena', 'Home staging'])
    const tooMany = await send(t.app, cj, 'POST', '/api/user/profile/updateServices', { services: Array.from({ length: 31 }, (_, i) => `u${i}`) })
    expect(tooMany.json().errors.services).toEqual([USER_MESSAGES.servicesTooMany])
    const long = await send(t.app, cj, 'POST', '/api/user/profile/updateServices', { services: ['x'.repeat(81)] })
    expect(long.json().errors['services.0']).toEqual([USER_MESSAGES.serviceInvalid])
    const l = await send(t.app, cj, 'POST', '/api/user/profile/updateLanguages', { languages: ['polski', 'en', 'język migowy'] })
    expect(l.json().languages).toEqual(['polski', 'en', 'język migowy'])
    const lBad = await send(t.app, cj, 'POST', '/api/user/profile/updateLanguages', { languages: ['<script>'] })
    expect(lBad.json().errors['languages.0']).toEqual([USER_MESSAGES.languageInvalid])
    const c = await send(t.app, cj, 'POST', '/api/user/profile/updateCommission', { commission: { percent: 2.5, note: 'od ceny netto' } })
    expect(c.json().commission).toEqual({ percent: 2.5, note: 'od ceny netto' })
    const cBad = await send(t.app, cj, 'POST', '/api/user/profile/updateCommission', { commission: { percent: 25 } })
    expect(cBad.json().errors['commission.percent']).toEqual([USER_MESSAGES.commissionPercent])
    expect((await send(t.app, cj, 'POST', '/api/user/profile/updateCommission', { commission: null })).json().commission).toBeNull()
    expect((await send(t.app, jar, 'POST', '/api/user/profile/updateLanguages', { languages: [] })).statusCode).toBe(403)
    expect((await send(t.app, jar, 'POST', '/api/user/profile/updateCommission', { commission: null })).statusCode).toBe(403)
  })

  it('avatar: a real PNG named .txt is accepted, re-encoded to WebP 400/96, EXIF stripped, served from /uploads', async () => {
    const withExif = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d33' } })
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 52.1 21.0' } }).png().toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeTruthy()
    const res = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'notatki.txt', type: 'text/plain', data: withExif }))
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p.avatar).toMatch(new RegExp(`^/uploads/avatars/${user.id}/[\\w-]+/400\\.webp$`))
    expect(p.default_avatar).toBe('avatar')
    const file = await t.app.inject({ url: p.avatar })
    expect(file.statusCode).toBe(200)
    const meta = await sharp(file.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400])
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    const small = await sharp((await t.app.inject({ url: p.avatar.replace('400.webp', '96.webp') })).rawPayload).metadata()
    expect([small.width, small.height]).toEqual([96, 96])

    // A new one replaces the old file.
    const jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#3d3' } })
      .withExif({ IFD0: { Orientation: '6' } }).jpeg().toBuffer()
    const res2 = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }))
    expect(res2.statusCode).toBe(200)
    const oldDir = path.join(t.app.env.DATA_DIR, path.dirname(p.avatar))
    expect(existsSync(oldDir)).toBe(false)
    expect(existsSync(path.join(t.app.env.DATA_DIR, res2.json().avatar))).toBe(true)
  })

  it('avatar: an iPhone HEIC is accepted (WebP 400/96, EXIF dropped); a truncated one or one claiming 400 Mpx → 422', async () => {
    const heic = heicPhoto()
    const res = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'IMG_0001.HEIC', type: 'image/heic', data: heic }))
    expect(res.statusCode).toBe(200)
    const file = await t.app.inject({ url: res.json().avatar })
    expect(file.statusCode).toBe(200)
    const meta = await sharp(file.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 400, 400, undefined])
    expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false)
    const cut = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'a.heic', type: 'image/heic', data: heic.subarray(0, 712) }))
    expect(cut.statusCode).toBe(422)
    expect(cut.json().errors).toEqual({ file: [USER_MESSAGES.avatarNotImage] })
    const bomb = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'b.heic', type: 'image/heic', data: heicClaimingSize(heic, 20_000, 20_000) }))
    expect(bomb.statusCode).toBe(422)
    expect(bomb.json().errors).toEqual({ file: [USER_MESSAGES.avatarTooManyPixels] })
  })

  it('avatar: text renamed .png, > 5 MB, a 20000×20000 bomb, no file, wrong type are refused', async () => {
    const text = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'zdjecie.png', type: 'image/png', data: Buffer.from('to nie jest obraz '.repeat(50)) }))
    expect(text.statusCode).toBe(422)
    expect(text.json().errors).toEqual({ file: [USER_MESSAGES.avatarNotImage] })
    const svg = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'a.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') }))
    expect(svg.statusCode).toBe(422)
    const big = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }))
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ error: USER_MESSAGES.avatarTooLarge, message: USER_MESSAGES.avatarTooLarge, code: 'file_too_large' })
    const bomb = await bombPng()
    expect(bomb.length).toBeLessThan(1000)
    const b = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }, { name: 'bomb.png', type: 'image/png', data: bomb }))
    expect(b.statusCode).toBe(422)
    expect(b.json().errors).toEqual({ file: [USER_MESSAGES.avatarTooManyPixels] })
    const none = await uploadAvatar(t, jar, form({ avatar_type: 'avatar' }))
    expect(none.json().errors).toEqual({ file: [USER_MESSAGES.avatarFileRequired] })
    const type = await uploadAvatar(t, jar, form({ avatar_type: 'photo' }))
    expect(type.json().errors).toEqual({ avatar_type: [USER_MESSAGES.avatarTypeInvalid] })
  })

  it('video avatar (YouTube/Vimeo link), default avatar, DELETE avatar removes the file', async () => {
    const bad = await uploadAvatar(t, jar, form({ avatar_type: 'video_avatar', url: 'https://evil.example.com/watch?v=dQw4w9WgXcQ' }))
    expect(bad.json().errors).toEqual({ url: [USER_MESSAGES.videoUrlInvalid] })
    const yt = await uploadAvatar(t, jar, form({ avatar_type: 'video_avatar', url: 'https://youtu.be/dQw4w9WgXcQ' }))
    expect(yt.statusCode).toBe(200)
    expect(yt.json().video_avatar).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    const vimeo = await send(t.app, jar, 'POST', '/api/user/avatar', { avatar_type: 'video_avatar', url: 'https://vimeo.com/76979871' })
    expect(vimeo.json().video_avatar).toBe('https://vimeo.com/76979871')
    const def = await send(t.app, jar, 'PUT', '/api/user/default-avatar', { default_avatar: 'video_avatar' })
    expect(def.json().default_avatar).toBe('video_avatar')
    const avatarUrl = def.json().avatar as string
    const del = await send(t.app, jar, 'DELETE', '/api/user/avatar?avatar_type=avatar')
    expect(del.statusCode).toBe(200)
    expect(del.json()).toMatchObject({ avatar: null, default_avatar: 'video_avatar' })
    expect(existsSync(path.join(t.app.env.DATA_DIR, path.dirname(avatarUrl)))).toBe(false)
    const missing = await send(t.app, jar, 'PUT', '/api/user/default-avatar', { default_avatar: 'avatar' })
    expect(missing.json().errors).toEqual({ default_avatar: [USER_MESSAGES.defaultAvatarMissing] })
    const delVideo = await send(t.app, jar, 'DELETE', '/api/user/avatar?avatar_type=video_avatar')
    expect(delVideo.json()).toMatchObject({ video_avatar: null, default_avatar: null })
    expect((await send(t.app, jar, 'DELETE', '/api/user/avatar?avatar_type=x')).statusCode).toBe(422)
  })

  it('phone reveal: 200 {phone}, 404 unknown; public and own profile', async () => {
    const g = await startSession(t.app)
    const ph = await send(t.app, g, 'POST', `/api/user/${user.id}/phone`, {})
    expect(ph.statusCode).toBe(200)
    expect(ph.json()).toEqual({ phone: '+48 601 222 333' })
    expect((await send(t.app, g, 'POST', '/api/user/999999/phone', {})).statusCode).toBe(404)

    await insertListings(t.db, [{}])
    const [owner] = await t.db.db.select().from(listings).limit(1)
    await t.db.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner!.userId))
    const pub = await t.app.inject({ url: `/api/profile/${owner!.userId}` })
    expect(pub.statusCode).toBe(200)
    expect(Object.keys(pub.json()).sort()).toEqual(['agents', 'offers', 'user'])
    expect(pub.json().user.offers_count).toBe(1)
    const mine = await t.app.inject({ url: `/api/profile/${user.id}` })
    expect(mine.body).not.toContain('profil@example.com')
    expect(mine.body).not.toContain('5260001246')
    expect(mine.body).not.toContain('601 222 333')
    expect(mine.json().user.city).toBe('Kraków')
    expect(mine.body).not.toContain('31-147')
    expect((await t.app.inject({ url: '/api/profile/999999' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/profile/abc' })).statusCode).toBe(404)
    const unverified = await createUser(t.db, { email: 'nv@example.com', emailVerifiedAt: null })
    expect((await t.app.inject({ url: `/api/profile/${unverified.id}` })).statusCode).toBe(404)
    const deleted = await createUser(t.db, { email: 'del@example.com', deletedAt: new Date() })
    expect((await t.app.inject({ url: `/api/profile/${deleted.id}` })).statusCode).toBe(410)

    const own = await t.app.inject({ url: `/api/my-profile/${user.id}`, headers: { cookie: jar.cookie } })
    expect(own.statusCode).toBe(200)
    expect(own.json().email).toBe('profil@example.com')
    const other = await t.app.inject({ url: `/api/my-profile/${owner!.userId}`, headers: { cookie: jar.cookie } })
    expect(other.statusCode).toBe(403)
    expect(other.json().code).toBe('forbidden')
    expect((await t.app.inject({ url: `/api/my-profile/${user.id}` })).statusCode).toBe(401)
  })

  it('phone reveal is throttled per IP', async () => {
    const t2 = await createTestApp({ CAPTCHA: 'off' })
    try {
      const u = await createUser(t2.db, { email: 'tel@example.com' })
      const g = await startSession(t2.app)
      for (let i = 0; i < 30; i++) expect((await send(t2.app, g, 'POST', `/api/user/${u.id}/phone`, {})).statusCode).toBe(200)
      const r = await send(t2.app, g, 'POST', `/api/user/${u.id}/phone`, {})
      expect(r.statusCode).toBe(429)
      expect(r.headers['retry-after']).toBeTruthy()
    } finally {
      await t2.close()
    }
  })

  it('CSRF: every state-changing user call without the header → 419', async () => {
    const calls: Array<[string, string]> = [
      ['PUT', '/api/user/profile'], ['PATCH', '/api/user/profile/newsletter'], ['DELETE', '/api/user'],
      ['POST', '/api/user/avatar'], ['DELETE', '/api/user/avatar?avatar_type=avatar'], ['PUT', '/api/user/default-avatar'],
      ['POST', `/api/user/${user.id}/phone`], ['POST', '/api/user/profile/updateServices'],
      ['POST', '/api/user/profile/updateLanguages'], ['POST', '/api/user/profile/updateCommission'],
    ]
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: { cookie: jar.cookie }, payload: {} })
      expect(res.statusCode, `${method} ${url}`).toBe(419)
    }
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: jar.cookie } })).statusCode).toBe(200)
  })

  it('DELETE /api/user: 422 wrong password; 204 deletes user, sessions, listings, avatar files; mails a confirmation', async () => {
    const u = await createUser(t.db, { email: 'bye@example.com', name: 'Do Widzenia' })
    await t.db.db.update(listings).set({ userId: u.id })
    const j = await login(t.app, u.email)
    const other = await login(t.app, u.email)
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00f' } }).png().toBuffer()
    const av = (await uploadAvatar(t, j, form({ avatar_type: 'avatar' }, { name: 'a.png', type: 'image/png', data: png }))).json().avatar
    // No body (spec §7 shows no payload): the password field's own message, not 'Wartość musi być obiektem'.
    const bare = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: j.cookie, 'x-xsrf-token': j.xsrf } })
    expect(bare.statusCode).toBe(422)
    expect(bare.json().errors).toEqual({ password: ['Wpisz hasło'] })
    const wrong = await send(t.app, j, 'DELETE', '/api/user', { password: 'Zle12345' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors).toEqual({ password: ['Niepoprawne hasło'] })
    const ok = await send(t.app, j, 'DELETE', '/api/user', { password: PASSWORD })
    expect(ok.statusCode).toBe(204)
    expect(await t.db.db.select().from(users).where(eq(users.id, u.id))).toEqual([])
    const [{ n }] = await t.db.db.select({ n: count() }).from(listings).where(eq(listings.userId, u.id))
    expect(n).toBe(0)
    const [{ s }] = await t.db.db.select({ s: count() }).from(sessions).where(eq(sessions.userId, u.id))
    expect(s).toBe(0)
    expect(existsSync(path.join(t.app.env.DATA_DIR, av))).toBe(false)
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: other.cookie } })).statusCode).toBe(401)
    const [mail] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bye@example.com'))
    expect(mail!.subject).toBe('Potwierdzenie usunięcia konta')
    expect(mail!.html).toContain('Do Widzenia')
  })
})
