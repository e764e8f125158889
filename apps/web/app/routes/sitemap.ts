import type { BlogList } from '@portal/contracts/content'
import type { ListingSummary } from '@portal/contracts/listing'
import { serverJson } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { API_PAGE, blogEntries, landingEntries, listingFileCount, SITEMAP_PAGE, sitemapIndex, urlset, type UrlEntry } from '~/lib/offer-sitemap'
import type { Route } from './+types/sitemap'

interface OffersPage { data: ListingSummary[]; total: number; last_page: number }
interface ProfilesPage { data: { path: string; updated_at: string }[]; total: number; last_page: number }

/** Public profiles of sitemap file `n` (GET /api/profiles page n). */
async function profileEntries(context: Route.LoaderArgs['context'], origin: string, n: number): Promise<UrlEntry[]> {
  const page = await serverJson<ProfilesPage>(context, `/api/profiles?page=${n}`)
  return (page?.data ?? []).map((p) => ({ loc: `${origin}${p.path}`, lastmod: p.updated_at, changefreq: 'weekly', priority: '0.5' }))
}

/** Landing pages, the editorial pages and every published blog article (read 100 at a time). */
async function siteEntries(context: Route.LoaderArgs['context'], origin: string): Promise<UrlEntry[]> {
  const out = landingEntries(origin)
  for (let p = 1; p <= 100; p++) {
    const page = await serverJson<BlogList>(context, `/api/blog?limit=100&page=${p}`)
    if (!page?.data.length) break
    out.push(...blogEntries(origin, page.data))
    if (p >= page.last_page) break
  }
  // Investments (issue 27): the list and every investment's page.
  out.push({ loc: `${origin}/inwestycje`, changefreq: 'daily', priority: '0.6' })
  for (let p = 1; p <= 100; p++) {
    const page = await serverJson<{ data: { slug: string }[]; last_page: number }>(context, `/api/investments?page=${p}`)
    if (!page?.data.length) break
    for (const inv of page.data) out.push({ loc: `${origin}/inwestycje/${inv.slug}`, changefreq: 'daily', priority: '0.6' })
    if (p >= page.last_page) break
  }
  return out
}

const xml = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })

/** Listing URLs of sitemap file `n` (1-based): API pages ((n-1)·50 + 1) … n·50. */
async function listingEntries(context: Route.LoaderArgs['context'], origin: string, n: number): Promise<UrlEntry[]> {
  const per = SITEMAP_PAGE / API_PAGE
  const first = (n - 1) * per + 1
  const out: UrlEntry[] = []
  for (let p = first; p < first + per; p++) {
    const page = await serverJson<OffersPage>(context, `/api/offers?limit=${API_PAGE}&page=${p}`)
    if (!page?.data?.length) break
    for (const l of page.data) out.push({ loc: `${origin}/ogloszenia/${l.slug}`, lastmod: l.created_at, changefreq: 'weekly', priority: '0.6' })
    if (p >= page.last_page) break
  }
  return out
}

/**
 * /sitemap.xml: one urlset (landing pages + listings) while the listings fit one file; beyond that an index of
 * /sitemap/landing.xml and /sitemap/offers-{n}.xml. /sitemap/{file}.xml serves those files.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const origin = publicOrigin(request)
  const file = params.file
  if (file === 'landing.xml') return xml(urlset(await siteEntries(context, origin)))
  if (file) {
    const pm = /^profiles-(\d{1,5})\.xml$/.exec(file)
    if (pm) return xml(urlset(await profileEntries(context, origin, Number(pm[1]))))
    const m = /^offers-(\d{1,6})\.xml$/.exec(file)
    if (!m) return xml(urlset([]), 404)
    return xml(urlset(await listingEntries(context, origin, Number(m[1]))))
  }
  const [head, profiles] = await Promise.all([
    serverJson<OffersPage>(context, '/api/offers?limit=1'),
    serverJson<ProfilesPage>(context, '/api/profiles?page=1'),
  ])
  const files = listingFileCount(head?.total ?? 0)
  const profileFiles = profiles?.last_page ?? 0
  if (files <= 1 && profileFiles <= 1) {
    const people = (profiles?.data ?? []).map((p) => ({ loc: `${origin}${p.path}`, lastmod: p.updated_at, changefreq: 'weekly', priority: '0.5' }))
    return xml(urlset([...(await siteEntries(context, origin)), ...people, ...(files ? await listingEntries(context, origin, 1) : [])]))
  }
  return xml(sitemapIndex([
    `${origin}/sitemap/landing.xml`,
    ...Array.from({ length: profileFiles }, (_, i) => `${origin}/sitemap/profiles-${i + 1}.xml`),
    ...Array.from({ length: files }, (_, i) => `${origin}/sitemap/offers-${i + 1}.xml`),
  ]))
}
