import type { SearchPlace } from '~/lib/search-location'
import { CloseIcon } from '../icons'

/** The places searched together (`lokalizacje`, decision 069) under the location field, each removable. */
export function PlaceChips({ places, onRemove }: { places: SearchPlace[]; onRemove: (rest: SearchPlace[]) => void }) {
  if (!places.length) return null
  return (
    <ul aria-label="Wybrane lokalizacje" className="col-span-full flex flex-wrap gap-1.5">
      {places.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            aria-label={`Usuń lokalizację: ${p.label}`}
            onClick={() => onRemove(places.filter((x) => x !== p))}
            className="inline-flex h-8 items-center gap-1 rounded-full bg-accent-50 pl-3 pr-2 text-sm font-medium text-accent-800 ring-1 ring-accent-200 hover:ring-accent-600"
          >
            {p.label}
            <CloseIcon size={12} />
          </button>
        </li>
      ))}
    </ul>
  )
}
