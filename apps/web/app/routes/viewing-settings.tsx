import { data, Link, useRevalidator } from 'react-router'
import type { ViewingSettings } from '@portal/contracts/viewings'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import { OpenDaysEditor } from '~/components/viewings/open-days-editor'
import { HoursForm } from '~/components/viewings/hours-form'
import type { Route } from './+types/viewing-settings'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireUser(context, request)
  if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/offers/${params.id}/viewing-settings`, { headers: { Accept: 'application/json' } })
  if (!res.ok) throw data(null, { status: 404 })
  return data((await res.json()) as ViewingSettings, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: s }) => [{ title: pageTitle(s ? `Oglądanie: ${s.listing.title}` : 'Oglądanie') }, { name: 'robots', content: 'noindex' }]

/**
 * /moje-ogloszenia/ogladanie/:id (issue 28): when a listing can be visited — the week's hours, days that differ,
 * the length of a visit, automatic confirmation — and its open days with their places.
 */
export default function ViewingSettingsPage({ loaderData: s }: Route.ComponentProps) {
  const { revalidate } = useRevalidator()
  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[860px] flex-col gap-6">
        <div>
          <Link to="/moje-ogloszenia" className="text-sm font-medium text-accent-700 hover:underline">← Moje ogłoszenia</Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Godziny oglądania</h1>
          <p className="mt-1 text-slate-600"><Link to={`/ogloszenia/${s.listing.slug}`} className="font-medium text-slate-800 hover:underline">{s.listing.title}</Link> · {s.enabled ? 'rezerwacje włączone' : 'rezerwacje wyłączone'} · <Link to={`/kalendarz?ogloszenie=${s.listing.id}`} className="font-medium text-accent-700 hover:underline">Kalendarz wizyt</Link></p>
        </div>
        <HoursForm hours={s} endpoint={`/api/offers/${s.listing.id}/viewing-settings`} onSaved={revalidate} />
        <OpenDaysEditor base={`/api/offers/${s.listing.id}`} days={s.open_days} onChange={revalidate} />
      </div>
    </div>
  )
}
