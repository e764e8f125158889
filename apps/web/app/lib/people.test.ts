import { describe, expect, it } from 'vitest'
import type { PublicPerson } from '@portal/contracts/people'
import { directoryPath, listingsCount, profileJsonLd } from './people'

const base: PublicPerson = {
  id: 7, name: 'Jan Nowak', display_name: 'Biuro Nowak', type: 'agency', avatar: '/uploads/avatars/7/x/400.webp', video_avatar: null,
  company_name: 'Biuro Nowak', description: 'Opis', services: ['Sprzedaż'], languages: ['polski'], commission: null, city: 'Gdańsk',
  created_at: '2025-01-01T00:00:00.000Z', offers_count: 3, profile_url: '/profil/7-biuro-nowak', agency: null,
}

describe('people texts', () => {
  it('Polish plurals of listing counts', () => {
    expect(listingsCount(1)).toBe('1 ogłoszenie')
    expect(listingsCount(3)).toBe('3 ogłoszenia')
    expect(listingsCount(12)).toBe('12 ogłoszeń')
    expect(listingsCount(22)).toBe('22 ogłoszenia')
  })
  it('directory addresses', () => {
    expect(directoryPath('agencies')).toBe('/agencje')
    expect(directoryPath('developers')).toBe('/deweloperzy')
    expect(directoryPath('agents')).toBe('/agencje?type=agents')
  })
  it('JSON-LD: RealEstateAgent for a company, Person working for it for an agent', () => {
    expect(profileJsonLd(base, 'https://dazu.pl')).toMatchObject({
      '@type': 'RealEstateAgent', name: 'Biuro Nowak', url: 'https://dazu.pl/profil/7-biuro-nowak',
      image: 'https://dazu.pl/uploads/avatars/7/x/400.webp', address: { addressLocality: 'Gdańsk', addressCountry: 'PL' },
    })
    const agent = profileJsonLd({ ...base, type: 'agent', display_name: 'Jan Nowak', agency: { id: 1, name: 'Biuro', avatar: null, profile_url: '/profil/1-biuro' } }, 'https://dazu.pl')
    expect(agent).toMatchObject({ '@type': 'Person', worksFor: { '@type': 'RealEstateAgent', url: 'https://dazu.pl/profil/1-biuro' } })
  })
})
