import { useState } from 'react'
import { data, Form, Link, NavLink, useRevalidator, useSearchParams } from 'react-router'
import type { OfferStatus, UserOffer } from '@portal/contracts/offer'
import type { AgentsResponse } from '@portal/contracts/people'
import { ConfirmDialog } from '~/components/my-offers/confirm-dialog'
import { MyOfferRow } from '~/components/my-offers/my-offer-row'
import { Pagination } from '~/components/search/pagination'
import { SearchIcon } from '~/components/icons'
import { api } from '~/lib/api'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { hasRole } from '~/lib/user'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import type { Route } from './+types/my-offers'
import { useCurrentInView } from '~/lib/scroll-current'

/** Tabs in the order of the brief; labels for "my listings" (the contracts' labels serve filters). */
export const MY_TABS: { status: OfferStatus; label: string }[] = [
  { status: 'active', label: 'Aktywne' },
  { status: 'draft', label: 'Szkice' },
  { status: 'awaiting_payment', label: 'Oczekujące na płatność' },
  { status: 'pending', label: 'Oczekujące na akceptację' },
  { status: 'expired', label: 'Wygasłe' },
  { status: 'ended', label: 'Zakończone' },
  { status: 'rejected', label: 'Odrzucone' },
]

interface Page { data: UserOffer[]; total: number; page: number; per_page: number; last_page: number; counts: Record<OfferStatus, number> }

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const url = new URL(request.url)
  const status = (MY_TABS.find((t) => t.status === url.searchParams.get('status'))?.status ?? 'active') as OfferStatus
  const keyword = url.searchParams.get('keyword')?.trim().slice(0, 100) ?? ''
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
  const q = new URLSearchParams({ status, page: String(page), per_page: '10' })
  if (keyword) q.set('keyword', keyword)
  const agentId = /^\d{1,9}$/.test(url.searchParams.get('agent_id') ?? '') ? url.searchParams.get('agent_id')! : ''
  if (agentId) q.set('agent_id', agentId)
  // A company filters its listings by agent (issue 10).
  const agentsRes = hasRole(user, 'company', 'admin')
    ? await serverApi(context, '/api/user/agents', { headers: { Accept: 'application/json' } }) : null
  const agents = agentsRes?.ok ? ((await agentsRes.json()) as AgentsResponse).data.map((a) => ({ id: a.id, name: a.name })) : []
  const res = await serverApi(context, `/api/user/offers?${q}`, { headers: { Accept: 'application/json' } })
  const body = res.ok ? ((await res.json()) as Page) : null
  return data({ status, keyword, agentId, agents, result: body }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Moje ogłoszenia') }, { name: 'robots', content: 'noindex' }]

/** /moje-ogloszenia and /account/MyOffers. */
export default function MyOffers({ loaderData }: Route.ComponentProps) {
  const { status, keyword, agentId, agents, result } = loaderData
  const [params] = useSearchParams()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [confirm, setConfirm] = useState<null | { kind: 'end' | 'delete'; offer: UserOffer }>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const tabRow = useCurrentInView<HTMLUListElement>(status)

  const href = (patch: Record<string, string | null>) => {
    const p = new URLSearchParams(params)
    for (const [k, v] of Object.entries(patch)) v === null ? p.delete(k) : p.set(k, v)
    const s = p.toString()
    return s ? `?${s}` : '?'
  }

  async function run(o: UserOffer, what: 'end' | 'renew' | 'delete') {
    setBusy(o.id)
    setConfirm(null)
    try {
      if (what === 'delete') await api.delete(`/api/offers/${o.id}`, { silent: true })
      else await api.post(`/api/offers/${o.id}/${what}`, undefined, { silent: true })
      toast.success(what === 'end' ? 'Ogłoszenie zostało zakończone.' : what === 'renew' ? 'Ogłoszenie jest aktywne przez kolejne 30 dni.' : 'Szkic został usunięty.')
      await revalidator.revalidate()
    } catch (err) {
      toast.error((err as Error).message && (err as { status?: number }).status === 409 ? (err as Error).message : 'Nie udało się. Spróbuj ponownie.')
    } finally {
      setBusy(null)
    }
  }

  /** 'Podbij' / 'Odśwież': free while the package has some left, otherwise off to pay for one. */
  async function promote(o: UserOffer, what: 'raise' | 'refresh') {
    setBusy(o.id)
    try {
      const r = await api.post<{ done: boolean; redirect_url: string | null; message: string }>(`/api/offers/${o.id}/${what}`, undefined, { silent: true })
      if (r.redirect_url) {
        window.location.assign(r.redirect_url)
        return
      }
      toast.success(r.message)
      await revalidator.revalidate()
    } catch (err) {
      toast.error((err as { status?: number }).status === 409 || (err as { status?: number }).status === 502 ? (err as Error).message : 'Nie udało się. Spróbuj ponownie.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[960px]">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Moje ogłoszenia</h1>
          <Link to="/dodaj-ogloszenie" className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">Dodaj ogłoszenie</Link>
        </div>
        <nav aria-label="Status ogłoszeń" className="mt-5 border-b border-slate-200">
          <ul ref={tabRow} className="-mb-px flex gap-1 overflow-x-auto [scrollbar-width:none]">
            {MY_TABS.map((t) => {
              const n = result?.counts?.[t.status] ?? 0
              return (
                <li key={t.status} className="shrink-0">
                  <NavLink to={href({ status: t.status === 'active' ? null : t.status, page: null })} aria-current={t.status === status ? 'page' : undefined}
                    className={`flex min-h-12 items-center gap-2 border-b-2 px-3 text-[15px] font-medium ${t.status === status ? 'border-accent-600 text-accent-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}>
                    {t.label}
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${t.status === status ? 'bg-accent-100 text-accent-800' : 'bg-slate-100 text-slate-600'}`}>{n}</span>
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </nav>
        <Form method="get" role="search" className="mt-5 flex gap-2">
          {status !== 'active' && <input type="hidden" name="status" value={status} />}
          <label htmlFor="my-keyword" className="sr-only">Szukaj w moich ogłoszeniach</label>
          <input id="my-keyword" name="keyword" type="search" defaultValue={keyword} placeholder="Szukaj po tytule lub numerze"
            className="h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3.5 text-base outline-none focus:border-accent-600 focus:ring-2 focus:ring-accent-200" />
          {agents.length > 0 && (
            <>
              <label htmlFor="my-agent" className="sr-only">Agent</label>
              <select id="my-agent" name="agent_id" defaultValue={agentId} onChange={(e) => e.currentTarget.form?.requestSubmit()}
                className="h-12 max-w-[40%] rounded-xl border border-slate-300 bg-white px-3 text-base outline-none focus:border-accent-600 focus:ring-2 focus:ring-accent-200">
                <option value="">Wszyscy agenci</option>
                {agents.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
              </select>
            </>
          )}
          <button type="submit" className="inline-flex h-12 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50">
            <SearchIcon size={18} /> <span className="max-sm:sr-only">Szukaj</span>
          </button>
        </Form>
        {!result ? (
          <p role="alert" className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać ogłoszeń. Odśwież stronę za chwilę.</p>
        ) : result.data.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-semibold text-slate-800">{keyword ? `Brak ogłoszeń pasujących do „${keyword}”.` : 'Nie masz tu jeszcze ogłoszeń.'}</p>
            <Link to="/dodaj-ogloszenie" className="mt-3 inline-block font-semibold text-accent-700 hover:underline">Dodaj ogłoszenie</Link>
          </div>
        ) : (
          <ul className="mt-6 flex flex-col gap-4">
            {result.data.map((o) => (
              <MyOfferRow key={o.id} offer={o} busy={busy === o.id}
                onEnd={() => setConfirm({ kind: 'end', offer: o })} onDelete={() => setConfirm({ kind: 'delete', offer: o })} onRenew={() => run(o, 'renew')}
                onRaise={() => promote(o, 'raise')} onRefresh={() => promote(o, 'refresh')} />
            ))}
          </ul>
        )}
        {result && <Pagination page={result.page} last={result.last_page} hrefFor={(p) => href({ page: p > 1 ? String(p) : null })} />}
      </div>
      <ConfirmDialog isOpen={!!confirm} danger title={confirm?.kind === 'delete' ? 'Usunąć szkic?' : 'Zakończyć ogłoszenie?'}
        confirmLabel={confirm?.kind === 'delete' ? 'Usuń' : 'Zakończ'}
        onCancel={() => setConfirm(null)} onConfirm={() => confirm && run(confirm.offer, confirm.kind)}>
        {confirm?.kind === 'delete'
          ? <>Szkic „{confirm.offer.title}” zostanie usunięty razem ze zdjęciami.</>
          : <>„{confirm?.offer.title}” zniknie z wyszukiwarki, a jego strona będzie informować, że jest nieaktualne. Możesz je później odnowić.</>}
      </ConfirmDialog>
    </div>
  )
}
