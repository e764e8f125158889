import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CITIES, topCategories } from '@portal/contracts/catalogue'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { HERO_TYPES, heroSearchHref } from '~/lib/home-search'
import { ChevronDownIcon, PinIcon, SearchIcon } from '../icons'

const POPULAR = CITIES.slice(0, 10)
const fieldLabel = 'mb-1.5 block text-sm font-semibold text-slate-700'
const fieldBox =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-[15px] text-slate-900 transition-colors hover:border-slate-400 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600'

function Select({ id, name, label, value, onChange, children }: {
  id: string
  name: string
  label: string
  value: string
  onChange: (v: string) => void
  children: React.ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="relative">
        <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={`${fieldBox} appearance-none pr-10`}>
          {children}
        </select>
        <ChevronDownIcon size={18} className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  )
}

/** Home hero: the heading, one search form (a plain GET form before JavaScript) and popular cities. */
export function HomeHero({ total }: { total: number | null }) {
  const navigate = useNavigate()
  const id = useId()
  const [typ, setTyp] = useState('sprzedaz')
  const [kategoria, setKategoria] = useState('')
  const [phrase, setPhrase] = useState('')
  const categories = topCategories().filter((c) => c.slug !== 'uslugi')

  return (
    <section className="relative overflow-hidden border-b border-slate-100 bg-gradient-to-b from-accent-50 via-white to-white">
      <svg
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 bottom-0 hidden h-[260px] w-[720px] text-accent-200/80 xl:block"
        viewBox="0 0 720 260"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M0 259h720M40 259V150h70v109M110 259V90h60v169M185 259V170l45-40 45 40v89M290 259V60h80v199M385 259V130h55v129M455 259V180l40-34 40 34v79M550 259V100h70v159M635 259V160h60v99" />
        <path d="M305 80h16M337 80h16M305 110h16M337 110h16M305 140h16M337 140h16M125 110h12M145 110h12M125 140h12M145 140h12M565 120h14M590 120h14M565 150h14M590 150h14" />
      </svg>
      <div className="container-page relative py-10 sm:py-16 lg:py-20">
        <h1 className="max-w-2xl text-[32px] font-extrabold leading-[1.1] tracking-tight text-slate-900 sm:text-5xl">
          Znajdź Twoje miejsce...
        </h1>
        <p className="mt-3 max-w-xl text-lg text-slate-600">
          {total ? `${countLabel(total, LISTING_FORMS)} mieszkań, domów, działek i lokali` : 'Mieszkania, domy, działki i lokale'} od
          właścicieli, agencji i deweloperów w całej Polsce.
        </p>

        <form
          action="/szukaj"
          method="get"
          aria-label="Wyszukiwarka ogłoszeń"
          onSubmit={(e) => {
            e.preventDefault()
            navigate(heroSearchHref({ typ, kategoria, phrase }))
          }}
          className="mt-8 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-2 sm:p-6 lg:grid-cols-[1.6fr_1fr_1fr_auto] lg:items-end"
        >
          <div className="sm:col-span-2 lg:col-span-1">
            <label htmlFor={`${id}-phrase`} className={fieldLabel}>
              Lokalizacja lub słowo
            </label>
            <div className="relative">
              <PinIcon size={18} className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-slate-400" />
              <input
                id={`${id}-phrase`}
                name="phrase"
                type="search"
                value={phrase}
                onChange={(e) => setPhrase(e.target.value)}
                placeholder="np. Kraków, Podgórze, balkon"
                autoComplete="off"
                className={`${fieldBox} pl-10`}
              />
            </div>
          </div>
          <Select id={`${id}-typ`} name="typ" label="Typ oferty" value={typ} onChange={setTyp}>
            {HERO_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
          <Select id={`${id}-kategoria`} name="kategoria" label="Kategoria" value={kategoria} onChange={setKategoria}>
            <option value="">Wszystkie kategorie</option>
            {categories.map((c) => (
              <option key={c.id} value={c.urlSlug}>
                {c.name}
              </option>
            ))}
          </Select>
          <button
            type="submit"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-accent-600 px-8 text-base font-semibold text-white shadow-sm transition-colors hover:bg-accent-700 active:bg-accent-800 sm:col-span-2 lg:col-span-1"
          >
            <SearchIcon size={20} />
            Szukaj
          </button>
        </form>

        <nav aria-labelledby={`${id}-cities`} className="mt-6">
          <h2 id={`${id}-cities`} className="mb-2 text-sm font-semibold text-slate-700">
            Popularne miasta
          </h2>
          <ul className="flex flex-wrap gap-2">
            {POPULAR.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/szukaj?phrase=${encodeURIComponent(c.name)}`}
                  className="inline-flex h-9 items-center rounded-full border border-slate-200 bg-white px-3.5 text-sm text-slate-700 transition-colors hover:border-accent-200 hover:bg-accent-50 hover:text-accent-700"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  )
}
