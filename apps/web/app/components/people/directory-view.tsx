import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { DIRECTORY_LABELS, type DirectoryResponse, type DirectoryType } from '@portal/contracts/people'
import { directoryPath, listingsCount, typeLabel } from '~/lib/people'
import { PinIcon } from '../icons'
import { LocationAutocomplete } from '../search/location-autocomplete'
import { Pagination } from '../search/pagination'
import { fieldBox, fieldLabel, primaryBtn } from '../search/controls'
import { PersonAvatar } from './person-avatar'

const TABS: DirectoryType[] = ['agencies', 'developers', 'agents']
const TAB_LABEL: Record<DirectoryType, string> = { agencies: 'Agencje', developers: 'Deweloperzy', agents: 'Agenci', hotels: 'Hotele' }

/** A directory page: tabs, search by name and city (the location autocomplete), sort, cards, paging. */
export function DirectoryView({ type, q, city, sort, list }: { type: DirectoryType; q: string; city: string; sort: string; list: DirectoryResponse }) {
  const labels = DIRECTORY_LABELS[type]
  const [cityText, setCityText] = useState(city)
  const navigation = useNavigation()
  const busy = navigation.state === 'loading'
  const base = directoryPath(type)
  const action = base.split('?')[0]!
  const hrefFor = (p: number) => {
    const s = new URLSearchParams(base.includes('?') ? base.split('?')[1] : '')
    if (q) s.set('q', q)
    if (city) s.set('city', city)
    if (sort !== 'listings') s.set('sort', sort)
    if (p > 1) s.set('page', String(p))
    const str = s.toString()
    return `${action}${str ? `?${str}` : ''}`
  }
  return (
    <div className="bg-slate-50 pb-16">
      <div className="container-page pt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{labels.heading}</h1>
          {type === 'developers' && <Link to="/inwestycje" className="text-[15px] font-semibold text-accent-700 hover:underline">Inwestycje deweloperów — rynek pierwotny →</Link>}
        </div>
        <nav aria-label="Katalogi" className="mt-4">
          <ul className="flex gap-2 overflow-x-auto">
            {TABS.map((t) => (
              <li key={t}>
                <Link to={directoryPath(t)} aria-current={t === type ? 'page' : undefined}
                  className={`inline-flex h-11 items-center rounded-full px-5 text-[15px] font-semibold ${t === type ? 'bg-accent-600 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}>
                  {TAB_LABEL[t]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" action={action} role="search" aria-label={`Szukaj: ${labels.title.toLowerCase()}`}
          className="mt-5 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[1fr_1fr_220px_auto]">
          {type !== 'agencies' && type !== 'developers' && <input type="hidden" name="type" value={type} />}
          <label>
            <span className={fieldLabel}>{labels.search}</span>
            <input name="q" defaultValue={q} maxLength={100} className={fieldBox} placeholder="np. Kowalski" />
          </label>
          <div>
            <LocationAutocomplete label="Miejscowość" text={cityText} onText={setCityText} onPick={(l) => setCityText(l.display_name)} />
            <input type="hidden" name="city" value={cityText} />
          </div>
          <label>
            <span className={fieldLabel}>Sortuj</span>
            <select name="sort" defaultValue={sort} className={fieldBox}>
              <option value="listings">Liczba ogłoszeń</option>
              <option value="name">Nazwa (A–Z)</option>
            </select>
          </label>
          <div className="flex items-end">
            <button type="submit" className={`${primaryBtn} w-full`}>{busy ? 'Szukam…' : 'Szukaj'}</button>
          </div>
        </Form>
        <p className="mt-5 text-sm text-slate-600" aria-live="polite">
          Znaleziono {countLabel(list.total, ['wynik', 'wyniki', 'wyników'])}
        </p>
        {list.data.length ? (
          <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={busy || undefined}>
            {list.data.map((e) => (
              <li key={e.id}>
                <article className="relative flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-accent-600">
                  <PersonAvatar name={e.name} avatar={e.avatar} size={72} rounded={e.type === 'agent' ? 'full' : 'xl'} />
                  <div className="min-w-0">
                    <h2 className="text-base font-bold leading-snug text-slate-900">
                      <Link to={e.profile_url} className="outline-none after:absolute after:inset-0 after:content-['']">{e.name}</Link>
                    </h2>
                    <p className="text-sm text-slate-600">{e.agency ? e.agency.name : typeLabel(e.type)}</p>
                    {e.city && <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-700"><PinIcon size={14} className="text-slate-500" />{e.city}</p>}
                    <p className="mt-1 text-sm font-semibold text-accent-700">{listingsCount(e.offers_count)}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-2xl bg-white p-8 text-center text-slate-600 shadow-card">{labels.empty}</p>
        )}
        <Pagination page={list.page} last={list.last_page} hrefFor={hrefFor} />
      </div>
    </div>
  )
}
