import type { ListingSummary } from '@portal/contracts/listing'
import { serverJson } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import { publicPageHeaders } from '~/lib/page-cache'
import { HomeHero } from '~/components/home/home-hero'
import { hydrateLater } from '~/components/hydrate-later'
import { useLoginForNext } from '~/lib/use-login-for-next'
import type { Route } from './+types/home'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'

interface OffersPage {
  data: ListingSummary[]
  total: number
}

// The listing sections under the hero (cards: links and hearts) are server-rendered and hydrated when the browser
// is idle (decision 040).
const ListingSection = hydrateLater(() => import('~/components/home/listing-section').then((m) => m.ListingSection))

export async function loader({ context }: Route.LoaderArgs) {
  const [promoted, latest] = await Promise.all([
    serverJson<OffersPage>(context, '/api/offers?promoted=1&limit=8'),
    serverJson<OffersPage>(context, '/api/offers?limit=12'),
  ])
  return {
    // null = the API failed (the section says so); [] = there is honestly nothing to show.
    promoted: promoted?.data ?? null,
    latest: latest?.data ?? null,
    total: latest?.total ?? null,
  }
}

// Shows nobody's data: the personal reload of a page from the shared cache leaves it alone (decision 099).
export const shouldRevalidate = skipWhenPersonalising

export function headers({ parentHeaders }: Route.HeadersArgs): HeadersInit {
  // Fresh listings matter more than a cache hit: shared caches keep it for seconds, a signed-in page never.
  return publicPageHeaders(parentHeaders)
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  {
    name: 'description',
    content: 'Znajdź mieszkanie, dom, działkę lub lokal: tysiące ogłoszeń na sprzedaż i wynajem w całej Polsce.',
  },
]

export default function Home({ loaderData }: Route.ComponentProps) {
  const { promoted, latest, total } = loaderData
  useLoginForNext()
  const hasPromoted = promoted === null || promoted.length > 0
  return (
    <>
      <HomeHero total={total} />
      {hasPromoted && (
        <ListingSection
          id="wyroznione"
          title="Wyróżnione ogłoszenia"
          subtitle="Oferty promowane przez ogłoszeniodawców."
          listings={promoted}
          scrollOnPhones
        />
      )}
      <ListingSection
        id="najnowsze"
        title="Najnowsze ogłoszenia"
        subtitle="Dodane przed chwilą — zobacz je jako pierwszy."
        listings={latest}
        more={{ to: '/szukaj', label: 'Zobacz wszystkie ogłoszenia' }}
      />
    </>
  )
}
