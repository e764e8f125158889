import { data, Link, useRevalidator } from 'react-router'
import type { InvestmentOpenDays } from '@portal/contracts/viewings'
import { InvestmentTabs } from '~/components/investments/dev-tabs'
import { OpenDaysEditor } from '~/components/viewings/open-days-editor'
import { serverApi } from '~/lib/api.server'
import { requireCompany } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/investment-open-days'

// /moje-inwestycje/{id}/dni-otwarte (issue 28 item 1): the investment's open days. Guard 'company'; another company's: 404.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCompany(context, request)
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/investments/${params.id}/open-days`, { headers: { Accept: 'application/json' } })
  if (res.status === 404 || res.status === 403) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: 503 })
  return data((await res.json()) as InvestmentOpenDays, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: pageTitle(d ? `${d.investment.title} — dni otwarte` : 'Dni otwarte') }, { name: 'robots', content: 'noindex' }]

export default function InvestmentOpenDaysPage({ loaderData: d }: Route.ComponentProps) {
  const { revalidate } = useRevalidator()
  return (
    <div className="container-page pb-16 pt-8"><div className="mx-auto flex max-w-[960px] flex-col gap-5">
      <div>
        <p className="text-sm text-slate-600"><Link to="/moje-inwestycje" className="hover:underline">Moje inwestycje</Link> /</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{d.investment.title}</h1>
      </div>
      <InvestmentTabs id={d.investment.id} slug={d.investment.slug} />
      <OpenDaysEditor base={`/api/investments/${d.investment.id}`} days={d.open_days} onChange={revalidate}
        intro="Kupujący zapisują się na stronie inwestycji; zapis jest od razu potwierdzony. Zapisy znajdziesz w kalendarzu." />
      <p className="text-[15px]"><Link to="/kalendarz" className="font-semibold text-accent-700 hover:underline">Kalendarz wizyt</Link></p>
    </div></div>
  )
}
