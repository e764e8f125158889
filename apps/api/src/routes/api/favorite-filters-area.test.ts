import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailOutbox, savedSearches } from '@portal/db'
import { encodeArea } from '@portal/contracts/search'
import { createTestApp } from '../../test/helpers.ts'
import { alertContext, makeAlertDue, publishListings } from '../../test/alerts.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'
import { runAlerts } from '../../lib/saved-searches/alerts.ts'

/** A saved search keeps its drawn area and map view (issue 25): the alert mails a new listing inside, none outside. */
describe('saved searches with a drawn area', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let jar: Jar
  let ownerId: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off', PUBLIC_URL: 'https://portal.test' })
    jar = await login(t.app, (await createUser(t.db, { email: 'obszar@example.com' })).email)
    ownerId = (await createUser(t.db, { email: 'wlasciciel@example.com' })).id
  })
  afterAll(async () => { await t?.close() })

  it('keeps obszar and mapa, names them, and alerts for a listing inside the area only', async () => {
    // A triangle over central Kraków; its box also holds the listing 'outside' (in the triangle's missing half).
    const area = encodeArea([[50.03, 19.9], [50.09, 19.9], [50.03, 20.0]])
    const created = await send(t.app, jar, 'POST', '/api/favorite-filters', {
      filters: `typ=sprzedaz&obszar=${encodeURIComponent(area)}&mapa=19.8,50.0,20.1,50.1&sortuj=price_asc`, period: 0, notification: true,
    })
    expect(created.statusCode).toBe(201)
    const [row] = await t.db.db.select().from(savedSearches).where(eq(savedSearches.id, created.json().id))
    expect(row!.filters).toEqual({ typ: 'sprzedaz', mapa: '19.8,50,20.1,50.1', 'obszar[0]': area })
    const listed = (await t.app.inject({ url: '/api/favorite-filters', headers: { cookie: jar.cookie } })).json().data[0]
    expect(listed.params).toEqual(['Rodzaj: Sprzedaż', 'Obszar: widoczny fragment mapy', 'Obszar: narysowany na mapie'])
    expect(listed.url).toBe(`/szukaj?typ=sprzedaz&mapa=19.8%2C50%2C20.1%2C50.1&${new URLSearchParams({ 'obszar[0]': area })}`)

    await makeAlertDue(t, row!.id)
    await publishListings(t, [
      { userId: ownerId, title: 'W obszarze', city: 'Kraków', citySlug: 'krakow', lat: 50.04, lon: 19.92 },
      { userId: ownerId, title: 'Poza obszarem', city: 'Kraków', citySlug: 'krakow', lat: 50.08, lon: 19.98 },
    ])
    expect(await runAlerts(alertContext(t))).toBe(1)
    const [mail] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'obszar@example.com'))
    expect(mail!.html).toContain('W obszarze')
    expect(mail!.html).not.toContain('Poza obszarem')
  })

  it('422 for an area that crosses itself, as GET /api/search answers', async () => {
    const bow = encodeArea([[50.0, 19.9], [50.1, 20.0], [50.1, 19.9], [50.0, 20.0]])
    const res = await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: `obszar=${encodeURIComponent(bow)}` })
    expect(res.statusCode).toBe(422)
    expect(JSON.stringify(res.json())).toContain('Granice obszaru nie mogą się przecinać.')
  })
})
