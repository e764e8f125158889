import { data, type AppLoadContext } from 'react-router'
import type { InvestmentDetail } from '@portal/contracts/investments'
import { serverApi } from './api.server'

/** Loads the company's own investment `id`; another company's (or none) is a 404, as the API answers. */
export async function ownInvestment(context: AppLoadContext | undefined, id: string | undefined): Promise<InvestmentDetail> {
  if (!id || !/^\d{1,9}$/.test(id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/user/investments/${id}`, { headers: { Accept: 'application/json' } })
  if (res.status === 404 || res.status === 403) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: 503 })
  return (await res.json()) as InvestmentDetail
}

