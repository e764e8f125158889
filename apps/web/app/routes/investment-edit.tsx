import { data } from 'react-router'
import { InvestmentTabs } from '~/components/investments/dev-tabs'
import { InvestmentForm } from '~/components/investments/investment-form'
import { InvestmentPhotos } from '~/components/investments/investment-photos'
import { ownInvestment } from '~/lib/investments.server'
import { requireCompany } from '~/lib/auth.server'
import { emptyInvestment, investmentValues } from '~/lib/investments'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/investment-edit'

// /moje-inwestycje/nowa and /moje-inwestycje/{id}: the investment's data (issue 27). Guard 'company'.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCompany(context, request)
  const inv = params.id ? await ownInvestment(context, params.id) : null
  return data({ inv, tileUrl: mapTileUrl() }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(d?.inv ? `${d.inv.name} — dane inwestycji` : 'Nowa inwestycja') }, { name: 'robots', content: 'noindex' },
]

export default function InvestmentEdit({ loaderData }: Route.ComponentProps) {
  const { inv, tileUrl } = loaderData
  return (
    <div className="container-page pb-16 pt-8"><div className="mx-auto flex max-w-[960px] flex-col gap-5">
      <div>
        <p className="text-sm text-slate-600"><a href="/moje-inwestycje" className="hover:underline">Moje inwestycje</a> /</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{inv ? inv.name : 'Nowa inwestycja'}</h1>
      </div>
      {inv && <InvestmentTabs id={inv.id} slug={inv.slug} />}
      <InvestmentForm key={inv?.id ?? 'new'} initial={inv ? investmentValues(inv) : emptyInvestment()} id={inv?.id ?? null} tileUrl={tileUrl} />
      {/* Saved as each is added, moved or removed, apart from the form's data. */}
      {inv && <InvestmentPhotos key={inv.id} id={inv.id} initial={inv.photos} />}
    </div></div>
  )
}
