// /sitemap.xml and /robots.txt texts. Listing pages come from GET /api/offers (active, newest first), read in API
// pages of 48; a sitemap file holds SITEMAP_PAGE listings, and beyond one file /sitemap.xml becomes an index.
import { VOIVODESHIPS } from '@portal/contracts/catalogue/voivodeships'
import { CATEGORIES, CITIES, OFFER_TYPES } from '@portal/contracts/catalogue'
import { pricePagePath } from '@portal/contracts/plain/prices'

/** Listings per sitemap file: 50 API pages of 48 (the protocol allows 50 000; smaller files are cheaper to build). */
export const SITEMAP_PAGE = 2400
export const API_PAGE = 48
/** At most this many listing files (protocol limit of an index: 50 000). */
export const MAX_FILES = 50_000

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

export interface UrlEntry { loc: string; lastmod?: string; changefreq?: string; priority?: string }

export function urlset(entries: UrlEntry[]): string {
  const body = entries.map((e) =>
    `<url><loc>${esc(e.loc)}</loc>${e.lastmod ? `<lastmod>${esc(e.lastmod.slice(0, 10))}</lastmod>` : ''}${e.changefreq ? `<changefreq>${e.changefreq}</changefreq>` : ''}${e.priority ? `<priority>${e.priority}</priority>` : ''}</url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

export function sitemapIndex(locs: string[]): string {
  const body = locs.map((l) => `<sitemap><loc>${esc(l)}</loc></sitemap>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
}

/** /nieruchomosci/{category}/{transaction} for every category × its offer types (services have their own page). */
export function landingEntries(origin: string): UrlEntry[] {
  const out: UrlEntry[] = [{ loc: `${origin}/`, changefreq: 'hourly', priority: '1.0' }]
  for (const o of OFFER_TYPES) out.push({ loc: `${origin}/nieruchomosci/${o.slug}`, changefreq: 'hourly', priority: '0.8' })
  for (const c of CATEGORIES) {
    if (c.slug === 'uslugi') continue
    for (const o of OFFER_TYPES) {
      if (c.offerTypes.includes(o.value)) out.push({ loc: `${origin}/nieruchomosci/${c.urlSlug}/${o.slug}`, changefreq: 'daily', priority: c.parentId ? '0.6' : '0.7' })
    }
  }
  // Voivodeships (decision 069): every transaction, and each main category's, in each of the 16.
  for (const v of VOIVODESHIPS) {
    for (const o of OFFER_TYPES) out.push({ loc: `${origin}/nieruchomosci/${o.slug}/${v.slug}`, changefreq: 'daily', priority: '0.6' })
    for (const c of CATEGORIES) {
      if (c.slug === 'uslugi' || c.parentId) continue
      for (const o of OFFER_TYPES) if (c.offerTypes.includes(o.value)) out.push({ loc: `${origin}/nieruchomosci/${c.urlSlug}/${o.slug}/${v.slug}`, changefreq: 'daily', priority: '0.5' })
    }
  }
  out.push({ loc: `${origin}/uslugi`, changefreq: 'daily', priority: '0.5' })
  // The directories of issue 10.
  for (const path of ['/agencje', '/deweloperzy', '/agencje?type=agents']) out.push({ loc: `${origin}${path}`, changefreq: 'daily', priority: '0.5' })
  // Market prices (issue 26): the index, every catalogue city and district.
  out.push({ loc: `${origin}/ceny-nieruchomosci`, changefreq: 'monthly', priority: '0.6' })
  out.push({ loc: `${origin}/wycena`, changefreq: 'monthly', priority: '0.5' })
  for (const c of CITIES) {
    out.push({ loc: `${origin}${pricePagePath(c.slug)}`, changefreq: 'monthly', priority: '0.6' })
    for (const d of c.districts) out.push({ loc: `${origin}${pricePagePath(c.slug, d.name)}`, changefreq: 'monthly', priority: '0.4' })
  }
  for (const path of CONTENT_PATHS) out.push({ loc: `${origin}${path}`, changefreq: path === '/blog' ? 'weekly' : 'monthly', priority: '0.4' })
  return out
}

/** The editorial pages (issue 12); the blog's articles are added from GET /api/blog. */
export const CONTENT_PATHS = ['/o-nas', '/faq', '/kontakt', '/blog'] as const

export function blogEntries(origin: string, posts: readonly { slug: string; published_at: string }[]): UrlEntry[] {
  return posts.map((p) => ({ loc: `${origin}/blog/${p.slug}`, lastmod: p.published_at, changefreq: 'monthly', priority: '0.5' }))
}

export function listingFileCount(total: number): number {
  return Math.min(MAX_FILES, Math.ceil(total / SITEMAP_PAGE))
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /moje-ogloszenia',
    'Disallow: /ustawienia-konta',
    'Disallow: /ulubione',
    'Disallow: /agenci',
    'Disallow: /faktury',
    'Disallow: /integracje',
    'Disallow: /account/',
    'Disallow: /dokoncz-rejestracje',
    'Disallow: /ustaw-haslo',
    'Disallow: /dodaj-ogloszenie?',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
