import { Form, useNavigation } from 'react-router'
import { OFFER_TYPES, topCategories } from '@portal/contracts/catalogue'
import { PROFILE_SORTS, type ProfilePage } from '@portal/contracts/people'
import { SORT_LABELS } from '@portal/contracts/plain/search'
import { listingsCount } from '~/lib/people'
import { ListingCard } from '../listing-card'
import { Pagination } from '../search/pagination'
import { fieldBox, fieldLabel, primaryBtn } from '../search/controls'

const input = `${fieldBox} w-full`

/**
 * The advertiser's active listings with the filters of /szukaj that matter on one advertiser's page (offer type,
 * category, price, area, sort). A plain GET form: it works before JavaScript and every state is a shareable URL.
 */
export function ProfileListings({ page, params, basePath }: { page: ProfilePage['offers']; params: URLSearchParams; basePath: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'loading' && navigation.location?.pathname === basePath
  const v = (k: string) => params.get(k) ?? ''
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params)
    if (p > 1) next.set('page', String(p))
    else next.delete('page')
    const s = next.toString()
    return `${basePath}${s ? `?${s}` : ''}#ogloszenia`
  }
  const filtered = ['typ', 'kategoria', 'cena[min]', 'cena[max]', 'metraz[min]', 'metraz[max]'].some((k) => v(k))
  return (
    <section id="ogloszenia" aria-labelledby="listings-heading" className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listings-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">Ogłoszenia</h2>
        <p className="text-sm text-slate-600" aria-live="polite">{filtered ? `Pasujące: ${listingsCount(page.total)}` : listingsCount(page.total)}</p>
      </div>
      <Form method="get" action={basePath} preventScrollReset className="mt-4 grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card md:grid-cols-4 lg:grid-cols-8" aria-label="Filtry ogłoszeń">
        <label className="col-span-1 lg:col-span-1">
          <span className={fieldLabel}>Rodzaj</span>
          <select name="typ" defaultValue={v('typ')} className={input}>
            <option value="">Wszystkie</option>
            {OFFER_TYPES.map((t) => <option key={t.slug} value={t.slug}>{t.label}</option>)}
          </select>
        </label>
        <label className="col-span-1 lg:col-span-1">
          <span className={fieldLabel}>Kategoria</span>
          <select name="kategoria" defaultValue={v('kategoria')} className={input}>
            <option value="">Wszystkie</option>
            {topCategories().map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
          </select>
        </label>
        <label><span className={fieldLabel}>Cena od (zł)</span><input name="cena[min]" inputMode="numeric" pattern="[0-9]*" defaultValue={v('cena[min]')} className={input} /></label>
        <label><span className={fieldLabel}>Cena do (zł)</span><input name="cena[max]" inputMode="numeric" pattern="[0-9]*" defaultValue={v('cena[max]')} className={input} /></label>
        <label><span className={fieldLabel}>Metraż od (m²)</span><input name="metraz[min]" inputMode="numeric" pattern="[0-9]*" defaultValue={v('metraz[min]')} className={input} /></label>
        <label><span className={fieldLabel}>Metraż do (m²)</span><input name="metraz[max]" inputMode="numeric" pattern="[0-9]*" defaultValue={v('metraz[max]')} className={input} /></label>
        <label>
          <span className={fieldLabel}>Sortuj</span>
          <select name="sort" defaultValue={v('sort') || 'newest'} className={input}>
            {PROFILE_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
          </select>
        </label>
        <div className="flex items-end">
          <button type="submit" className={`${primaryBtn} w-full`}>{busy ? 'Szukam…' : 'Filtruj'}</button>
        </div>
      </Form>
      {page.data.length ? (
        <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy={busy || undefined}>
          {page.data.map((l) => <li key={l.id} className="flex"><ListingCard listing={l} /></li>)}
        </ul>
      ) : (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-slate-600 shadow-card">
          {filtered ? 'Brak ogłoszeń spełniających te kryteria.' : 'Ten ogłoszeniodawca nie ma teraz aktywnych ogłoszeń.'}
        </p>
      )}
      <Pagination page={page.page} last={page.last_page} hrefFor={hrefFor} />
    </section>
  )
}
