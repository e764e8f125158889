import { useId, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { searchHref } from '~/lib/nav'
import { SearchIcon } from '../icons'

/**
 * The header's phrase search. A plain GET form to /szukaj, so it works before JavaScript; with it, an empty or
 * blank phrase is ignored and the phrase is trimmed (spec §5).
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [phrase, setPhrase] = useState(() => params.get('phrase') ?? '')
  const id = useId()

  return (
    <form
      role="search"
      action="/szukaj"
      method="get"
      className={`relative ${className}`}
      onSubmit={(e) => {
        e.preventDefault()
        const href = searchHref(phrase)
        if (href) navigate(href)
      }}
    >
      <label htmlFor={id} className="sr-only">
        Szukaj ogłoszeń
      </label>
      <input
        id={id}
        name="phrase"
        type="search"
        value={phrase}
        onChange={(e) => setPhrase(e.target.value)}
        placeholder="wyszukaj słowo lub miejscowość"
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-slate-300 bg-slate-50 pl-4 pr-12 text-[15px] text-slate-900 placeholder:text-slate-500 transition-colors hover:border-slate-400 focus:border-accent-600 focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-0 focus-visible:outline-accent-600"
      />
      <button
        type="submit"
        aria-label="Szukaj"
        className="absolute right-1 top-1 inline-flex size-9 items-center justify-center rounded-full bg-accent-600 text-white transition-colors hover:bg-accent-700"
      >
        <SearchIcon size={18} />
      </button>
    </form>
  )
}
