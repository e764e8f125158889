import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profilePageSchema, directoryResponseSchema, profilePath, profileIdOf } from '@portal/contracts/people'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { createUser } from './auth/test-support.ts'

/** Public profiles (GET /api/profile/{id}) and the directories (GET /api/agencies). */
describe('people: profiles and directories', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let agency: Awaited<ReturnType<typeof createUser>>
  let agent: Awaited<ReturnType<typeof createUser>>
  let developer: Awaited<ReturnType<typeof createUser>>
  let person: Awaited<ReturnType<typeof createUser>>

  beforeAll(async () => {
    t = await createTestApp()
    agency = await createUser(t.db, {
      email: 'biuro@example.com', name: 'Jan Właściciel', companyName: 'Biuro Łódzkie Domy', type: 'agency', roles: ['company'],
      nip: '5260001246', address: { city: 'Łódź', street: 'ul. Piotrkowska 1', zip_code: '90-001', country: 'Polska' },
      commission: { percent: 2.5, note: 'od ceny' }, services: ['Sprzedaż'], languages: ['polski'], description: 'Opis biura',
    })
    agent = await createUser(t.db, { email: 'agent@example.com', name: 'Adam Agent', roles: ['agent'], agencyId: agency.id, address: { city: 'Zgierz', street: null, zip_code: null, country: null } })
    developer = await createUser(t.db, { email: 'dev@example.com', name: 'X', companyName: 'Zielone Osiedla', type: 'developer', roles: ['company'], address: { city: 'Kraków', street: null, zip_code: null, country: null } })
    person = await createUser(t.db, { email: 'osoba@example.com', name: 'Ola Nowak' })
    const [a1, a2] = await insertListings(t.db, [{ price: 30_000_000, area: 40 }, { price: 90_000_000, area: 90, offerType: 'rent' }])
    const { listings } = await import('@portal/db')
    const { inArray } = await import('drizzle-orm')
    // Two listings of the agency, one of them by its agent; one expired (never counted or shown).
    await t.db.db.update(listings).set({ userId: agency.id }).where(inArray(listings.id, [a1!, a2!]))
    const { eq } = await import('drizzle-orm')
    await t.db.db.update(listings).set({ agentId: agent.id }).where(eq(listings.id, a2!))
    const [expired] = await insertListings(t.db, [{ expiresAt: new Date(Date.now() - 1000) }])
    await t.db.db.update(listings).set({ userId: agency.id }).where(eq(listings.id, expired!))
    const [d1, d2, d3] = await insertListings(t.db, [{}, {}, {}])
    await t.db.db.update(listings).set({ userId: developer.id }).where(inArray(listings.id, [d1!, d2!, d3!]))
  })
  afterAll(() => t.close())

  it('profile of a company: public fields only, its listings, its agents with their counts', async () => {
    const res = await t.app.inject(`/api/profile/${agency.id}`)
    expect(res.statusCode).toBe(200)
    const body = profilePageSchema.parse(res.json())
    expect(body.user).toMatchObject({
      id: agency.id, display_name: 'Biuro Łódzkie Domy', type: 'agency', city: 'Łódź', offers_count: 2,
      commission: { percent: 2.5, note: 'od ceny' }, profile_url: `/profil/${agency.id}-biuro-lodzkie-domy`, agency: null,
    })
    expect(body.offers.total).toBe(2)
    expect(body.offers.data).toHaveLength(2)
    expect(body.agents).toEqual([{ id: agent.id, name: 'Adam Agent', avatar: null, offers_count: 1, profile_url: `/profil/${agent.id}-adam-agent` }])
    for (const secret of ['biuro@example.com', '5260001246', 'Piotrkowska', '90-001', '600 100 200']) expect(res.body).not.toContain(secret)
  })

  it('profile listings take the /szukaj filters, sorts and paging', async () => {
    const rent = (await t.app.inject(`/api/profile/${agency.id}?typ=wynajem`)).json()
    expect(rent.offers.total).toBe(1)
    expect(rent.offers.data[0].offer_type).toBe('rent')
    const cheap = (await t.app.inject(`/api/profile/${agency.id}?cena[max]=400000`)).json()
    expect(cheap.offers.data.map((o: { price: number }) => o.price)).toEqual([30_000_000])
    const big = (await t.app.inject(`/api/profile/${agency.id}?metraz[min]=60`)).json()
    expect(big.offers.data.map((o: { area: number }) => o.area)).toEqual([90])
    const asc = (await t.app.inject(`/api/profile/${agency.id}?sort=price_asc`)).json()
    expect(asc.offers.data.map((o: { price: number }) => o.price)).toEqual([30_000_000, 90_000_000])
    const desc = (await t.app.inject(`/api/profile/${agency.id}?sort=price_desc`)).json()
    expect(desc.offers.data.map((o: { price: number }) => o.price)).toEqual([90_000_000, 30_000_000])
    const page2 = (await t.app.inject(`/api/profile/${agency.id}?page=2`)).json()
    expect(page2.offers).toMatchObject({ page: 2, total: 2, data: [], last_page: 1 })
  })

  it('a profile lists newest first without pinning the promoted ones; the promoted card keeps its badge', async () => {
    const { listings } = await import('@portal/db')
    const { eq } = await import('drizzle-orm')
    const before = (await t.app.inject(`/api/profile/${developer.id}`)).json().offers.data as Array<{ id: number; is_promoted: boolean }>
    const oldest = before.at(-1)!.id
    await t.db.db.update(listings).set({ isPromoted: true, promotedUntil: new Date(Date.now() + 86_400_000) }).where(eq(listings.id, oldest))
    const after = (await t.app.inject(`/api/profile/${developer.id}`)).json().offers.data as Array<{ id: number; is_promoted: boolean }>
    expect(after.map((o) => o.id)).toEqual(before.map((o) => o.id))
    expect(after.at(-1)).toMatchObject({ id: oldest, is_promoted: true })
  })

  it('profile of an agent names the company and counts the listings naming them', async () => {
    const body = (await t.app.inject(`/api/profile/${agent.id}-adam-agent`)).json()
    expect(body.user).toMatchObject({ type: 'agent', display_name: 'Adam Agent', offers_count: 1,
      agency: { id: agency.id, name: 'Biuro Łódzkie Domy', profile_url: `/profil/${agency.id}-biuro-lodzkie-domy` } })
    expect(body.agents).toEqual([])
    expect(body.user.commission).toBeNull()
  })

  it('404 unknown, malformed or not activated; 410 deleted', async () => {
    expect((await t.app.inject('/api/profile/99999')).statusCode).toBe(404)
    expect((await t.app.inject('/api/profile/abc')).statusCode).toBe(404)
    const inactive = await createUser(t.db, { email: 'nie@example.com', emailVerifiedAt: null })
    expect((await t.app.inject(`/api/profile/${inactive.id}`)).statusCode).toBe(404)
    const gone = await createUser(t.db, { email: 'byl@example.com', deletedAt: new Date() })
    const res = await t.app.inject(`/api/profile/${gone.id}`)
    expect(res.statusCode).toBe(410)
    expect(res.json().code).toBe('gone')
  })

  it('directories: agencies, developers, agents; search by name and by city (diacritics folded); sorts; paging', async () => {
    const get = async (q: string) => directoryResponseSchema.parse((await t.app.inject(`/api/agencies${q}`)).json())
    const agencies = await get('')
    expect(agencies.data.map((d) => d.id)).toEqual([agency.id])
    expect(agencies.data[0]).toMatchObject({ name: 'Biuro Łódzkie Domy', city: 'Łódź', offers_count: 2, type: 'agency' })
    expect((await get('?type=developers')).data).toEqual([expect.objectContaining({ id: developer.id, name: 'Zielone Osiedla', offers_count: 3 })])
    const agents = await get('?type=agents')
    expect(agents.data).toEqual([expect.objectContaining({ id: agent.id, offers_count: 1, agency: { id: agency.id, name: 'Biuro Łódzkie Domy', profile_url: `/profil/${agency.id}-biuro-lodzkie-domy` } })])
    // City: 'lodz' finds 'Łódź'; an agent is found by their company's city too.
    expect((await get('?city=lodz')).total).toBe(1)
    expect((await get('?city=Łódź, łódzkie')).total).toBe(1)
    expect((await get('?city=Kraków')).total).toBe(0)
    expect((await get('?type=agents&city=Łódź')).total).toBe(1)
    expect((await get('?type=agents&city=Zgierz')).total).toBe(1)
    expect((await get('?q=lodzkie')).total).toBe(1)
    expect((await get('?q=nic takiego')).total).toBe(0)
    // Sort by name or by listings; private persons are in no directory.
    const other = await createUser(t.db, { email: 'a2@example.com', companyName: 'Agencja Alfa', type: 'agency', roles: ['company'] })
    expect((await get('?sort=name')).data.map((d) => d.id)).toEqual([other.id, agency.id])
    expect((await get('?sort=listings')).data.map((d) => d.id)).toEqual([agency.id, other.id])
    expect(JSON.stringify(await get('?type=agents'))).not.toContain(String(person.email))
    expect((await t.app.inject('/api/agencies?type=x')).statusCode).toBe(422)
    expect((await t.app.inject('/api/agencies?page=0')).statusCode).toBe(422)
  })

  it('profile paths: readable slug, id parsed back', () => {
    expect(profilePath(12, 'Biuro Nieruchomości „Żuraw” Sp. z o.o.')).toBe('/profil/12-biuro-nieruchomosci-zuraw-sp-z-o-o')
    expect(profilePath(3, '***')).toBe('/profil/3')
    expect(profileIdOf('12-biuro')).toBe(12)
    expect(profileIdOf('12')).toBe(12)
    expect(profileIdOf('biuro-12')).toBeNull()
  })
})
