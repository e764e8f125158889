import { useState } from 'react'
import { useNavigate } from 'react-router'
import { HERO_TYPES } from '~/lib/home-search'
import type { PlaceChoice } from '~/lib/search-places'
import { useAuth } from '~/lib/auth'
import { SearchIcon } from '../icons'
import { CategoryTreeSelect } from './category-tree-select'
import { primaryBtn, SelectField } from './controls'
import { GeolocateButton } from './geolocate-button'
import { PlacesField } from './places-field'

/**
 * The home page's advanced search (spec §2): category tree, offer type (with 'Szukam'), the places field (decision
 * 080) with "use my location", Szukaj. A plain GET form to /szukaj before JavaScript.
 */
export function HomeSearchPanel() {
  const navigate = useNavigate()
  const { user } = useAuth()
  const [typ, setTyp] = useState('sprzedaz')
  const [kategoria, setKategoria] = useState<string[]>([])
  const [text, setText] = useState('')
  const [chips, setChips] = useState<PlaceChoice[]>([])

  // The URL builder (search-form with the search contract and the catalogue) and the recent searches are not on the
  // first paint: they load when the form is first touched and are awaited on submit (decision 040).
  const loadUrl = () => Promise.all([import('~/lib/search-form'), import('~/lib/search-recent')])
  const submit = async () => {
    const [{ choicesToForm, emptyForm, searchUrl }, { addRecentSearch }] = await loadUrl()
    // The chips (decision 080): one town searches around its point, anything more by the places' boundaries; text
    // typed without a pick searches as a phrase.
    const form = { ...emptyForm(), typ, kategoria, ...choicesToForm(chips) }
    if (!chips.length) form.phrase = text
    const url = searchUrl(form)
    if (form.location) addRecentSearch(form.location, url, !!user)
    navigate(url)
  }

  return (
    <form
      action="/szukaj"
      method="get"
      aria-label="Wyszukiwarka ogłoszeń"
      onSubmit={(e) => {
        e.preventDefault()
        const el = e.currentTarget
        // Without the chunk (offline, a new deploy) the form goes as the plain GET form it is before JavaScript.
        submit().catch(() => el.submit())
      }}
      onFocus={() => void loadUrl()}
      onPointerEnter={() => void loadUrl()}
      className="mt-8 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-2 sm:p-6 lg:grid-cols-[1fr_1fr_1.5fr_minmax(8.75rem,auto)] lg:items-end"
    >
      <CategoryTreeSelect value={kategoria} onChange={setKategoria} className="[&_button]:h-12" />
      <SelectField label="Typ oferty" name="typ" value={typ} onChange={setTyp} className="[&_select]:h-12">
        {HERO_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </SelectField>
      <PlacesField
        className="sm:col-span-2 lg:col-span-1"
        placeholder="np. Kraków, Gdańsk, Mokotów"
        name="phrase"
        size="lg"
        history
        text={text}
        onText={setText}
        chips={chips}
        onChips={setChips}
        trailing={
          <GeolocateButton
            onLocated={(l) => void import('~/lib/search-form').then(({ addChoice, choiceOf }) => setChips((c) => addChoice(c, choiceOf(l))))}
          />
        }
      />
      <button type="submit" className={`${primaryBtn} h-12 px-8 text-base sm:col-span-2 lg:col-span-1`}>
        <SearchIcon size={20} />
        Szukaj
      </button>
    </form>
  )
}
