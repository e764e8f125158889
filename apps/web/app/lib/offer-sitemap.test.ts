import { describe, expect, it } from 'vitest'
import { landingEntries, listingFileCount, robotsTxt, sitemapIndex, urlset } from './offer-sitemap'

describe('sitemap', () => {
  it('lists the landing pages of every category and its offer types', () => {
    const locs = landingEntries('https://x.pl').map((e) => e.loc)
    expect(locs).toContain('https://x.pl/nieruchomosci/mieszkanie/sprzedaz')
    expect(locs).toContain('https://x.pl/nieruchomosci/kamienica-dom/wynajem')
    // Parking is sold and rented only.
    expect(locs).not.toContain('https://x.pl/nieruchomosci/parking/oddam')
  })
  it('escapes XML', () => {
    expect(urlset([{ loc: 'https://x.pl/a?b=1&c=2' }])).toContain('a?b=1&amp;c=2')
    expect(sitemapIndex(['https://x.pl/s-1.xml'])).toContain('<sitemapindex')
  })
  it('splits listings into files', () => {
    expect(listingFileCount(0)).toBe(0)
    expect(listingFileCount(2400)).toBe(1)
    expect(listingFileCount(2401)).toBe(2)
  })
  it('keeps crawlers out of account pages and the API', () => {
    const r = robotsTxt('https://x.pl')
    expect(r).toMatch(/Disallow: \/api\//)
    expect(r).toMatch(/Disallow: \/moje-ogloszenia/)
    expect(r).toMatch(/Sitemap: https:\/\/x.pl\/sitemap.xml/)
  })
})
