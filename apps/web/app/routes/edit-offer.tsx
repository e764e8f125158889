import { data } from 'react-router'
import type { EditOffer, PublicOffer } from '@portal/contracts/offer'
import { OfferForm } from '~/components/offer-form/offer-form'
import { serverApi, loadFailed } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { fromEdit } from '~/lib/offer-form'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/edit-offer'

/**
 * /moje-ogloszenia/edytuj-ogloszenie/{slug} and /account/EditOffer?slug= (or ?id=): the add form prefilled from
 * GET /api/offers/:id/edit. The slug is resolved through the public call, which answers the owner for any status.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  const url = new URL(request.url)
  const key = params.slug ?? url.searchParams.get('slug') ?? url.searchParams.get('id')
  if (!key) throw data(null, { status: 404 })
  let id = /^\d{1,15}$/.test(key) ? Number(key) : null
  let history: PublicOffer['price_history'] = []
  const pub = await serverApi(context, `/api/offers/${encodeURIComponent(key)}`, { headers: { Accept: 'application/json' } })
  if (pub.ok) {
    const p = (await pub.json()) as PublicOffer
    id = p.id
    history = p.price_history
  }
  if (!id) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/offers/${id}/edit`, { headers: { Accept: 'application/json' } })
  if (res.status === 403 || res.status === 404) throw data(null, { status: 404 })
  if (!res.ok) loadFailed(res)
  return data({ offer: (await res.json()) as EditOffer, history, tileUrl: mapTileUrl() }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Edytuj ogłoszenie') }, { name: 'robots', content: 'noindex' }]

export function shouldRevalidate() {
  return false
}

export default function EditOfferRoute({ loaderData }: Route.ComponentProps) {
  const { offer, history } = loaderData
  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[880px]">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Edytuj ogłoszenie</h1>
        <p className="mt-1 truncate text-[15px] text-slate-600">{offer.title}</p>
        <div className="mt-6">
          <OfferForm key={offer.id} initial={fromEdit(offer, history)} mode="edit" guest={false} tileUrl={loaderData.tileUrl} />
        </div>
      </div>
    </div>
  )
}
