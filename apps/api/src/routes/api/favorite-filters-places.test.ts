import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailOutbox, savedSearches } from '@portal/db'
import { createTestApp } from '../../test/helpers.ts'
import { alertContext, makeAlertDue, publishListings } from '../../test/alerts.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'
import { runAlerts } from '../../lib/saved-searches/alerts.ts'

/** A saved search keeps its places (`lokalizacje`, decision 069): named by label, alerts for a listing inside only. */
describe('saved searches with several places', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let jar: Jar
  let ownerId: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off', PUBLIC_URL: 'https://portal.test' })
    jar = await login(t.app, (await createUser(t.db, { email: 'miejsca@example.com' })).email)
    ownerId = (await createUser(t.db, { email: 'wlasciciel@example.com' })).id
  })
  afterAll(async () => { await t?.close() })

  it('keeps lokalizacje, names the places, and alerts for a listing in Sopot but not in Gdańsk', async () => {
    const created = await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: 'typ=sprzedaz&lokalizacje=2264011,2262011', period: 0, notification: true })
    expect(created.statusCode).toBe(201)
    expect(created.json().name).toBe('Nieruchomości na sprzedaż, Sopot, Gdynia')
    const [row] = await t.db.db.select().from(savedSearches).where(eq(savedSearches.id, created.json().id))
    expect(row!.filters).toEqual({ typ: 'sprzedaz', lokalizacje: '2264011,2262011' })
    const listed = (await t.app.inject({ url: '/api/favorite-filters', headers: { cookie: jar.cookie } })).json().data[0]
    expect(listed.params).toEqual(['Rodzaj: Sprzedaż', 'Lokalizacje: Sopot, Gdynia'])
    expect(listed.url).toBe('/szukaj?typ=sprzedaz&lokalizacje=2264011%2C2262011')

    await makeAlertDue(t, row!.id)
    await publishListings(t, [
      { userId: ownerId, title: 'Przy molo w Sopocie', city: 'Sopot', citySlug: 'sopot', lat: 54.4418, lon: 18.5601 },
      { userId: ownerId, title: 'Na Starym Mieście w Gdańsku', city: 'Gdańsk', citySlug: 'gdansk', lat: 54.3489, lon: 18.6532 },
    ])
    expect(await runAlerts(alertContext(t))).toBe(1)
    const [mail] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'miejsca@example.com'))
    expect(mail!.html).toContain('Przy molo w Sopocie')
    expect(mail!.html).not.toContain('Na Starym Mieście w Gdańsku')
  })

  it('422 for an unknown place, as GET /api/search answers', async () => {
    const res = await send(t.app, jar, 'POST', '/api/favorite-filters', { filters: 'lokalizacje=atlantyda' })
    expect(res.statusCode).toBe(422)
    expect(JSON.stringify(res.json())).toContain('Nieznana lokalizacja: atlantyda.')
  })
})
