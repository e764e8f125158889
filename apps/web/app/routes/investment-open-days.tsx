import { data, Link, useRevalidator } from 'react-router'
import type { InvestmentViewingSettings } from '@portal/contracts/viewings'
import { InvestmentTabs } from '~/components/investments/dev-tabs'
import { HoursForm } from '~/components/viewings/hours-form'
import { OpenDaysEditor } from '~/components/viewings/open-days-editor'
import { serverApi } from '~/lib/api.server'
import { requireCompany } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/investment-open-days'

// /moje-inwestycje/{id}/dni-otwarte (issue 28 item 1): the investment's visiting hours (decision 078) and open days
// (decision 070). Guard 'company'; another company's: 404.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCompany(context, request)
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/investments/${params.id}/viewing-settings`, { headers: { Accept: 'application/json' } })
  if (res.status === 404 || res.status === 403) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: 503 })
  return data((await res.json()) as InvestmentViewingSettings, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: pageTitle(d ? `${d.investment.title} — oglądanie` : 'Oglądanie') }, { name: 'robots', content: 'noindex' }]

export default function InvestmentOpenDaysPage({ loaderData: d }: Route.ComponentProps) {
  const { revalidate } = useRevalidator()
  return (
    <div className="container-page pb-16 pt-8"><div className="mx-auto flex max-w-[960px] flex-col gap-5">
      <div>
        <p className="text-sm text-slate-600"><Link to="/moje-inwestycje" className="hover:underline">Moje inwestycje</Link> /</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{d.investment.title}</h1>
      </div>
      <InvestmentTabs id={d.investment.id} slug={d.investment.slug} />
      <section aria-labelledby="hours-h" className="flex flex-col gap-3">
        <div>
          <h2 id="hours-h" className="text-xl font-bold text-slate-900">Godziny oglądania</h2>
          <p className="mt-1 text-[15px] text-slate-600">
            {d.enabled ? 'Rezerwacje włączone: kupujący wybierają termin przyciskiem „Umów oglądanie” na stronie inwestycji.' : 'Rezerwacje wyłączone. Ustaw godziny, aby kupujący mogli umówić oglądanie na stronie inwestycji.'}
          </p>
        </div>
        <HoursForm hours={d} endpoint={`/api/investments/${d.investment.id}/viewing-settings`} onSaved={revalidate} />
      </section>
      <OpenDaysEditor base={`/api/investments/${d.investment.id}`} days={d.open_days} onChange={revalidate}
        intro="Kupujący zapisują się na stronie inwestycji; zapis jest od razu potwierdzony. Zapisy znajdziesz w kalendarzu." />
      <p className="text-[15px]"><Link to="/kalendarz" className="font-semibold text-accent-700 hover:underline">Kalendarz wizyt</Link></p>
    </div></div>
  )
}
