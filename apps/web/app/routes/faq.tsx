import { data, Link } from 'react-router'
import type { FaqResponse } from '@portal/contracts/content'
import { Breadcrumbs } from '~/components/content/content-body'
import { FaqAccordion } from '~/components/content/faq-accordion'
import { serverApi, loadFailed } from '~/lib/api.server'
import { faqJsonLd } from '~/lib/content-seo'
import { jsonLdString } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/faq'

/** /faq: questions grouped in an accordion, with FAQPage structured data. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/faq', { headers: { Accept: 'application/json' } })
  if (!res.ok) loadFailed(res)
  const faq = (await res.json()) as FaqResponse
  return data({ groups: faq.groups }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Najczęściej zadawane pytania (FAQ)') },
  { name: 'description', content: 'Odpowiedzi na pytania o konto, dodawanie i promowanie ogłoszeń, płatności oraz bezpieczeństwo transakcji.' },
]

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      {groups.length > 0 && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(faqJsonLd(groups)) }} />}
      <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: 'FAQ' }]} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Najczęściej zadawane pytania</h1>
      <p className="mt-3 text-lg text-slate-600">Kliknij pytanie, aby zobaczyć odpowiedź. Strzałkami w górę i w dół przejdziesz między pytaniami.</p>
      <div className="mt-8">
        {groups.length ? <FaqAccordion groups={groups} /> : <p className="text-slate-600">Pytania pojawią się tu wkrótce.</p>}
      </div>
      <aside className="mt-12 rounded-2xl bg-accent-50 p-6 ring-1 ring-accent-100">
        <h2 className="text-lg font-bold text-slate-900">Nie znalazłeś odpowiedzi?</h2>
        <p className="mt-1 text-slate-700">Napisz do nas — odpowiadamy w dni robocze, zwykle w ciągu 24 godzin.</p>
        <Link to="/kontakt" className="mt-4 inline-flex h-11 items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
          Przejdź do formularza kontaktowego
        </Link>
      </aside>
    </div>
  )
}
